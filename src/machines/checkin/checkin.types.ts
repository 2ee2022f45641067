import type { Checkin, CheckinPaymentMethod, CheckinPayResult, PersonalDetailsInput, RegistrationField, StartCheckinRequest } from '../../contract/checkin';
import type { DeclineReason } from '../../contract/ecommerce';
import type { Locale } from '../../contract/locales';

/**
 * How the page was opened: the pre-arrival mail's link (its token), the account's booking (the member's
 * reservation number), a check-in this tab already holds (its id in the address, after a reload or the
 * provider's return), or nothing (the lookup with reservation number and last name).
 */
export type CheckinEntry =
  | { kind: 'link'; token: string }
  | { kind: 'member'; reservationNumber: string }
  | { kind: 'resume'; checkinId: string }
  | { kind: 'lookup' };

/** What the guest types in the registration form: every field as text, checked when they go on. */
export type DetailsDraft = Record<RegistrationField, string>;

/** Why a registration field is refused; the view words it. */
export type RegistrationProblem = 'required' | 'invalid' | 'future' | 'tooYoung';
export type RegistrationErrors = Partial<Record<RegistrationField, RegistrationProblem>>;

/** The lookup's fields. */
export interface LookupDraft {
  reservationNumber: string;
  lastName: string;
}
export type LookupField = keyof LookupDraft;

/** Why the lookup found nothing to check in; the view says it above the button. */
export type LookupProblem = 'notFound' | 'tooManyAttempts' | 'unavailable' | 'failed';

/** A notice in a step after a call did not go through; what was typed stays. */
export type CheckinNotice = 'saveFailed' | 'unavailable' | 'methodFailed' | 'cardRefused';

/** What still stops the payment; the view says it next to the pay button. */
export type PayProblem = 'card';

/** The card entered in the provider's hosted form: its one-time token (sent once, with the payment) and what may be shown. */
export interface EnteredCard {
  token: string;
  brand: string;
  last4: string;
}

/** How a failed call is handled (services/checkin/checkin-api.ts gives the status and the code). */
export type CheckinFailure =
  | 'notOpenYet'
  | 'closed'
  | 'cancelled'
  | 'completed'
  | 'detailsMissing'
  | 'invalid'
  | 'notFound'
  | 'tooManyAttempts'
  | 'unavailable'
  | 'network';

export interface CheckinInput {
  locale: Locale;
  entry: CheckinEntry;
  /** The hotel's today (`yyyy-MM-dd`, Europe/Berlin), for the age rule of the registration form. */
  today: string;
  /** Makes idempotency keys (crypto.randomUUID in the browser; tests pass a deterministic one). */
  newKey: () => string;
}

export interface CheckinContext {
  locale: Locale;
  today: string;
  newKey: () => string;
  /** How the check-in is reached now: the entry, until the guest turns to the lookup. */
  entry: CheckinEntry;
  /** The server's check-in: every fact shown comes from here. */
  checkin: Checkin | null;
  lookup: LookupDraft;
  lookupProblem: LookupProblem | null;
  draft: DetailsDraft;
  /** The draft was filled from the check-in once; later loads keep what the guest typed. */
  drafted: boolean;
  fieldErrors: RegistrationErrors;
  /** Set once the guest tried to go on with something missing; errors then follow their typing. */
  showProblems: boolean;
  /** How often going on was refused: each time the page takes the guest to the first problem. */
  refusals: number;
  notice: CheckinNotice | null;
  /** How the guest guarantees the stay: a card (the provider's hosted form) or PayPal (approved at its page). */
  method: CheckinPaymentMethod;
  card: EnteredCard | null;
  payProblems: PayProblem[];
  /** The Idempotency-Key of the current payment attempt, kept for a retry after a network failure. */
  payKey: string | null;
  declineReason: DeclineReason | null;
  /** Where the provider wants the guest (3-D Secure, PayPal). */
  redirectUrl: string | null;
  /** The first day online check-in opens, when it is too early (`yyyy-MM-dd`). */
  opensOn: string | null;
  /** How often a payment still waiting at the provider was read again. */
  pendingChecks: number;
}

export type CheckinEvent =
  | { type: 'lookup.changed'; field: LookupField; value: string }
  | { type: 'lookup.submit' }
  /** From a failure (a link that no longer works, a key this tab lost): to the lookup. */
  | { type: 'lookup.open' }
  | { type: 'details.changed'; field: RegistrationField; value: string }
  | { type: 'details.submit' }
  /** From the payment step, back to the registration form (what was entered is kept). */
  | { type: 'details.edit' }
  /** The guest chooses how to guarantee the stay. */
  | { type: 'method.select'; method: CheckinPaymentMethod }
  /** The provider's hosted form tokenized a card (its message checked for origin and shape by the view). */
  | { type: 'card.tokenized'; token: string; brand: string; last4: string }
  | { type: 'payment.submit' }
  /** After a payment got no answer: the same attempt again, with the same Idempotency-Key. */
  | { type: 'payment.retry' }
  /** Reads the check-in again to learn how a payment ended. */
  | { type: 'payment.check' }
  | { type: 'notice.dismiss' }
  /** After a failure without an outcome (network, the hotel's system): the same step again. */
  | { type: 'retry' };

/** Tags the views select on. */
export type CheckinTag = 'loading' | 'busy' | 'failure';

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` by the live binding or a test). */
export interface CheckinActorTypes {
  /** Starts (or resumes) the check-in; the access key it answers is kept by the service, not the machine. */
  startCheckin: { input: { request: StartCheckinRequest }; output: Checkin };
  loadCheckin: { input: { checkinId: string }; output: Checkin };
  saveDetails: { input: { checkinId: string; details: PersonalDetailsInput }; output: Checkin };
  setPaymentMethod: { input: { checkinId: string; method: CheckinPaymentMethod }; output: Checkin };
  pay: { input: { checkinId: string; idempotencyKey: string; paymentInstrumentId: string | null; locale: Locale }; output: CheckinPayResult };
}
