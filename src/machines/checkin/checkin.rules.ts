import * as v from 'valibot';
import { PersonalDetailsRequestSchema, REGISTRATION_FIELDS, registrationIssues, STAY_PURPOSES } from '../../contract/checkin';
import type { Checkin, PersonalDetailsInput, RegistrationField, StartCheckinRequest, StayPurpose } from '../../contract/checkin';
import type { ErrorIssue } from '../../contract/errors';
import { HttpError } from '../../services/bff/client';
import { CheckinError } from '../../services/checkin/checkin-api';
import type { CheckinContext, CheckinFailure, CheckinInput, DetailsDraft, PayProblem, RegistrationErrors, RegistrationProblem } from './checkin.types';

/*
 * Pure rules of the check-in flow, shared by the machine, its selectors and the views. What a hotel's
 * country requires comes from the check-in (its requirements) through the contract's rules, the same the
 * BFF applies; the BFF checks again and its answer wins.
 */

// ---------- failures ----------

/** How a failed call is handled: by its error code first, then by its HTTP status. */
export function classifyFailure(error: unknown): CheckinFailure {
  if (error instanceof CheckinError) {
    switch (error.code) {
      case 'checkin_not_open_yet':
        return 'notOpenYet';
      case 'checkin_closed':
        return 'closed';
      case 'stay_cancelled':
        return 'cancelled';
      case 'checkin_completed':
        return 'completed';
      case 'checkin_details_missing':
        return 'detailsMissing';
      case 'hotel_system_unavailable':
      case 'payments_unavailable':
      case 'service_unavailable':
        return 'unavailable';
      default:
        break;
    }
  }
  if (!(error instanceof HttpError)) return 'network';
  if (error.status === 400 || error.status === 422) return 'invalid';
  // A link that expired or was altered, a key this tab no longer has, another guest's stay: all alike.
  if (error.status === 401 || error.status === 403 || error.status === 404 || error.status === 410) return 'notFound';
  if (error.status === 429) return 'tooManyAttempts';
  if (error.status === 503) return 'unavailable';
  return 'network';
}

/** The first day online check-in opens, from a `checkin_not_open_yet` answer (its first issue names it). */
export function opensOnOf(error: unknown): string | null {
  if (!(error instanceof CheckinError)) return null;
  const day = error.issues.find((issue) => issue.path === 'opens_on')?.message ?? null;
  return day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

// ---------- the registration form ----------

const isField = (path: string): path is RegistrationField => (REGISTRATION_FIELDS as readonly string[]).includes(path);

/** The BFF's issues (or the form's own) as problems per field; issues of no field of the form are left out. */
export function errorsOfIssues(issues: readonly Pick<ErrorIssue, 'path' | 'message'>[]): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const { path, message } of issues) {
    if (!isField(path) || errors[path]) continue;
    errors[path] = problemOf(path, message);
  }
  return errors;
}

function problemOf(field: RegistrationField, message: string): RegistrationProblem {
  if (/^required$/i.test(message.trim())) return 'required';
  if (field === 'date_of_birth' && /future/i.test(message)) return 'future';
  if (field === 'date_of_birth' && /at least/i.test(message)) return 'tooYoung';
  return 'invalid';
}

export const emptyDraft = (): DetailsDraft => Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, ''])) as DetailsDraft;

/** The form as the check-in has it: the details saved before, else the booking's guest name. */
export function draftOfCheckin(checkin: Checkin): DetailsDraft {
  const draft = emptyDraft();
  const details = checkin.details;
  if (details) {
    for (const field of REGISTRATION_FIELDS) draft[field] = details[field] ?? '';
    return draft;
  }
  draft.first_name = checkin.stay.guest.first_name;
  draft.last_name = checkin.stay.guest.last_name;
  return draft;
}

const isPurpose = (value: string): value is StayPurpose => (STAY_PURPOSES as readonly string[]).includes(value);

/** The draft in the request's shape: empty text is left out (null), the country codes in capitals. */
export function detailsOfDraft(draft: DetailsDraft): PersonalDetailsInput {
  const text = (field: RegistrationField) => (draft[field].trim() === '' ? null : draft[field].trim());
  const upper = (field: RegistrationField) => text(field)?.toUpperCase() ?? null;
  return {
    first_name: text('first_name'),
    last_name: text('last_name'),
    date_of_birth: text('date_of_birth'),
    nationality: upper('nationality'),
    street: text('street'),
    postal_code: text('postal_code'),
    city: text('city'),
    country: upper('country'),
    document_number: text('document_number'),
    arrival_time: draft.arrival_time.trim(),
    // Not a purpose yet: the required-field rule names it.
    purpose: (isPurpose(draft.purpose) ? draft.purpose : '') as StayPurpose,
    company_name: text('company_name'),
  };
}

/** The fields the form shows for a check-in and what was entered (the document once the guest is foreign, the company for business). */
export function fieldsOf(checkin: Checkin | null, draft: DetailsDraft): RegistrationField[] {
  if (!checkin) return [];
  const country = checkin.requirements.country;
  const purpose = isPurpose(draft.purpose) ? draft.purpose : null;
  // The requirements come from the check-in, as the BFF sent them: the form asks exactly these.
  const required = new Set<RegistrationField>([...checkin.requirements.fields, 'arrival_time', 'purpose']);
  const foreign = !draft.nationality || draft.nationality.toUpperCase() !== country.toUpperCase();
  if (foreign) for (const field of checkin.requirements.foreign_guest_fields) required.add(field);
  if (purpose === 'business') required.add('company_name');
  return REGISTRATION_FIELDS.filter((field) => required.has(field));
}

/**
 * What is wrong with the draft before it goes to the BFF: a required field empty, a text in the wrong
 * form (a time, a date, a document number), a birth date in the future or of someone too young.
 */
export function reviewDraft(checkin: Checkin | null, draft: DetailsDraft, today: string): RegistrationErrors {
  if (!checkin) return {};
  const details = detailsOfDraft(draft);
  const shown = new Set(fieldsOf(checkin, draft));
  const errors: RegistrationErrors = {};
  for (const field of shown) if (draft[field].trim() === '') errors[field] = 'required';
  const parsed = v.safeParse(PersonalDetailsRequestSchema, details);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
      if (isField(path) && shown.has(path) && !errors[path]) errors[path] = 'invalid';
    }
    return errors;
  }
  const rest = errorsOfIssues(registrationIssues(checkin.requirements.country, parsed.output, today));
  for (const [field, problem] of Object.entries(rest) as [RegistrationField, RegistrationProblem][]) if (shown.has(field) && !errors[field]) errors[field] = problem;
  return errors;
}

export const hasErrors = (errors: RegistrationErrors): boolean => Object.keys(errors).length > 0;

/** The request that sends the draft: only the fields the form shows; the rest null. */
export function requestOfDraft(checkin: Checkin | null, draft: DetailsDraft): PersonalDetailsInput {
  const details = detailsOfDraft(draft);
  const shown = new Set(fieldsOf(checkin, draft));
  const parsed = v.safeParse(PersonalDetailsRequestSchema, details);
  const clean = parsed.success ? parsed.output : details;
  const result = { ...clean };
  for (const field of REGISTRATION_FIELDS) {
    if (field === 'arrival_time' || field === 'purpose') continue;
    if (!shown.has(field)) result[field] = null;
  }
  return result;
}

// ---------- payment ----------

/** What still stops the pre-authorisation: for a card, the card from the provider's form; PayPal needs nothing here. */
export function payProblemsOf(context: Pick<CheckinContext, 'method' | 'card'>): PayProblem[] {
  return context.method === 'card' && context.card === null ? ['card'] : [];
}

// ---------- starting ----------

/** The start request of how the page was opened, or null when there is none yet (the lookup not filled in). */
export function startRequestOf(context: Pick<CheckinContext, 'entry' | 'lookup'>): StartCheckinRequest | null {
  switch (context.entry.kind) {
    case 'link':
      return { token: context.entry.token };
    case 'member':
      return { reservation_number: context.entry.reservationNumber };
    case 'lookup': {
      const { reservationNumber, lastName } = context.lookup;
      return reservationNumber.trim() && lastName.trim() ? { reservation_number: reservationNumber.trim(), last_name: lastName.trim() } : null;
    }
    case 'resume':
      return null;
  }
}

export function initialCheckinContext(input: CheckinInput): CheckinContext {
  return {
    locale: input.locale,
    today: input.today,
    newKey: input.newKey,
    entry: input.entry,
    checkin: null,
    lookup: { reservationNumber: input.entry.kind === 'member' ? input.entry.reservationNumber : '', lastName: '' },
    lookupProblem: null,
    draft: emptyDraft(),
    drafted: false,
    fieldErrors: {},
    showProblems: false,
    refusals: 0,
    notice: null,
    // The card first, as before PayPal was offered: most guests leave a card.
    method: 'card',
    card: null,
    payProblems: [],
    payKey: null,
    declineReason: null,
    redirectUrl: null,
    opensOn: null,
    pendingChecks: 0,
  };
}
