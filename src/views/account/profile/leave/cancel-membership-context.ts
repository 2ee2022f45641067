import { createActorContext } from '@xstate/react';
import { cancelMembershipMachine } from '../../../../machines/cancel-membership/cancel-membership.machine';

/** The leaving actor starts with the profile page's section, never at module scope. */
export const CancelMembershipActorContext = createActorContext(cancelMembershipMachine);
