import { fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { CoverageRecorder, describePath, expectFullCoverage, generatePaths, generateTransitionCover, replayPath } from '../../../test/model-based/harness';
import { confirmationMachine } from './confirmation.machine';
import { selectLinkPending } from './confirmation.selectors';
import type { ConfirmationEvent, ConfirmationInput } from './confirmation.types';

/**
 * Model-based tests of the confirmation page's machine: every path from each kind of visit (after
 * payment, from the mail's link, with a malformed link, after a change, without an order), replayed on a
 * real actor; what it asked of the address and of tracking is checked against the spec's rules.
 */

const ORDER = 'ORDER-1';
const OTHER = 'ORDER-2';

let effects: { address: (string | null)[]; conversions: string[] } = { address: [], conversions: [] };
const machine = confirmationMachine.provide({
  actors: {
    // The test sends the answers as events.
    exchangeLink: fromPromise<string, { token: string }>(() => new Promise<string>(() => undefined)),
    watchOrder: fromCallback<ConfirmationEvent, { orderId: string }>(() => undefined),
  },
  actions: {
    showOrderInAddress: (_, { orderId }) => void effects.address.push(orderId),
    trackConversion: (_, { orderId }) => void effects.conversions.push(orderId),
  },
});

type PathEvent = ConfirmationEvent | { type: 'xstate.done.actor.exchangeLink'; output: string } | { type: 'xstate.error.actor.exchangeLink'; error: unknown };
const events = [
  { type: 'order.loaded', orderId: ORDER },
  { type: 'xstate.done.actor.exchangeLink', output: ORDER },
  { type: 'xstate.done.actor.exchangeLink', output: OTHER },
  { type: 'xstate.error.actor.exchangeLink', error: new Error('expired') },
] as PathEvent[] as ConfirmationEvent[];

const visit = (overrides: Partial<ConfirmationInput>): ConfirmationInput => ({ orderId: ORDER, linkToken: null, tokenInAddress: false, afterChange: false, ...overrides });
const visits: [string, ConfirmationInput][] = [
  ['after payment', visit({})],
  ['from the mail', visit({ linkToken: 'link.sig', tokenInAddress: true })],
  ['from the mail without an order id', visit({ orderId: null, linkToken: 'link.sig', tokenInAddress: true })],
  ['with a malformed link', visit({ tokenInAddress: true })],
  ['after a change', visit({ afterChange: true })],
  ['without an order', visit({ orderId: null })],
];

/** What must have happened, from the spec's rules, independently of the machine's guards. */
function oracle(input: ConfirmationInput, steps: readonly { event: { type: string } }[]) {
  const address: (string | null)[] = input.tokenInAddress || input.linkToken ? [input.orderId] : [];
  const conversions: string[] = [];
  let exchanged = false;
  for (const { event } of steps) {
    const e = event as PathEvent;
    if (input.linkToken && !exchanged && (e.type === 'xstate.done.actor.exchangeLink' || e.type === 'xstate.error.actor.exchangeLink')) {
      exchanged = true;
      if (e.type === 'xstate.done.actor.exchangeLink' && e.output !== input.orderId) address.push(e.output);
    }
    // Only an order that loaded, once, and not from the mail nor after a change.
    if (e.type === 'order.loaded' && input.orderId && !input.linkToken && !input.afterChange && conversions.length === 0) conversions.push(e.orderId);
  }
  return { address, conversions, pending: input.linkToken !== null && !exchanged };
}

const recorder = new CoverageRecorder(machine);

describe.each(visits)('confirmation machine, model-based: a visit %s', (_, input) => {
  // Shortest paths, then the transition cover (empty for a visit that settles at once).
  const paths = [...generatePaths(machine, { input, events }), ...generateTransitionCover(machine, { input, events })];
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
    effects = { address: [], conversions: [] };
    const final = replayPath(machine, path, input, recorder);
    const expected = oracle(input, path.steps);
    expect({ ...effects, pending: selectLinkPending(final) }).toEqual(expected);
  });
});

describe('confirmation machine coverage', () => {
  it('covers every state and transition of the machine', () => {
    // The first state is passed through while the actor is created, before any snapshot is inspected:
    // its transitions, taken, show that it was entered.
    if ([...recorder.takenTransitions].some((id) => id.startsWith('confirmation.opening always'))) recorder.reachedStates.add('confirmation.opening');
    expectFullCoverage(recorder, 'confirmation');
  });
});
