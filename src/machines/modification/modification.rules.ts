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

/** The edit request for a draft without problems: the whole stay as wished, the traveller only if it changes. */
export function changesOf(draft: ModificationDraft, currentTraveller: Traveller | null): EditModificationRequest {
  const traveller = travellerChange(draft, currentTraveller);
  return {
    check_in_date: draft.checkInDate,
    check_out_date: draft.checkOutDate,
    adults_count: draft.adultsCount,
    child_ages: [...draft.childAges],
    ...(traveller ? { traveller } : {}),
  };
}

/** Whether the proposed stay differs from the booked one (dates, room, rate or guests). */
export function stayChanged(modification: Modification): boolean {
  const { original, proposed } = modification;
  return (
    original.check_in_date !== proposed.check_in_date ||
    original.check_out_date !== proposed.check_out_date ||
    original.room_type_code !== proposed.room_type_code ||
    original.rate_code !== proposed.rate_code ||
    original.adults_count !== proposed.adults_count ||
    original.child_ages.length !== proposed.child_ages.length ||
    original.child_ages.some((age, index) => age !== proposed.child_ages[index])
  );
}

/** Whether completing would change anything: the stay, or the traveller. */
export function hasChanges(modification: Modification, draft: ModificationDraft, currentTraveller: Traveller | null): boolean {
  return stayChanged(modification) || travellerChange(draft, currentTraveller) !== undefined;
}
