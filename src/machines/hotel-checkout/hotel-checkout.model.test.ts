import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { HotelCheckout, HotelCheckoutSession, HotelPayResult } from '../../contract/hotel-checkout';
import { HttpError } from '../../services/bff/client';
import { HotelCheckoutError } from '../../services/hotel-checkout/hotel-checkout-api';
import { CHANGED, CHECKED_OUT, CHECKOUT_ID, checkout, DECLINED, MINIBAR, MOVED, PAYING, session, SETTLED } from './hotel-checkout.fixtures';
import { hotelCheckoutMachine } from './hotel-checkout.machine';
import { HOTEL_CHECKOUT_TIMINGS, reviewAddresses } from './hotel-checkout.rules';
import { selectIsBusy, selectPaymentPhase, selectStep } from './hotel-checkout.selectors';
import type { HotelCheckoutActorTypes as Actors, HotelCheckoutEvent, HotelCheckoutInput, HotelCheckoutStart } from './hotel-checkout.types';

/*
 * The hotel checkout, walked with the harness from every way in: the room card's link, a member's
 * booking, the lookup, the checkout page (a reload) and the checkout page back from the provider. The
 * BFF's answers are fed as events: checkouts open, paying, settled, declined, checked out; 409s
 * (folio_changed with the fresh folio, not in house, checked out, not settled, session not open, nothing to
 * pay), 422 business address missing, 400, 404, 429, 503 hotel system unavailable, and no answer at all.
 * The guest's events: the lookup typed, a charge moved, the addresses typed (right, wrong, half), a method,
 * a card, pay, back, retry. Each path is replayed on a real actor (a simulated clock for the provider's
 * pending answer) whose calls record what they were asked, and checked: a payment goes out only with a
 * method and a card, always with a new Idempotency-Key except a retry after no answer, which repeats it; a
 * move names the folio version shown; the new charges of a changed folio are marked; nothing is paid before
 * the addresses the folios need are valid.
 */

const never = <T,>() => new Promise<T>(() => undefined);
const recorded = {
  creates: [] as Actors['createCheckout']['input'][],
  loads: 0,
  moves: [] as Actors['moveCharge']['input'][],
  saves: [] as Actors['saveAddresses']['input'][],
  sessions: [] as Actors['openSession']['input'][],
  methods: [] as Actors['setMethod']['input'][],
  pays: [] as Actors['pay']['input'][],
  checkouts: 0,
  effects: [] as string[],
};
const reset = () => Object.assign(recorded, { creates: [], loads: 0, moves: [], saves: [], sessions: [], methods: [], pays: [], checkouts: 0, effects: [] });

const machine = hotelCheckoutMachine.provide({
  actors: {
    createCheckout: fromPromise<HotelCheckout, Actors['createCheckout']['input']>(({ input }) => (recorded.creates.push(input), never())),
    loadCheckout: fromPromise<HotelCheckout, Actors['loadCheckout']['input']>(() => (recorded.loads++, never())),
    moveCharge: fromPromise<HotelCheckout, Actors['moveCharge']['input']>(({ input }) => (recorded.moves.push(input), never())),
    saveAddresses: fromPromise<HotelCheckout, Actors['saveAddresses']['input']>(({ input }) => (recorded.saves.push(input), never())),
    openSession: fromPromise<HotelCheckoutSession, Actors['openSession']['input']>(({ input }) => (recorded.sessions.push(input), never())),
    setMethod: fromPromise<HotelCheckoutSession, Actors['setMethod']['input']>(({ input }) => (recorded.methods.push(input), never())),
    pay: fromPromise<HotelPayResult, Actors['pay']['input']>(({ input }) => (recorded.pays.push(input), never())),
    performCheckout: fromPromise<HotelCheckout, Actors['performCheckout']['input']>(() => (recorded.checkouts++, never())),
  },
  actions: {
    openCheckout: () => void recorded.effects.push('openCheckout'),
    goToProvider: () => void recorded.effects.push('goToProvider'),
    pointsCredited: () => void recorded.effects.push('pointsCredited'),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

let keys = 0;
const STARTS = {
  'the room card’s link': { kind: 'link', token: 'link-token' },
  'a member’s booking': { kind: 'member', reservationNumber: 'HR1234567' },
  'the lookup': { kind: 'lookup' },
  'the checkout page': { kind: 'resume', checkoutId: CHECKOUT_ID, returning: false },
  'the checkout page back from the provider': { kind: 'resume', checkoutId: CHECKOUT_ID, returning: true },
} satisfies Record<string, HotelCheckoutStart>;
type Start = keyof typeof STARTS;
const inputOf = (start: Start): HotelCheckoutInput => ({
  locale: 'en',
  start: STARTS[start],
  page: STARTS[start].kind === 'link' || STARTS[start].kind === 'member' ? 'redirect' : 'folio',
  newKey: () => `key-${++keys}`,
});

const conflict = (status: number, code: string, fresh: HotelCheckout | null = null) => new HotelCheckoutError(status, code, [], fresh);
const ERRORS = {
  notFound: new HotelCheckoutError(404, 'not_found'),
  invalid: new HotelCheckoutError(400, 'bad_request', ['postal_code']),
  limited: new HotelCheckoutError(429, 'conflict'),
  notInHouse: conflict(409, 'stay_not_in_house'),
  checkedOut: conflict(409, 'already_checked_out'),
  folioChanged: conflict(409, 'folio_changed', CHANGED),
  notSettled: conflict(409, 'folio_not_settled', CHANGED),
  addressMissing: conflict(422, 'business_address_missing'),
  sessionNotOpen: conflict(409, 'session_not_open'),
  nothingToPay: conflict(409, 'nothing_to_pay'),
  closed: conflict(409, 'checkout_closed'),
  hotelDown: conflict(503, 'hotel_system_unavailable'),
  noAnswer: new TypeError('Failed to fetch'),
  serverError: new HttpError(500),
} as const;
type ErrorName = keyof typeof ERRORS;

const nameIn = (record: Record<string, unknown>, value: unknown) => Object.keys(record).find((key) => record[key] === value) ?? String(value);
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as HotelCheckoutEvent;
const failed = (id: string, name: ErrorName) => ({ type: `xstate.error.actor.${id}`, error: ERRORS[name] }) as unknown as HotelCheckoutEvent;
const RECHECK = { type: 'xstate.after.pendingRecheck.hotelCheckout.awaitingPayment' } as unknown as HotelCheckoutEvent;

/** What each actor may answer (the errors its route can give). */
const OPEN = checkout();
const ANSWERS: Record<string, { outputs: unknown[]; errors: ErrorName[] }> = {
  createCheckout: { outputs: [OPEN], errors: ['notFound', 'limited', 'notInHouse', 'checkedOut', 'hotelDown', 'noAnswer', 'invalid'] },
  loadCheckout: { outputs: [OPEN, MOVED, PAYING, SETTLED, DECLINED, CHECKED_OUT], errors: ['notFound', 'hotelDown', 'serverError'] },
  moveCharge: { outputs: [MOVED], errors: ['folioChanged', 'checkedOut', 'closed', 'hotelDown', 'noAnswer'] },
  saveAddresses: { outputs: [OPEN, SETTLED], errors: ['invalid', 'hotelDown', 'closed', 'noAnswer'] },
  openSession: { outputs: [session({ payment_method: 'card' }), session()], errors: ['nothingToPay', 'folioChanged', 'hotelDown', 'noAnswer'] },
  setMethod: { outputs: [session({ payment_method: 'card' })], errors: ['sessionNotOpen', 'noAnswer'] },
  pay: {
    outputs: [
      { status: 'succeeded', checkout: SETTLED },
      { status: 'action_required', redirect_url: 'https://psp.example/challenge/1' },
      { status: 'declined', reason: 'insufficient_funds' },
    ],
    errors: ['folioChanged', 'sessionNotOpen', 'nothingToPay', 'hotelDown', 'invalid', 'noAnswer'],
  },
  performCheckout: { outputs: [CHECKED_OUT], errors: ['notSettled', 'addressMissing', 'checkedOut', 'closed', 'hotelDown', 'noAnswer'] },
};

/** The actor each state invokes. */
const INVOKED: Record<string, string> = {
  resolving: 'createCheckout',
  loading: 'loadCheckout',
  moving: 'moveCharge',
  savingAddresses: 'saveAddresses',
  'payment.preparing': 'openSession',
  'payment.settingMethod': 'setMethod',
  'payment.paying': 'pay',
  checkingOut: 'performCheckout',
};

const BUSINESS_FIELDS = { name: 'ACME GmbH', address_line: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country_code: 'DE' } as const;

/** The guest's events, offered where the page lets the guest make them. */
function guestEvents(snapshot: Snapshot): HotelCheckoutEvent[] {
  const events: HotelCheckoutEvent[] = [{ type: 'retry' }, { type: 'lookup.start' }, { type: 'notice.dismiss' }, { type: 'payment.retry' }, { type: 'payment.check' }];
  if (snapshot.matches('lookup')) {
    events.push({ type: 'lookup.changed', field: 'reservationNumber', value: 'HR1234567' }, { type: 'lookup.changed', field: 'lastName', value: 'Muster' }, { type: 'lookup.submit' });
  }
  if (snapshot.matches('review') || snapshot.matches({ payment: 'folioChanged' })) {
    events.push({ type: 'folio.move', chargeId: MINIBAR.id, to: 'business' }, { type: 'folio.move', chargeId: 'unknown', to: 'business' }, { type: 'review.continue' }, { type: 'payment.back' });
  }
  if (snapshot.matches('addresses')) {
    for (const [field, value] of Object.entries(BUSINESS_FIELDS)) events.push({ type: 'address.changed', form: 'business', field: field as keyof typeof BUSINESS_FIELDS, value });
    events.push(
      { type: 'address.changed', form: 'business', field: 'vat_id', value: 'nope' },
      { type: 'address.changed', form: 'private', field: 'address_line', value: 'Main Street 1' },
      { type: 'addresses.submit' },
      { type: 'addresses.back' },
    );
  }
  if (snapshot.matches('payment')) {
    events.push(
      { type: 'method.select', method: 'card' },
      // iDEAL stands for the methods approved at the provider's page (PayPal, Apple Pay): no card is asked for.
      { type: 'method.select', method: 'ideal' },
      { type: 'card.tokenized', token: 'tok_1', brand: 'visa', last4: '4242' },
      { type: 'payment.submit' },
      { type: 'payment.back' },
      { type: 'payment.resume' },
    );
  }
  if (snapshot.matches('awaitingPayment')) events.push(RECHECK);
  return events;
}

function candidates(snapshot: Snapshot): HotelCheckoutEvent[] {
  const events = guestEvents(snapshot);
  for (const [state, id] of Object.entries(INVOKED)) {
    if (!snapshot.matches((state.includes('.') ? { payment: state.split('.')[1] } : state) as never)) continue;
    const answers = ANSWERS[id] ?? { outputs: [], errors: [] };
    events.push(...answers.outputs.map((output) => done(id, output)), ...answers.errors.map((name) => failed(id, name)));
  }
  return events;
}

/** The business fields typed as BUSINESS_FIELDS has them. */
const businessFilled = (snapshot: Snapshot) =>
  Object.entries(BUSINESS_FIELDS).filter(([field, value]) => snapshot.context.addresses.business[field as keyof typeof BUSINESS_FIELDS] === value).length;

/**
 * States told apart by what decides their next transitions: the state, how the page was reached and the
 * checkout's status and version everywhere; what was typed only where it is typed (the lookup, the
 * addresses), the payment's choices only in the payment step.
 */
const FIXTURES = { open: OPEN, moved: MOVED, changed: CHANGED, paying: PAYING, settled: SETTLED, declined: DECLINED, checkedOut: CHECKED_OUT };
const fixtureOf = (value: HotelCheckout | null) => (value === null ? null : nameIn(FIXTURES, value));

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  const start = context.start.kind === 'resume' ? `resume${context.start.returning ? '-back' : ''}` : context.start.kind;
  const base: unknown[] = [snapshot.value, start, fixtureOf(context.checkout)];
  if (snapshot.matches('lookup')) base.push(context.lookup.reservationNumber !== '', context.lookup.lastName !== '');
  if (snapshot.matches('addresses')) base.push(businessFilled(snapshot), context.addresses.business.vat_id !== '', context.addresses.private.address_line !== '');
  if (snapshot.matches('payment')) base.push(context.method, context.card !== null, context.payKey !== null);
  if (snapshot.matches('awaitingPayment')) base.push(context.pendingChecks);
  return JSON.stringify(base);
};

const recorder = new CoverageRecorder(machine);
const models = (Object.keys(STARTS) as Start[]).map((start) => {
  const options = { input: inputOf(start), events: candidates, serializeState };
  return { start, paths: [...generatePaths(machine, options), ...generateTransitionCover(machine, options)] };
});

function label(event: { type: string; output?: unknown; error?: unknown; field?: string; value?: string; chargeId?: string }): string {
  if (event.type === RECHECK.type) return 'a while passes';
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = event.output as { status?: string; state?: string; folio?: { version: number } } | undefined;
    const what = output?.status ?? output?.state ?? '';
    return `${event.type.slice('xstate.done.actor.'.length)} ${what}${output?.folio ? ` v${output.folio.version}` : ''}`.trim();
  }
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} ${nameIn(ERRORS, event.error)}`;
  if (event.type === 'address.changed' || event.type === 'lookup.changed') return `${event.type}(${event.field})`;
  if (event.type === 'folio.move') return `folio.move(${event.chargeId})`;
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

function replay(start: Start, path: Path) {
  reset();
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: inputOf(start), inspect: recorder.inspect, clock });
  actor.start();
  for (const step of path.steps) {
    const event = step.event as { type: string; output?: unknown; error?: unknown };
    if (event.type === 'xstate.init') continue;
    const before = actor.getSnapshot();
    const pays = recorded.pays.length;
    if (event.type === RECHECK.type) clock.increment(HOTEL_CHECKOUT_TIMINGS.pendingRecheckMs);
    else actor.send(step.event);
    const after = actor.getSnapshot();
    expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
    checkStep(before, after, event, pays);
  }
  const final = actor.getSnapshot();
  actor.stop();
  return final;
}

/** The rules every step keeps. */
function checkStep(before: Snapshot, after: Snapshot, event: { type: string; output?: unknown; error?: unknown }, paysBefore: number) {
  // The page always knows what to show, and shows busy exactly while a call is on its way.
  expect(selectStep(after)).toBeTruthy();
  if (after.matches('review') || after.matches('addresses') || after.matches({ payment: 'choosing' })) expect(selectIsBusy(after)).toBe(false);
  if (recorded.pays.length > paysBefore) {
    const pay = recorded.pays.at(-1);
    // A payment goes out only with a method and, for a card, the card; with a key of its own, repeated only by a retry.
    expect(after.context.method).not.toBeNull();
    expect(pay?.cardToken).toBe(after.context.method === 'card' ? 'tok_1' : null);
    expect(pay?.idempotencyKey).toBeTruthy();
    const earlier = recorded.pays.slice(0, -1).map((item) => item.idempotencyKey);
    if (event.type === 'payment.retry') expect(earlier.at(-1)).toBe(pay?.idempotencyKey);
    else expect(earlier).not.toContain(pay?.idempotencyKey);
    // Nothing is paid before the addresses the folios need are valid (they were checked before payment).
    const review = reviewAddresses(after.context);
    expect(Object.keys(review.errors.business)).toEqual([]);
  }
  // The session is told the method the guest chose, whichever it is.
  if (event.type === 'method.select' && after.matches({ payment: 'settingMethod' })) expect(recorded.methods.at(-1)?.method).toBe(after.context.method);
  if (event.type === 'folio.move' && after.matches('moving')) {
    // A move names the version the guest saw.
    expect(recorded.moves.at(-1)?.folioVersion).toBe(before.context.checkout?.folio.version);
  }
  if (event.type.startsWith('xstate.error.actor.') && event.error === ERRORS.folioChanged && !before.matches('resolving')) {
    // The folio read again: the restaurant bill posted meanwhile is marked new, the old total kept to compare.
    expect(after.context.checkout?.folio.version).toBe(5);
    const seenBefore = before.context.checkout?.folio.charges.some((charge) => charge.id === 'c-restaurant') ?? false;
    if (!seenBefore) expect(after.context.newCharges).toContain('c-restaurant');
    expect(after.context.previousTotal).not.toBeNull();
  }
  if (event.type === 'xstate.done.actor.pay' && (event.output as HotelPayResult).status === 'declined') {
    expect(selectPaymentPhase(after)).toBe('declined');
    // Nothing was taken: the card is entered again.
    expect(after.context.card).toBeNull();
    expect(after.context.declineReason).toBe('insufficient_funds');
  }
  if (after.matches('redirecting')) expect(recorded.effects).toContain('goToProvider');
  // Resolved: the checkout page takes over (or the checkout page shows the checkout's id), once.
  if (before.matches('resolving') && event.type === 'xstate.done.actor.createCheckout') expect(recorded.effects).toEqual(['openCheckout']);
  if (after.matches('done') && before.matches('checkingOut')) expect(recorded.effects.at(-1)).toBe('pointsCredited');
}

describe('hotel checkout machine, model-based', () => {
  it('keeps the generated paths few', () => {
    const total = models.reduce((sum, model) => sum + model.paths.length, 0);
    console.info(`hotel-checkout model paths: ${total}`);
    expect(total).toBeGreaterThan(50);
    // Five ways in, each walked to every state and extended by every answer and guest event there.
    expect(total).toBeLessThan(15000);
  });

  describe.each(models.map((model) => [model.start, model] as const))('reached from %s', (start, { paths }) => {
    it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
      replay(start, path);
    });
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'hotel-checkout');
  });
});
