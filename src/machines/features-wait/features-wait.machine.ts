import { setup } from 'xstate';

export interface FeaturesWaitInput {
  /** How long content waits for the feature flags before it shows with the defaults. */
  timeoutMs: number;
}

/**
 * The time content waits for the feature flags: it shows once the flags are there (the
 * view reads that from the flags) or once this wait is over, with the defaults, rather than never. The
 * wait is an `after` transition, so tests run it on a fake clock; it starts with the actor, in the browser.
 */
export const featuresWaitMachine = setup({
  types: {
    context: {} as FeaturesWaitInput,
    input: {} as FeaturesWaitInput,
  },
  delays: {
    timeout: ({ context }) => context.timeoutMs,
  },
}).createMachine({
  id: 'featuresWait',
  description: 'How long content may wait for the feature flags.',
  context: ({ input }) => ({ timeoutMs: input.timeoutMs }),
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The content may still wait for the flags.',
      after: { timeout: 'overdue' },
    },
    overdue: {
      description: 'The wait is over: the content shows with whatever flags there are.',
      type: 'final',
    },
  },
});

/** Whether the content has waited long enough. */
export const selectWaitOver = (snapshot: { status: string }): boolean => snapshot.status === 'done';
