import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, describePath, formatCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { Cart, PayResult } from '../../contract/ecommerce';
import { HttpError } from '../../services/bff/client';
import { CommerceError } from '../../services/booking/cart';
import { cartFixture, MEMBER, REQUEST, roomStay } from './cart.fixtures';
import { CART_TIMINGS, cartMachine, payProblemsOf } from './cart.machine';
import { emptyTraveller, requestOfCart, reviewTraveller, roomStaysOf, sameTraveller, savedDraftsOf, withSavedDrafts } from './cart.rules';
import { selectPhase, selectReadyState, selectShownPaymentMethod } from './cart.selectors';
import type { CartActorTypes, CartChange, CartContext, CartEvent, CartInput, SavedDrafts } from './cart.types';

/*
 * The cart machine, walked with the harness: every state and transition, failures included. The invoked
 * actors' answers are fed as events (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`); a change is
 * answered by a small fake server that applies it to the cart, so the cart in the context is always the
 * server's. Each path is replayed on a real actor on a simulated clock (the pending-payment recheck runs
 * by advancing the clock, never by waiting), with actors that record what they were asked. After every
 * path, the last step is checked against the flow's rule for it, and invariants hold on every step:
 * what the guest typed is never lost, a retried payment reuses its Idempotency-Key and a new attempt
 * never does, and the loading tag is on exactly while the cart is being fetched.
 */

const never = <T>() => new Promise<T>(() => undefined);

type Calls = { [K in keyof CartActorTypes]: CartActorTypes[K]['input'][] };
const noCalls = (): Calls => ({ loadCart: [], createCart: [], changeCart: [], saveTravellers: [], setCvv: [], pay: [], carryOver: [] });
/** What the actors of the replay running now were asked (one replay at a time). */
let calls = noCalls();
/**
 * The browser's session storage of the drafts, as cart.live.ts binds it: what the replay running now kept
 * (one replay at a time), and what its page found there when it started.
 */
let savedDrafts: SavedDrafts | null = null;
/** What the page found in the session when it started (restored once, when its cart is first there). */
let startDrafts: SavedDrafts | null = null;
/** Drafts a reload finds for the known cart (the "known cart, typed before" model). */
const TYPED_BEFORE: SavedDrafts = {
  cartId: 'cart-1',
  drafts: { 'rs-1': { ...emptyTraveller(), first_name: 'Kept', last_name: 'Typed', phone: '+49 30 1234567' } },
  company: { name: 'Kept GmbH', address_line: '', postal_code: '', city: '', country_code: '', vat_id: '' },
};
/** Actors that record their input and never answer: the path feeds their answers as events. */
function recordingMachine() {
  const record =
    <K extends keyof CartActorTypes>(name: K) =>
    ({ input }: { input: CartActorTypes[K]['input'] }) => {
      (calls[name] as CartActorTypes[K]['input'][]).push(input);
      return never<CartActorTypes[K]['output']>();
    };
  return cartMachine.provide({
    actors: {
      loadCart: fromPromise(record('loadCart')),
      createCart: fromPromise(record('createCart')),
      changeCart: fromPromise(record('changeCart')),
      saveTravellers: fromPromise(record('saveTravellers')),
      setCvv: fromPromise(record('setCvv')),
      pay: fromPromise(record('pay')),
      carryOver: fromPromise(record('carryOver')),
    },
    actions: {
      saveDrafts: ({ context }) => {
        savedDrafts = savedDraftsOf(context);
      },
      forgetDrafts: () => {
        savedDrafts = null;
      },
      restoreDrafts: assign(({ context }) => withSavedDrafts(context, startDrafts)),
    },
  });
}
const machine = recordingMachine();
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

// ---------- the server's answers ----------

const OPEN = cartFixture();
const MISMATCHED = cartFixture({}, [roomStay({ rate_code: 'OTHER' })]);
const ORDERED = cartFixture({ status: 'ordered', order_id: 'order-1' });
const PENDING = cartFixture({ status: 'payment_pending', hold_expires_at: '2027-03-10T09:15:00Z' });
const EXPIRED_CART = cartFixture({ status: 'expired' });
const DECLINED_CART = cartFixture({ last_decline_reason: 'insufficient_funds' });
/** The same cart read with a member's token once it is the member's (made for them). */
const MEMBER_CART = cartFixture({ customer: { email: 'mia@example.com', sso_guid: 'guid-mia' } });
/** The cart made again for a member who signed in part-way: a new id, new room stay ids. */
const NEW_MEMBER_CART = cartFixture({ cart_id: 'cart-2', customer: { email: 'mia@example.com', sso_guid: 'guid-mia' } }, [roomStay({ room_stay_id: 'rs-9' })]);
const SIGNED_IN = { type: 'member.signedIn', member: MEMBER } as const satisfies CartEvent;
const SIGNED_OUT = { type: 'member.signedOut' } as const satisfies CartEvent;

const ERRORS = {
  network: new TypeError('Failed to fetch'),
  '500': new HttpError(500),
  '404': new HttpError(404),
  '410': new CommerceError(410, 'cart_expired'),
  '400': new HttpError(400),
  '401': new HttpError(401),
  room_unavailable: new CommerceError(409, 'room_unavailable'),
  cart_not_open: new CommerceError(409, 'cart_not_open'),
  voucher_invalid: new CommerceError(422, 'voucher_invalid'),
} as const;
type ErrorName = keyof typeof ERRORS;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as CartEvent;
const failed = (id: string, name: ErrorName) => ({ type: `xstate.error.actor.${id}`, error: ERRORS[name] }) as unknown as CartEvent;
const RECHECK = { type: 'xstate.after.pendingRecheck.cart.awaitingPayment' } as unknown as CartEvent;

/** The fake server: a change applied to the cart, the amounts as the server would give them. */
function applyChange(cart: Cart, change: CartChange): Cart {
  const rooms = (update: (room: Cart['stays'][number]['room_stays'][number]) => Cart['stays'][number]['room_stays'][number]) => ({
    ...cart,
    stays: cart.stays.map((stay) => ({ ...stay, room_stays: stay.room_stays.map(update) })),
  });
  switch (change.kind) {
    case 'addons':
      return {
        ...rooms((room) => ({
          ...room,
          addons: change.addons.map((addon) => ({
            addon_code: addon.addon_code,
            name: 'Breakfast',
            pricing: 'per_person_per_night' as const,
            quantity: addon.quantity ?? 1,
            price: 40,
          })),
        })),
        amount_to_pay_total: cart.amount_to_pay_total + 40 * (change.addons.length ? 1 : -1),
      };
    case 'greenOption':
      return { ...rooms((room) => ({ ...room, receive_points_for_green_option: change.on })), points_earned: cart.points_earned + (change.on ? 500 : -500) };
    case 'insurance':
      return { ...cart, insurance: change.add ? { product: change.product, price: 15 } : null };
    case 'voucher.apply':
      return { ...cart, vouchers: [{ voucher_id: 'v-1', code: change.code, category: 'Voucher', amount: 20 }] };
    case 'voucher.remove':
      return { ...cart, vouchers: [] };
    case 'promo':
      return { ...cart, promo_code: change.code, promo_status: change.code ? 'applied' : null };
    case 'paymentMethod':
      return { ...cart, payment_method: change.method };
    case 'creditCard':
      // The BFF answers a reference of its own, never the provider token it was sent.
      return { ...cart, payment_method: 'card', credit_card_id: `ref-${change.creditCardId.length}` };
  }
}

/** The fake server's answer to saving the travellers: each room stay keeps the traveller sent. */
function savedTravellers(context: CartContext): Cart {
  const cart = context.cart ?? OPEN;
  return {
    ...cart,
    stays: cart.stays.map((stay) => ({
      ...stay,
      room_stays: stay.room_stays.map((room) => {
        const review = reviewTraveller(context.drafts[room.room_stay_id] ?? emptyTraveller());
        return review.traveller ? { ...room, traveller: { ...review.traveller, company: null } } : room;
      }),
    })),
  };
}

const PAY_RESULTS: PayResult[] = [
  { status: 'succeeded', order_id: 'order-1' },
  { status: 'action_required', redirect_url: 'https://psp.example/challenge/1', hold_expires_at: '2027-03-10T09:15:00Z' },
  { status: 'declined', reason: 'declined' },
];

// ---------- the models ----------

const KEY_PREFIX = 'key';
const inputFor = (overrides: Partial<CartInput>): CartInput => {
  let n = 0;
  return { locale: 'en', request: REQUEST, knownCartId: null, returning: null, member: MEMBER, newKey: () => `${KEY_PREFIX}-${++n}`, ...overrides };
};

const readyState = (snapshot: Snapshot) => selectReadyState(snapshot as never);
const isEditable = (snapshot: Snapshot) => ['editing', 'declined'].includes(readyState(snapshot) ?? '');

/** The events offered in a state: the invoked actor's answers there, and the guest's events where they apply. */
function events(snapshot: Snapshot): CartEvent[] {
  const value = JSON.stringify(snapshot.value);
  const list: CartEvent[] = [];
  if (value.includes('"loading"') || value === '"loading"') {
    list.push(
      ...[ORDERED, PENDING, OPEN, MISMATCHED, EXPIRED_CART].map((cart) => done('loadCart', cart)),
      ...(['404', '410', '500'] as const).map((name) => failed('loadCart', name)),
    );
  }
  if (value === '"creating"') {
    list.push(done('createCart', OPEN), failed('createCart', 'room_unavailable'), failed('createCart', '401'), failed('createCart', 'network'));
    // The session changes while the cart is being made: a sign-in waits for it, a sign-out starts afresh.
    list.push(snapshot.context.member === null ? SIGNED_IN : SIGNED_OUT);
  }
  if (value === '"signInRequired"') list.push(SIGNED_IN);
  if (value === '"resuming"') {
    list.push(
      ...[ORDERED, PENDING, DECLINED_CART, OPEN, EXPIRED_CART].map((cart) => done('reloadCart', cart)),
      ...(['410', '404', 'network'] as const).map((name) => failed('reloadCart', name)),
    );
  }
  if (value === '"awaitingPayment"') list.push(RECHECK, { type: 'payment.check' });
  if (value === '"loadFailed"') list.push({ type: 'retry' });
  if (isEditable(snapshot)) {
    list.push(
      { type: 'traveller.changed', roomStayId: 'rs-1', field: 'first_name', value: ' ' },
      { type: 'traveller.changed', roomStayId: 'rs-1', field: 'first_name', value: 'Mia' },
      { type: 'traveller.changed', roomStayId: 'rs-unknown', field: 'first_name', value: 'Nobody' },
      { type: 'traveller.copy', roomStayId: 'rs-1' },
      { type: 'company.changed', field: 'name', value: 'Acme GmbH' },
      { type: 'addon.toggle', stayId: 'stay-1', roomStayId: 'rs-1', addonCode: 'BRK', selected: true },
      { type: 'green.toggle', stayId: 'stay-1', roomStayId: 'rs-1', on: true },
      { type: 'insurance.toggle', add: true },
      { type: 'voucher.typed', code: 'SAVE20' },
      { type: 'voucher.apply', code: 'SAVE20' },
      { type: 'voucher.apply', code: '  ' },
      { type: 'voucher.remove', voucherId: 'v-1' },
      { type: 'promo.apply', code: 'SPRING' },
      { type: 'method.select', method: 'paypal' },
      { type: 'card.tokenized', token: 'tok_visa', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030, save: false },
      { type: 'savedCard.select', cardId: 'card-9' },
      { type: 'cvv.tokenized', cvvToken: 'cvv-1' },
      { type: 'notice.dismiss' },
      { type: 'pay' },
      { type: 'addon.quantity', stayId: 'stay-1', roomStayId: 'rs-1', addonCode: 'BRK', quantity: 3 },
      // Signing in part-way is a guest's move (the models with a member start signed in); signing out a member's.
      ...(snapshot.context.member === null ? [SIGNED_IN] : [SIGNED_OUT]),
    );
  }
  if (value.includes('"reloading"')) {
    list.push(
      ...[MEMBER_CART, OPEN, EXPIRED_CART].map((cart) => done('reloadAsMember', cart)),
      ...(['404', '410', 'network'] as const).map((name) => failed('reloadAsMember', name)),
    );
  }
  if (value.includes('"recreating"')) list.push(done('createMemberCart', NEW_MEMBER_CART), failed('createMemberCart', 'room_unavailable'), failed('createMemberCart', 'network'));
  if (value.includes('"carryingOver"')) {
    const cart = snapshot.context.cart ?? NEW_MEMBER_CART;
    list.push(done('carryOver', snapshot.context.carryOver.reduce(applyChange, cart)), failed('carryOver', 'network'));
  }
  const ready = readyState(snapshot);
  if (ready === 'updating' && snapshot.context.pendingSession === null) {
    // The session changes while a change is on its way: taken up once the answer is in.
    list.push(snapshot.context.member === null ? SIGNED_IN : SIGNED_OUT);
  }
  if (ready === 'updating') {
    const change = snapshot.context.change;
    if (snapshot.context.cart && change) list.push(done('changeCart', applyChange(snapshot.context.cart, change)));
    list.push(...(['410', 'room_unavailable', 'voucher_invalid', 'network'] as const).map((name) => failed('changeCart', name)));
  }
  if (value.includes('savingTravellers')) {
    list.push(done('saveTravellers', savedTravellers(snapshot.context)), ...(['410', 'room_unavailable', '400', 'network'] as const).map((name) => failed('saveTravellers', name)));
  }
  if (value.includes('preparingCard')) list.push(done('setCvv', null), failed('setCvv', 'network'));
  // While paying: a sign-in (here, or another member's in another tab) or a sign-out waits for the answer.
  if (value.includes('"paying"') && snapshot.context.pendingSession === null) list.push(...(snapshot.context.member === null ? [SIGNED_IN] : [SIGNED_IN, SIGNED_OUT]));
  if (value.includes('"paying"'))
    list.push(...PAY_RESULTS.map((result) => done('pay', result)), ...(['410', 'room_unavailable', 'cart_not_open', 'network'] as const).map((name) => failed('pay', name)));
  if (ready === 'paymentFailed') list.push({ type: 'payment.retry' }, { type: 'payment.check' });
  return list;
}

/** What decides the machine's next state: where it is, and the guards that read the context. */
function serializeState(snapshot: Snapshot): string {
  const { context } = snapshot;
  const value = JSON.stringify(snapshot.value);
  const checks = value === '"awaitingPayment"' || value === '"resuming"' ? context.pendingChecks : null;
  const toSave = roomStaysOf(context.cart).some(({ roomStay }) => {
    const review = reviewTraveller(context.drafts[roomStay.room_stay_id] ?? emptyTraveller());
    return review.traveller !== null && !sameTraveller({ ...review.traveller, company: null }, roomStay.traveller);
  });
  return JSON.stringify([
    value,
    payProblemsOf(context).length === 0,
    toSave,
    context.card?.source ?? null,
    context.cart?.payment_method ?? null,
    checks,
    context.carryOver.length > 0,
    context.pendingSession?.kind ?? null,
    // A refused code is a voucher problem only for a voucher (the guard reads the change on its way).
    context.change?.kind === 'voucher.apply',
  ]);
}

const models = [
  { name: 'new cart', input: inputFor({}) },
  { name: 'new cart, guest', input: inputFor({ member: null }) },
  { name: 'known cart', input: inputFor({ knownCartId: 'cart-1' }) },
  { name: 'known cart, no search', input: inputFor({ knownCartId: 'cart-1', request: null, member: null }) },
  { name: 'back from the provider', input: inputFor({ returning: { cartId: 'cart-1', paymentId: 'pay-1', status: 'authorised' }, request: null }) },
  { name: 'nothing to book', input: inputFor({ request: null }) },
] as const;

const recorder = new CoverageRecorder(machine);
const plans = models.map((model) => {
  startDrafts = null;
  const options = { input: model.input, events, serializeState };
  return { model, shortest: generatePaths(machine, options), cover: generateTransitionCover(machine, options) };
});

// ---------- replay ----------

function replay(path: Path, input: CartInput, saved: SavedDrafts | null = null) {
  const clock = new SimulatedClock();
  calls = noCalls();
  savedDrafts = saved;
  startDrafts = saved;
  let n = 0;
  const actor = createActor(machine, { input: { ...input, newKey: () => `${KEY_PREFIX}-${++n}` }, inspect: recorder.inspect, clock });
  actor.start();
  const snapshots: Snapshot[] = [actor.getSnapshot()];
  for (const step of path.steps) {
    const event = step.event as { type: string };
    if (event.type === 'xstate.init') continue;
    if (event.type === RECHECK.type) clock.increment(CART_TIMINGS.pendingRecheckMs);
    else actor.send(step.event);
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(step.state.value);
    snapshots.push(actor.getSnapshot());
  }
  actor.stop();
  return { snapshots, calls: calls, kept: savedDrafts };
}

function label(event: { type: string; output?: unknown; error?: unknown; [key: string]: unknown }): string {
  if (event.type === RECHECK.type) return `${CART_TIMINGS.pendingRecheckMs} ms pass`;
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = event.output as { status?: string; cart_id?: string; stays?: unknown } | null;
    const detail = output === null ? 'ok' : 'stays' in (output ?? {}) ? `cart ${output?.status}` : String(output?.status);
    return `${event.type.replace('xstate.done.actor.', 'done:')}(${detail})`;
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const name = (Object.keys(ERRORS) as ErrorName[]).find((key) => ERRORS[key] === event.error) ?? 'error';
    return `${event.type.replace('xstate.error.actor.', 'error:')}(${name})`;
  }
  const details = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([, value]) => (typeof value === 'string' && value.trim() === '' ? '""' : String(value)));
  return details.length ? `${event.type}(${details.join(', ')})` : event.type;
}

const LOADING_STATES = ['starting', 'loading', 'creating', 'resuming', 'awaitingPayment'];

/** The flow's rule for the last step of a path. */
function checkLastStep(path: Path, snapshots: Snapshot[], recorded: Calls) {
  const final = snapshots.at(-1);
  const before = snapshots.at(-2);
  const event = path.steps.at(-1)?.event as { type: string; output?: unknown; error?: unknown } | undefined;
  if (!event || !before || !final) return;
  const { type } = event;
  const phase = selectPhase(final);

  // A sign-in or sign-out that waited for a call's answer (a change, a payment, the cart being made) is
  // taken up as soon as the guest can edit again: a sign-out takes the member's data off the page and
  // starts afresh as a guest's; a sign-in moves the booking to the member.
  const waited = before.context.pendingSession;
  if (waited && final.context.pendingSession === null && !type.startsWith('member.')) {
    if (waited.kind === 'signedOut') {
      expect(final.value).toBe(before.context.request ? 'creating' : 'noSearch');
      expect([final.context.member, final.context.notice]).toEqual([null, 'signedOut']);
    } else if (final.hasTag('ready')) {
      expect([readyState(final), final.context.member]).toEqual(['switchingToMember', MEMBER]);
    } else {
      expect(final.value).toBe('creating');
    }
    return;
  }

  if (type.startsWith('xstate.error.actor.')) {
    const error = event.error;
    // 410 anywhere: the cart expired (a known cart with a search to start over from makes a new one).
    if (error === ERRORS['410'] && type !== 'xstate.error.actor.loadCart') expect(phase).toBe('expired');
    if (error === ERRORS['410'] && type === 'xstate.error.actor.loadCart') expect(phase).toBe(before.context.request ? 'loading' : 'expired');
    // A room that is gone: choose another room.
    if (error === ERRORS.room_unavailable) expect(phase).toBe('roomGone');
    // A member rate without a member: sign in, or choose the standard rate.
    if (error === ERRORS['401']) expect(phase).toBe('signInRequired');
    // A network failure while paying: the failure state, from which a retry pays with the same key.
    if (type === 'xstate.error.actor.pay' && error === ERRORS.network) {
      expect(readyState(final)).toBe('paymentFailed');
      expect(final.context.payKey).toBe(before.context.payKey);
    }
    if (type === 'xstate.error.actor.pay' && error === ERRORS.cart_not_open) expect(final.value).toBe('resuming');
    if (type === 'xstate.error.actor.changeCart' && error === ERRORS.voucher_invalid) {
      // A refused voucher: why, next to its field; the code stays as typed.
      if (before.context.change?.kind === 'voucher.apply') expect([final.context.voucherProblem, final.context.notice]).toEqual(['invalid', null]);
      else expect(final.context.notice).toBe(before.context.change?.kind === 'paymentMethod' ? 'methodRefused' : 'changeFailed');
      expect(final.context.voucherCode).toBe(before.context.voucherCode);
    }
    if (type === 'xstate.error.actor.changeCart' && error === ERRORS.network) {
      expect(readyState(final)).toBe('editing');
      // A refused payment method has its own words; the radio goes back to the cart's method.
      expect(final.context.notice).toBe(before.context.change?.kind === 'paymentMethod' ? 'methodRefused' : 'changeFailed');
      expect(final.context.cart).toBe(before.context.cart);
      expect(final.context.change).toBeNull();
      expect(selectShownPaymentMethod(final)).toBe(before.context.cart?.payment_method ?? null);
    }
    if (type === 'xstate.error.actor.reloadAsMember') {
      // Gone for the member: made again for them. Other failures keep the guest cart, with a word.
      if (error === ERRORS['404']) expect(final.value).toEqual({ ready: { switchingToMember: 'recreating' } });
      if (error === ERRORS.network) expect([readyState(final), final.context.notice]).toEqual(['editing', 'memberCartFailed']);
    }
    if (type === 'xstate.error.actor.createMemberCart' && error === ERRORS.network) {
      expect([readyState(final), final.context.notice]).toEqual(['editing', 'memberCartFailed']);
      expect(final.context.cart).toBe(before.context.cart);
    }
    if (type === 'xstate.error.actor.carryOver') {
      expect([readyState(final), final.context.notice, final.context.carryOver]).toEqual(['editing', 'carryOverFailed', []]);
      expect(final.context.cart).toBe(before.context.cart);
    }
  }

  if (type === 'member.signedOut') {
    if (before.value === 'creating' || isEditable(before)) {
      // Everything of the member's leaves: their details, their cart; the booking starts again as a guest's.
      expect(final.context.member).toBeNull();
      expect(final.context.notice).toBe('signedOut');
      expect(final.context.card).toBeNull();
      expect(JSON.stringify(final.context)).not.toContain(MEMBER.email);
      expect(final.value).toBe(before.context.request ? 'creating' : 'noSearch');
    } else {
      // A call is on its way: the sign-out waits for its answer.
      expect(final.context.pendingSession).toEqual({ kind: 'signedOut' });
      expect(final.value).toEqual(before.value);
    }
  }
  if (type === 'member.signedIn' && (before.value === 'creating' || readyState(before) === 'updating' || readyState(before) === 'submitting')) {
    expect(final.context.pendingSession).toEqual({ kind: 'signedIn', member: MEMBER });
    expect(final.value).toEqual(before.value);
  }
  if (type === 'xstate.done.actor.createCart' && before.context.pendingSession?.kind === 'signedIn') {
    // The sign-in that came while the cart was being made is taken up as soon as it is there.
    expect(readyState(final)).toBe('switchingToMember');
    expect(final.context.pendingSession).toBeNull();
  }
  if (type === 'member.signedIn' && before.value !== 'creating' && readyState(before) !== 'updating' && readyState(before) !== 'submitting') {
    const first = roomStaysOf(before.context.cart)[0]?.roomStay.room_stay_id;
    if (before.value !== 'signInRequired' && first) {
      // Empty fields take the member's details; what the guest typed stays.
      const was = before.context.drafts[first] ?? emptyTraveller();
      const now = final.context.drafts[first] ?? emptyTraveller();
      expect(now.first_name).toBe(was.first_name.trim() === '' ? MEMBER.first_name : was.first_name);
      expect(now.email).toBe(was.email.trim() === '' ? MEMBER.email : was.email);
      expect(readyState(final)).toBe('switchingToMember');
      expect(final.hasTag('busy')).toBe(true);
    } else {
      // Signed in at the member rate's notice: the cart is made, now for the member.
      expect(final.value).toBe('creating');
    }
    expect(final.context.member).toEqual(MEMBER);
  }
  if (type === 'xstate.done.actor.reloadAsMember') {
    if (event.output === MEMBER_CART) expect([readyState(final), final.context.cart]).toEqual(['editing', MEMBER_CART]);
    // Still the guest's cart: a guest cart is never bound to a member afterwards, so it is made again.
    if (event.output === OPEN) expect(final.value).toEqual({ ready: { switchingToMember: 'recreating' } });
  }
  if (type === 'xstate.done.actor.createMemberCart') {
    expect(final.context.cart).toBe(event.output);
    // What was typed moves to the new cart's room stays, by position.
    const previous = roomStaysOf(before.context.cart).map(({ roomStay }) => before.context.drafts[roomStay.room_stay_id] ?? null);
    expect(roomStaysOf(NEW_MEMBER_CART).map(({ roomStay }) => final.context.drafts[roomStay.room_stay_id] ?? null)).toEqual(previous);
    expect(final.context.card).toBeNull();
    // What was chosen goes on the new cart: the payment method among it.
    const method = before.context.cart?.payment_method ?? null;
    if (method) expect(final.context.carryOver).toContainEqual({ kind: 'paymentMethod', method });
    if (final.context.carryOver.length === 0) expect(readyState(final)).toBe('editing');
    if (before.context.cart) expect(recorded.createCart.at(-1)?.request).toEqual(requestOfCart(before.context.cart, 'en'));
  }
  if (type === 'xstate.done.actor.carryOver') {
    expect(final.context.cart).toBe(event.output);
    expect(final.context.carryOver).toEqual([]);
    expect(recorded.carryOver.at(-1)?.changes).toEqual(before.context.carryOver);
  }
  if (type === 'addon.quantity') expect(final.context.change).toMatchObject({ kind: 'addons', addons: [{ addon_code: 'BRK', quantity: 3 }] });
  if (type === 'xstate.done.actor.changeCart') {
    // The summary is the server's: the context holds exactly the cart it answered.
    expect(final.context.cart).toBe(event.output);
    expect(final.context.declineReason).toBeNull();
  }
  if (type === 'method.select') expect(selectShownPaymentMethod(final)).toBe('paypal');
  if (type === 'xstate.done.actor.pay') {
    const result = event.output as PayResult;
    if (result.status === 'succeeded') {
      expect(phase).toBe('ordered');
      expect(final.context.orderId).toBe('order-1');
    } else if (result.status === 'action_required') {
      expect(phase).toBe('redirecting');
      expect(final.context.redirectUrl).toBe(result.redirect_url);
    } else {
      // Declined: everything the guest entered is kept, and they can pay again.
      expect(readyState(final)).toBe('declined');
      expect(final.context.declineReason).toBe('declined');
      expect(final.context.drafts).toEqual(before.context.drafts);
      expect(final.context.cart).toBe(before.context.cart);
      expect(final.context.card).toEqual(before.context.card);
    }
  }
  if (type === 'xstate.done.actor.reloadCart' && event.output === DECLINED_CART) {
    expect(readyState(final)).toBe('declined');
    expect(final.context.declineReason).toBe('insufficient_funds');
  }
  if ((type === 'xstate.done.actor.loadCart' || type === 'xstate.done.actor.reloadCart') && event.output === ORDERED) {
    expect(phase).toBe('ordered');
    expect(final.context.orderId).toBe('order-1');
  }
  if (type === 'xstate.done.actor.loadCart' && event.output === MISMATCHED) {
    // Another search than the known cart's: a new cart is made for it.
    expect(before.context.request ? final.value : phase).toBe(before.context.request ? 'creating' : 'ready');
  }
  if (type === 'pay') {
    if (payProblemsOf(before.context).length === 0) {
      expect(final.hasTag('paying')).toBe(true);
      // A new attempt, a new key.
      expect(final.context.payKey).not.toBeNull();
      expect(final.context.payKey).not.toBe(before.context.payKey);
    } else {
      expect(final.context.showProblems).toBe(true);
      expect(final.value).toEqual(before.value);
    }
  }
  if (type === 'payment.retry') {
    // The same attempt again: the pay call repeats the key of the call that got no answer.
    const keys = recorded.pay.map((call) => call.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.at(-1)).toBe(keys.at(-2));
  }
  if (type === 'voucher.apply' && (event as { code?: string }).code?.trim() === '') expect(final.value).toEqual(before.value);
}

/** Invariants along the whole path. */
function checkInvariants(snapshots: Snapshot[], path: Path, recorded: Calls) {
  snapshots.forEach((snapshot, index) => {
    const value = JSON.stringify(snapshot.value);
    expect(snapshot.hasTag('loading'), value).toBe(LOADING_STATES.some((state) => value === `"${state}"`));
    // What the guest typed is never lost: only their own edits change a draft that exists.
    if (index > 0) {
      const previous = snapshots[index - 1];
      const event = path.steps.filter((step) => (step.event as { type: string }).type !== 'xstate.init')[index - 1]?.event as { type: string } | undefined;
      // A sign-out takes the member's details off the page on purpose (checked in checkLastStep).
      const signOutTaken = previous?.context.pendingSession?.kind === 'signedOut' && snapshot.context.pendingSession === null;
      if (previous && event && !event.type.startsWith('traveller.') && event.type !== 'member.signedOut' && !signOutTaken) {
        // By room position: a member's new cart has new room stay ids; a sign-in only fills empty fields.
        const byPosition = (of: Snapshot) => roomStaysOf(of.context.cart).map(({ roomStay }) => of.context.drafts[roomStay.room_stay_id]);
        const now = byPosition(snapshot);
        byPosition(previous).forEach((draft, position) => {
          if (!draft) return;
          const signInTaken = event.type === 'member.signedIn' || (previous.context.pendingSession?.kind === 'signedIn' && snapshot.context.pendingSession === null);
          if (!signInTaken) expect(now[position]).toEqual(draft);
          else for (const [field, typed] of Object.entries(draft)) if (typed.trim() !== '') expect(now[position]?.[field as keyof typeof draft]).toBe(typed);
        });
        if (event.type !== 'company.changed') expect(snapshot.context.company).toEqual(previous.context.company);
      }
    }
  });
  // Keys: every pay call after the first either repeats the previous key (a retry) or uses one never used.
  const keys = recorded.pay.map((call) => call.idempotencyKey);
  keys.forEach((key, index) => {
    expect(key).toMatch(/^key-\d+$/);
    if (index > 0 && key !== keys[index - 1]) expect(keys.slice(0, index)).not.toContain(key);
  });
  // A member's details prefill the first traveller when the cart has none.
  const last = snapshots.at(-1);
  if (last?.context.member && last.context.cart && !isDeepStrictEqual(last.context.drafts, {})) {
    expect(Object.keys(last.context.drafts)).toContain(roomStaysOf(last.context.cart)[0]?.roomStay.room_stay_id);
  }
}

/**
 * What was typed is kept for its cart in the browser's session: restored when the page starts on that
 * cart, saved with every keystroke, and forgotten on sign-out and once the booking is paid.
 */
function checkDrafts(path: Path, snapshots: Snapshot[], kept: SavedDrafts | null, saved: SavedDrafts | null) {
  const final = snapshots.at(-1);
  const event = path.steps.at(-1)?.event as { type: string } | undefined;
  if (!final || !event) return;
  const firstReady = snapshots.find((snapshot) => snapshot.hasTag('ready'));
  if (saved && firstReady?.context.cart?.cart_id === saved.cartId) {
    // The reload finds what was typed for this cart: the form shows it, not the cart's empty traveller.
    expect(firstReady.context.drafts['rs-1']).toEqual(saved.drafts['rs-1']);
    expect(firstReady.context.company).toEqual(saved.company);
  }
  if (final.value === 'ordered') expect(kept).toBeNull();
  if (event.type === 'member.signedOut' && final.context.pendingSession === null) expect(kept).toBeNull();
  if ((event.type === 'traveller.changed' || event.type === 'company.changed') && final.hasTag('ready') && final.context.cart) {
    expect(kept).toEqual({ cartId: final.context.cart.cart_id, drafts: final.context.drafts, company: final.context.company });
  }
  // Never a member's details after they signed out.
  const signedOut = path.steps.some((step) => (step.event as { type: string }).type === 'member.signedOut');
  if (signedOut && final.context.notice === 'signedOut' && final.context.pendingSession === null) expect(JSON.stringify(kept ?? '')).not.toContain(MEMBER.email);
}

describe('drafts kept in the session', () => {
  it('come back when the page starts again on their cart (a reload, or "Change rooms" and back)', () => {
    const run = (saved: SavedDrafts | null) => {
      calls = noCalls();
      startDrafts = saved;
      savedDrafts = saved;
      const actor = createActor(machine, { input: inputFor({ knownCartId: 'cart-1', request: null, member: null }) });
      actor.start();
      actor.send(done('loadCart', OPEN));
      const snapshot = actor.getSnapshot();
      actor.stop();
      return snapshot;
    };
    const restored = run(TYPED_BEFORE);
    expect(restored.context.drafts['rs-1']).toEqual(TYPED_BEFORE.drafts['rs-1']);
    expect(restored.context.company).toEqual(TYPED_BEFORE.company);
    // Another cart's drafts are not this one's.
    const other = run({ ...TYPED_BEFORE, cartId: 'cart-9' });
    expect(other.context.drafts['rs-1']).toEqual(emptyTraveller());
  });
});

describe('cart machine, model-based', () => {
  it('keeps the generated paths few', () => {
    const total = plans.reduce((sum, plan) => sum + plan.shortest.length + plan.cover.length, 0);
    console.info(`cart model paths: ${plans.map((plan) => `${plan.model.name} ${plan.shortest.length} shortest + ${plan.cover.length} cover`).join(', ')}; ${total} in all`);
    // A guard against a path explosion (a context value wrongly telling states apart), not a target:
    // the flow has grown (signing in and out part-way, add-on quantities, the voucher field), the paths
    // linearly with it.
    expect(total).toBeLessThan(10000);
  });

  describe.each(
    plans
      .flatMap((plan) => [[`${plan.model.name}: shortest paths`, plan.model, plan.shortest] as const, [`${plan.model.name}: transition cover`, plan.model, plan.cover] as const])
      // Nothing to book ends at once: it has no transitions to cover.
      .filter(([, , paths]) => paths.length > 0),
  )('%s', (_, model, paths) => {
    it.each(paths.map((path: Path) => [describePath(path, label), path] as const))('%s', (_name, path) => {
      // The models start with nothing kept; the restore on start has its own test above.
      const saved = null;
      const { snapshots, calls, kept } = replay(path, model.input, saved);
      checkInvariants(snapshots, path, calls);
      checkLastStep(path, snapshots, calls);
      checkDrafts(path, snapshots, kept, saved);
    });
  });

  it('covers every state and transition of the machine', () => {
    const report = recorder.report('cart');
    console.info(formatCoverage(report));
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
