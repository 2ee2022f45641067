import type { StateValue } from 'xstate';
import type { Checkin, CheckinPaymentMethod, RegistrationField } from '../../contract/checkin';
import type { DeclineReason } from '../../contract/ecommerce';
import { CHECKIN_TIMINGS } from './checkin.machine';
import { fieldsOf } from './checkin.rules';
import type { CheckinContext, CheckinNotice, CheckinTag, DetailsDraft, EnteredCard, LookupDraft, LookupField, LookupProblem, PayProblem, RegistrationErrors } from './checkin.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
export interface CheckinSnapshot {
  value: StateValue;
  context: CheckinContext;
  hasTag: (tag: CheckinTag) => boolean;
}

/** What the page shows. */
export type CheckinView =
  | 'loading'
  | 'lookup'
  | 'details'
  | 'payment'
  | 'awaitingPayment'
  | 'redirecting'
  | 'done'
  | 'linkInvalid'
  | 'accessLost'
  | 'notOpenYet'
  | 'closed'
  | 'cancelled'
  | 'unavailable'
  | 'failed';

const topOf = (value: StateValue): string => (typeof value === 'string' ? value : (Object.keys(value)[0] ?? ''));

export function selectView({ value }: Pick<CheckinSnapshot, 'value'>): CheckinView {
  const top = topOf(value);
  switch (top) {
    case 'lookup':
    case 'details':
    case 'payment':
    case 'awaitingPayment':
    case 'redirecting':
    case 'done':
    case 'linkInvalid':
    case 'accessLost':
    case 'notOpenYet':
    case 'closed':
    case 'cancelled':
    case 'unavailable':
    case 'failed':
      return top;
    default:
      // starting, opening, loading, routing
      return 'loading';
  }
}

/** The steps of the check-in the step indicator shows, and which is current (null where no step is shown). */
export const CHECKIN_STEPS = ['details', 'payment', 'done'] as const;
export type CheckinStep = (typeof CHECKIN_STEPS)[number];

export function selectStep(snapshot: Pick<CheckinSnapshot, 'value'>): CheckinStep | null {
  const view = selectView(snapshot);
  if (view === 'details' || view === 'done') return view;
  if (view === 'payment' || view === 'awaitingPayment' || view === 'redirecting') return 'payment';
  return null;
}

/** The payment step's part: entering the card, declined, on its way, or without an answer. */
export type PaymentPhase = 'choosing' | 'declined' | 'paying' | 'paymentFailed';

export function selectPaymentPhase({ value }: Pick<CheckinSnapshot, 'value'>): PaymentPhase | null {
  if (typeof value === 'string' || !('payment' in value)) return null;
  const inner = value.payment;
  switch (inner) {
    case 'choosing':
    case 'declined':
    case 'paymentFailed':
      return inner;
    default:
      return 'paying';
  }
}

export const selectCheckin = (snapshot: CheckinSnapshot): Checkin | null => snapshot.context.checkin;
export const selectIsBusy = (snapshot: CheckinSnapshot): boolean => snapshot.hasTag('busy');
export const selectDraft = (snapshot: CheckinSnapshot): DetailsDraft => snapshot.context.draft;
export const selectNotice = (snapshot: CheckinSnapshot): CheckinNotice | null => snapshot.context.notice;
export const selectCard = (snapshot: CheckinSnapshot): EnteredCard | null => snapshot.context.card;
/** How the guest guarantees the stay: the card, or PayPal. */
export const selectMethod = (snapshot: CheckinSnapshot): CheckinPaymentMethod => snapshot.context.method;
export const selectDeclineReason = (snapshot: CheckinSnapshot): DeclineReason | null => snapshot.context.declineReason;
export const selectOpensOn = (snapshot: CheckinSnapshot): string | null => snapshot.context.opensOn;
export const selectLookup = (snapshot: CheckinSnapshot): LookupDraft => snapshot.context.lookup;
export const selectLookupProblem = (snapshot: CheckinSnapshot): LookupProblem | null => snapshot.context.lookupProblem;
/** How often going on was refused: the page moves focus to the first problem each time. */
export const selectRefusals = (snapshot: CheckinSnapshot): number => snapshot.context.refusals;
export const selectPayProblems = (snapshot: CheckinSnapshot): PayProblem[] => snapshot.context.payProblems;
export const selectCanRecheck = (snapshot: CheckinSnapshot): boolean => snapshot.context.pendingChecks < CHECKIN_TIMINGS.maxPendingChecks;

/** The registration form's fields, in form order: what the hotel's country requires, given what was entered. */
export const selectFields = (snapshot: CheckinSnapshot): RegistrationField[] => fieldsOf(snapshot.context.checkin, snapshot.context.draft);

/** The problems shown at the form's fields (only once the guest tried to go on, or the BFF refused). */
export const selectFieldErrors = (snapshot: CheckinSnapshot): RegistrationErrors => snapshot.context.fieldErrors;

/** The lookup's empty fields, once the guest tried to look up. */
export function selectLookupMissing(snapshot: CheckinSnapshot): LookupField[] {
  if (!snapshot.context.showProblems || selectView(snapshot) !== 'lookup') return [];
  const { lookup } = snapshot.context;
  return (['reservationNumber', 'lastName'] as const).filter((field) => lookup[field].trim() === '');
}

/** The registration confirmation, once checked in. */
export const selectConfirmation = (snapshot: CheckinSnapshot) => (selectView(snapshot) === 'done' ? (snapshot.context.checkin?.confirmation ?? null) : null);
