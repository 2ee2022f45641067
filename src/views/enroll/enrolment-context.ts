import { createActorContext } from '@xstate/react';
import { enrolmentMachine } from '../../machines/enrolment/enrolment.machine';

/** The enrolment actor starts with the enrolment page's provider, never at module scope. */
export const EnrolmentActorContext = createActorContext(enrolmentMachine);
