import * as v from 'valibot';
import { TravellerSchema } from '../../contract/ecommerce';
import type { EditModificationRequest, Modification, Traveller } from '../../contract/ecommerce';
import { nightsBetween } from '../../contract/calendar-dates';
import { IsoDateSchema, SEARCH_LIMITS } from '../../contract/search';
import type { DraftProblem, ModificationDraft, TravellerFields } from './modification.types';

/**
 * The rules of a reservation change, as pure functions of the draft: which problems stop a price check,
 * what is sent to the server, and whether the priced proposal changes anything at all.
 */

export function travellerFieldsOf(traveller: Traveller | null): TravellerFields {
  return { first_name: traveller?.first_name ?? '', last_name: traveller?.last_name ?? '', email: traveller?.email ?? '' };
}

/** The draft a fresh modification starts from: its proposal (the stay as booked) and today's traveller. */
export function draftOf(modification: Modification, currentTraveller: Traveller | null): ModificationDraft {
  const { proposed } = modification;
  return {
    checkInDate: proposed.check_in_date,
    checkOutDate: proposed.check_out_date,
    adultsCount: proposed.adults_count,
    childAges: [...proposed.child_ages],
    roomTypeCode: proposed.room_type_code,
    rateCode: proposed.rate_code,
    traveller: travellerFieldsOf(proposed.traveller ?? currentTraveller),
  };
}

const sameFields = (a: TravellerFields, b: TravellerFields) =>
  a.first_name.trim() === b.first_name.trim() && a.last_name.trim() === b.last_name.trim() && a.email.trim().toLowerCase() === b.email.trim().toLowerCase();

/**
 * The traveller to send: undefined when the guest changed nothing, the full traveller (today's phone,
 * company and requests kept) when the change is valid, null when it is not.
 */
export function travellerChange(draft: ModificationDraft, currentTraveller: Traveller | null): Traveller | null | undefined {
  if (sameFields(draft.traveller, travellerFieldsOf(currentTraveller))) return undefined;
  const parsed = v.safeParse(TravellerSchema, { ...(currentTraveller ?? {}), ...draft.traveller });
  return parsed.success ? parsed.output : null;
}

const isDate = (value: string) => v.is(IsoDateSchema, value);

export function draftProblems(draft: ModificationDraft, currentTraveller: Traveller | null, today: string): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!isDate(draft.checkInDate) || !isDate(draft.checkOutDate)) problems.push('dates.invalid');
  else if (draft.checkInDate < today) problems.push('dates.past');
  else if (draft.checkOutDate <= draft.checkInDate) problems.push('dates.order');
  else if (nightsBetween(draft.checkInDate, draft.checkOutDate) > SEARCH_LIMITS.maxNights) problems.push('dates.tooLong');
  const adultsOk = Number.isInteger(draft.adultsCount) && draft.adultsCount >= 1 && draft.adultsCount <= SEARCH_LIMITS.maxAdultsPerRoom;
  const childrenOk =
    draft.childAges.length <= SEARCH_LIMITS.maxChildrenPerRoom && draft.childAges.every((age) => Number.isInteger(age) && age >= 0 && age <= SEARCH_LIMITS.maxChildAge);
  if (!adultsOk || !childrenOk) problems.push('guests.invalid');
  if (travellerChange(draft, currentTraveller) === null) problems.push('traveller.invalid');
  return problems;
}

/** The edit request for a draft without problems: the whole stay as wished (room and rate included), the traveller only if it changes. */
export function changesOf(draft: ModificationDraft, currentTraveller: Traveller | null): EditModificationRequest {
  const traveller = travellerChange(draft, currentTraveller);
  return {
    check_in_date: draft.checkInDate,
    check_out_date: draft.checkOutDate,
    adults_count: draft.adultsCount,
    child_ages: [...draft.childAges],
    room_type_code: draft.roomTypeCode,
    rate_code: draft.rateCode,
    ...(traveller ? { traveller } : {}),
  };
}

const sameAges = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((age, index) => age === b[index]);

/** Whether the proposed stay differs from the booked one (dates, room, rate or guests). */
export function stayChanged(modification: Modification): boolean {
  const { original, proposed } = modification;
  return (
    original.check_in_date !== proposed.check_in_date ||
    original.check_out_date !== proposed.check_out_date ||
    original.room_type_code !== proposed.room_type_code ||
    original.rate_code !== proposed.rate_code ||
    original.adults_count !== proposed.adults_count ||
    !sameAges(original.child_ages, proposed.child_ages)
  );
}

/** Whether completing would change anything: the stay, or the traveller. */
export function hasChanges(modification: Modification, draft: ModificationDraft, currentTraveller: Traveller | null): boolean {
  return stayChanged(modification) || travellerChange(draft, currentTraveller) !== undefined;
}

/**
 * Whether the server's last answer was given for the draft's dates and guests: only then do its options
 * (rooms and rates priced for the whole stay) apply to what the guest is changing.
 */
export function answersDraftStay(modification: Modification, draft: ModificationDraft): boolean {
  const { proposed } = modification;
  return (
    proposed.check_in_date === draft.checkInDate &&
    proposed.check_out_date === draft.checkOutDate &&
    proposed.adults_count === draft.adultsCount &&
    sameAges(proposed.child_ages, draft.childAges)
  );
}
