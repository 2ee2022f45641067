import type { RefObject } from 'react';
import { createActorContext } from '@xstate/react';
import { checkinMachine } from '../../machines/checkin/checkin.machine';

/** The check-in actor starts with the check-in page's provider, never at module scope. */
export const CheckinActorContext = createActorContext(checkinMachine);

/** The heading of the step shown: the page moves the focus there when the step changes. */
export type HeadingRef = RefObject<HTMLHeadingElement | null>;
