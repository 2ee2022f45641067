import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { Checkin, CheckinPayResult, PersonalDetailsInput, StartCheckinRequest } from '../../contract/checkin';
import { CheckinError } from '../../services/checkin/checkin-api';
import { CHECKIN_TIMINGS, checkinMachine } from './checkin.machine';
import { hasErrors, reviewDraft } from './checkin.rules';
import { selectConfirmation, selectFieldErrors, selectStep, selectView } from './checkin.selectors';
import { checkinFixture, REGISTERED } from './checkin.fixtures';
import type { CheckinActorTypes, CheckinEntry, CheckinEvent, CheckinInput } from './checkin.types';

/*
 * The check-in machine, walked with the harness from each way the page opens (the mail's link, the
 * lookup, the member's booking, a check-in this tab holds). The BFF's answers are fed as events: each
 * check-in status, the pay results, and every failure the calls can have (each error code, 400 with
 * field issues, 404, 429, 503, no answer). Each path is replayed on a real actor on a simulated clock
 * whose actors record what they were asked; after every path its rules are checked.
 */

const never = <T,>() => new Promise<T>(() => undefined);

interface Calls {
  start: StartCheckinRequest[];
  load: string[];
  save: PersonalDetailsInput[];
  method: string[];
  pay: { idempotencyKey: string; paymentInstrumentId: string | null }[];
  address: (string | null)[];
  provider: string[];
}
const noCalls = (): Calls => ({ start: [], load: [], save: [], method: [], pay: [], address: [], provider: [] });
let calls = noCalls();

/** The machine with recording actors that never answer (the path's events do) and recording effects. */
const machine = checkinMachine.provide({
  actors: {
    startCheckin: fromPromise<Checkin, { request: StartCheckinRequest }>(({ input }) => {
      calls.start.push(input.request);
      return never();
    }),
    loadCheckin: fromPromise<Checkin, { checkinId: string }>(({ input }) => {
      calls.load.push(input.checkinId);
      return never();
    }),
    saveDetails: fromPromise<Checkin, { checkinId: string; details: PersonalDetailsInput }>(({ input }) => {
      calls.save.push(input.details);
      return never();
    }),
    setPaymentMethod: fromPromise<Checkin, CheckinActorTypes['setPaymentMethod']['input']>(({ input }) => {
      calls.method.push(input.method);
      return never();
    }),
    pay: fromPromise<CheckinPayResult, CheckinActorTypes['pay']['input']>(({ input }) => {
      calls.pay.push({ idempotencyKey: input.idempotencyKey, paymentInstrumentId: input.paymentInstrumentId });
      return never();
    }),
  },
  actions: {
    showInAddress: (_, { checkinId }) => void calls.address.push(checkinId),
    goToProvider: (_, { url }) => void calls.provider.push(url),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const CHECKINS = {
  fresh: checkinFixture(),
  registered: checkinFixture({ details: REGISTERED }),
  toPay: checkinFixture({ status: 'payment_required', details: REGISTERED }),
  cardChosen: checkinFixture({ status: 'payment_required', details: REGISTERED, payment_method: 'card' }),
  paypalChosen: checkinFixture({ status: 'payment_required', details: REGISTERED, payment_method: 'paypal' }),
  /** The guest cancelled at PayPal's page and came back: the provider's decline. */
  paypalCancelled: checkinFixture({ status: 'payment_required', details: REGISTERED, payment_method: 'paypal', last_decline_reason: 'cancelled' }),
  pending: checkinFixture({ status: 'payment_required', details: REGISTERED, payment_method: 'card', payment_pending: true }),
  declined: checkinFixture({ status: 'payment_required', details: REGISTERED, payment_method: 'card', last_decline_reason: 'declined' }),
  completed: checkinFixture({
    status: 'completed',
    details: REGISTERED,
    payment_method: 'card',
    confirmation: { code: 'HCI-7Q2K', qr_payload: 'HCI:HCI-7Q2K', qr_png: 'data:image/png;base64,AAAA', completed_at: '2026-11-27T10:00:00Z' },
  }),
} as const;
type CheckinName = keyof typeof CHECKINS;

const issue = (path: string, message: string) => ({ path, message });
const ERRORS = {
  notOpenYet: new CheckinError(409, 'checkin_not_open_yet', [issue('opens_on', '2026-12-01')]),
  closed: new CheckinError(409, 'checkin_closed', []),
  cancelled: new CheckinError(409, 'stay_cancelled', []),
  completed: new CheckinError(409, 'checkin_completed', []),
  detailsMissing: new CheckinError(409, 'checkin_details_missing', []),
  cardRefused: new CheckinError(422, 'invalid_card', [issue('payment_instrument_id', 'Enter the card in the form')]),
  invalid: new CheckinError(400, 'bad_request', [issue('document_number', 'A document number has 5 to 20 letters and digits'), issue('date_of_birth', 'Required')]),
  notFound: new CheckinError(404, 'not_found', []),
  tooMany: new CheckinError(429, null, []),
  unavailable: new CheckinError(503, 'hotel_system_unavailable', []),
  network: new TypeError('Failed to fetch'),
} as const;
type ErrorName = keyof typeof ERRORS;

const PAY_RESULTS: CheckinPayResult[] = [
  { status: 'completed', checkin: CHECKINS.completed },
  { status: 'action_required', redirect_url: 'https://psp.example/3ds/abc' },
  { status: 'declined', reason: 'insufficient_funds' },
];

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as CheckinEvent;
const failed = (id: string, name: ErrorName) => ({ type: `xstate.error.actor.${id}`, error: ERRORS[name] }) as unknown as CheckinEvent;
const RECHECK = { type: 'xstate.after.pendingRecheck.checkin.awaitingPayment' } as unknown as CheckinEvent;

const answers = (id: string, names: CheckinName[], errors: ErrorName[]) => [...names.map((name) => done(id, CHECKINS[name])), ...errors.map((name) => failed(id, name))];

/** The events that can happen in a state: what the guest does there, and how the BFF can answer the call on its way. */
function events(snapshot: Snapshot): CheckinEvent[] {
  const value = JSON.stringify(snapshot.value);
  const list: CheckinEvent[] = [];
  if (value === '"lookup"') {
    list.push(
      { type: 'lookup.changed', field: 'reservationNumber', value: 'hb-12345' },
      { type: 'lookup.changed', field: 'lastName', value: 'Muster' },
      { type: 'lookup.submit' },
    );
  }
  if (value === '"opening"') list.push(...answers('startCheckin', ['fresh', 'registered', 'toPay', 'completed'], Object.keys(ERRORS) as ErrorName[]));
  if (value === '"loading"') list.push(...answers('loadCheckin', ['fresh', 'pending', 'declined', 'paypalCancelled', 'completed', 'cardChosen'], ['closed', 'cancelled', 'notFound', 'unavailable', 'network']));
  if (value.includes('"editing"')) {
    list.push({ type: 'details.changed', field: 'document_number', value: 'C01X00T47' }, { type: 'details.submit' });
    if (snapshot.context.notice) list.push({ type: 'notice.dismiss' });
  }
  if (value.includes('"saving"')) list.push(...answers('saveDetails', ['toPay'], ['invalid', 'closed', 'cancelled', 'notOpenYet', 'completed', 'notFound', 'unavailable', 'network']));
  if (value.includes('"choosing"') || value.includes('"declined"')) {
    list.push(
      { type: 'method.select', method: snapshot.context.method === 'card' ? 'paypal' : 'card' },
      { type: 'card.tokenized', token: 'tok_1', brand: 'visa', last4: '3220' },
      { type: 'payment.submit' },
      { type: 'details.edit' },
    );
    if (snapshot.context.notice) list.push({ type: 'notice.dismiss' });
  }
  // The BFF answers the method it was asked to set.
  if (value.includes('"preparing"')) list.push(...answers('setPaymentMethod', [snapshot.context.method === 'card' ? 'cardChosen' : 'paypalChosen'], ['closed', 'cancelled', 'notOpenYet', 'completed', 'notFound', 'network']));
  if (value.includes('"paying"')) list.push(...PAY_RESULTS.map((result) => done('pay', result)), ...(['detailsMissing', 'cardRefused', 'closed', 'cancelled', 'notOpenYet', 'completed', 'notFound', 'network'] as const).map((name) => failed('pay', name)));
  if (value.includes('"paymentFailed"')) list.push({ type: 'payment.retry' }, { type: 'payment.check' });
  if (value === '"awaitingPayment"') list.push(RECHECK, { type: 'payment.check' });
  if (value === '"linkInvalid"' || value === '"accessLost"') list.push({ type: 'lookup.open' });
  if (value === '"unavailable"' || value === '"failed"') list.push({ type: 'retry' });
  return list;
}

/** What decides the machine's next state: where it is, and what its guards read of the context. */
function serializeState(snapshot: Snapshot): string {
  const { context } = snapshot;
  const value = JSON.stringify(snapshot.value);
  return JSON.stringify([
    value,
    context.entry.kind,
    context.lookup.reservationNumber !== '' && context.lookup.lastName !== '',
    !hasErrors(reviewDraft(context.checkin, context.draft, context.today)),
    context.card !== null,
    // The method matters only while paying; elsewhere it would only multiply the paths.
    snapshot.matches('payment') ? context.method : null,
    context.checkin?.payment_method === context.method,
    value === '"awaitingPayment"' ? context.pendingChecks : null,
    context.notice !== null,
  ]);
}

const inputFor = (entry: CheckinEntry): CheckinInput => ({ locale: 'en', entry, today: '2026-11-27', newKey: () => 'unused' });

const ENTRIES = {
  'the mail’s link': { kind: 'link', token: 'stay-link-token' },
  'the lookup': { kind: 'lookup' },
  'the member’s booking': { kind: 'member', reservationNumber: 'HB-12345' },
  'a check-in this tab holds': { kind: 'resume', checkinId: CHECKINS.fresh.id },
} satisfies Record<string, CheckinEntry>;
type EntryName = keyof typeof ENTRIES;

const recorder = new CoverageRecorder(machine);
const models = (Object.keys(ENTRIES) as EntryName[]).map((name) => {
  const options = { input: inputFor(ENTRIES[name]), events, serializeState };
  const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
  return { name, paths };
});

function replay(entry: EntryName, path: Path) {
  const clock = new SimulatedClock();
  calls = noCalls();
  let n = 0;
  const actor = createActor(machine, { input: { ...inputFor(ENTRIES[entry]), newKey: () => `key-${++n}` }, inspect: recorder.inspect, clock });
  actor.start();
  const snapshots: Snapshot[] = [actor.getSnapshot()];
  for (const step of path.steps) {
    const event = step.event as { type: string };
    if (event.type === 'xstate.init') continue;
    if (event.type === RECHECK.type) clock.increment(CHECKIN_TIMINGS.pendingRecheckMs);
    else actor.send(step.event);
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(step.state.value);
    snapshots.push(actor.getSnapshot());
  }
  actor.stop();
  return { snapshots, calls };
}

function label(event: { type: string; output?: unknown; error?: unknown; [key: string]: unknown }): string {
  if (event.type === RECHECK.type) return `${CHECKIN_TIMINGS.pendingRecheckMs} ms pass`;
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = event.output as { status?: string } | null;
    return `${event.type.replace('xstate.done.actor.', 'done:')}(${String(output?.status)})`;
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const name = (Object.keys(ERRORS) as ErrorName[]).find((key) => ERRORS[key] === event.error) ?? 'error';
    return `${event.type.replace('xstate.error.actor.', 'error:')}(${name})`;
  }
  const details = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([, value]) => String(value));
  return details.length ? `${event.type}(${details.join(', ')})` : event.type;
}

const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as { type: string }).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

/** The rules every replay keeps, whatever the path. */
function checkRules(entry: EntryName, path: Path, { snapshots, calls: made }: ReturnType<typeof replay>) {
  const final = snapshots.at(-1) as Snapshot;
  // The mail's token leaves the address before anything else happens; the address never holds it again.
  if (entry === 'the mail’s link') expect(made.address[0]).toBeNull();
  // The token is sent only in a request body, never to the address or the provider.
  expect(made.address.every((value) => value === null || value === CHECKINS.fresh.id)).toBe(true);
  // A pay call after the first repeats the key of the attempt before (a retry) or uses a new one.
  const retries = path.steps.filter((step) => step.event.type === 'payment.retry').length;
  const keys = new Set(made.pay.map((call) => call.idempotencyKey));
  expect(keys.size).toBe(made.pay.length - retries);
  // A card payment always names the card the guest entered; a PayPal one names none (it is approved at PayPal).
  const payingMethods = snapshots.filter((snapshot, index) => snapshot.matches({ payment: 'paying' }) && !snapshots[index - 1]?.matches({ payment: 'paying' })).map((snapshot) => snapshot.context.method);
  expect(payingMethods).toHaveLength(made.pay.length);
  made.pay.forEach((call, index) => expect(call.paymentInstrumentId).toBe(payingMethods[index] === 'card' ? 'tok_1' : null));
  // The method set on the check-in is always the one the guest chose.
  const preparingMethods = snapshots.filter((snapshot) => snapshot.matches({ payment: 'preparing' })).map((snapshot) => snapshot.context.method);
  expect(made.method).toEqual(preparingMethods);
  for (const snapshot of snapshots) if (snapshot.matches({ payment: 'paying' })) expect(snapshot.context.checkin?.payment_method).toBe(snapshot.context.method);
  // The registration sent is always one the form accepts.
  for (const details of made.save) expect(details.arrival_time).toMatch(/^\d{2}:\d{2}$/);
  for (const snapshot of snapshots) {
    // A QR code is shown only once checked in.
    if (selectConfirmation(snapshot)) expect(selectView(snapshot)).toBe('done');
    // The step indicator shows only in the steps.
    if (selectStep(snapshot) !== null) expect(['details', 'payment', 'awaitingPayment', 'redirecting', 'done']).toContain(selectView(snapshot));
  }
  const last = path.steps.at(-1)?.event as { type: string; error?: unknown; output?: unknown } | undefined;
  if (!last) return;
  if (last.type === 'xstate.error.actor.saveDetails' && last.error === ERRORS.invalid) {
    // The BFF's field errors at their fields; nothing typed is lost.
    expect(selectFieldErrors(final)).toEqual({ document_number: 'invalid', date_of_birth: 'required' });
    expect(final.context.draft.first_name).toBe(REGISTERED.first_name);
  }
  if (last.type === 'xstate.done.actor.pay' && (last.output as CheckinPayResult).status === 'action_required') {
    // The provider's page (the bank's 3-D Secure, PayPal's approval) is where the answer says, and nowhere else.
    const output = last.output as Extract<CheckinPayResult, { status: 'action_required' }>;
    expect(made.provider).toEqual([output.redirect_url]);
  }
  if (last.type === 'xstate.done.actor.pay' && (last.output as CheckinPayResult).status === 'declined') {
    // Declined: the registration stays, the card is entered again.
    expect(selectView(final)).toBe('payment');
    expect(final.context.card).toBeNull();
    expect(final.context.declineReason).toBe('insufficient_funds');
  }
  if (last.type === 'xstate.error.actor.pay' && last.error === ERRORS.cardRefused) {
    // A card the provider no longer takes is entered again; the registration stays.
    expect(final.context.card).toBeNull();
    expect(final.context.notice).toBe('cardRefused');
    expect(final.context.draft.first_name).toBe(REGISTERED.first_name);
  }
  if (last.type === 'xstate.error.actor.startCheckin' && last.error === ERRORS.notOpenYet) expect(final.context.opensOn).toBe('2026-12-01');
}

describe('check-in machine, model-based', () => {
  it('keeps the generated paths few', () => {
    const total = models.reduce((sum, model) => sum + model.paths.length, 0);
    console.info(`check-in model paths: ${total}`);
    expect(total).toBeLessThan(2500);
  });

  describe.each(models.map((model) => [model.name, model] as const))('opened from %s', (_, { name, paths }) => {
    it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
      checkRules(name, path, replay(name, path));
    });
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'check-in');
  });
});
