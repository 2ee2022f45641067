import type { Modification } from '../../contract/ecommerce';
import { plainNumber } from '../../services/navigation/router-search';
import { answersDraftStay, draftProblems, hasChanges } from './modification.rules';
import type { DraftProblem, ModificationContext, ModificationDraft, ModificationFailure, ModificationNotice, UnavailableReason } from './modification.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
export interface ModificationSnapshot {
  context: Pick<ModificationContext, 'modification' | 'draft' | 'priced' | 'notice' | 'unavailableReason' | 'failure' | 'failedStep' | 'currentTraveller' | 'today'>;
  /** The state value, as the machine gives it. */
  value: unknown;
}

/** Where the flow is, in the words the view uses. */
export type ModificationPhase = 'loading' | 'starting' | 'editing' | 'repricing' | 'unavailable' | 'completing' | 'completed' | 'failed' | 'notChangeable' | 'signedOut';

export function selectPhase(snapshot: ModificationSnapshot): ModificationPhase {
  const { value } = snapshot;
  if (typeof value === 'object' && value !== null && 'editing' in value) {
    return (value as { editing: unknown }).editing === 'repricing' ? 'repricing' : 'editing';
  }
  switch (value) {
    case 'loadingBooking':
      return 'loading';
    case 'notChangeable':
    case 'signedOut':
    case 'starting':
    case 'unavailable':
    case 'completing':
    case 'completed':
    case 'failed':
      return value;
    default:
      return 'starting';
  }
}

export const selectDraft = (snapshot: ModificationSnapshot): ModificationDraft => snapshot.context.draft;

export const selectProblems = (snapshot: ModificationSnapshot): DraftProblem[] => draftProblems(snapshot.context.draft, snapshot.context.currentTraveller, snapshot.context.today);

/** The stay as booked, once the modification started. */
export function selectOriginal(snapshot: ModificationSnapshot) {
  const { modification } = snapshot.context;
  return modification ? { ...modification.original, currency: modification.currency } : null;
}

export interface PriceChange {
  currency: string;
  /** Price of the stay as booked and as proposed, tax included. */
  original: number;
  proposed: number;
  /** proposed - original, as the server computed it. */
  difference: number;
  /** The new room type and rate, when the proposal changes them. */
  room: { roomTypeName: string; rateName: string } | null;
}

/** A room type's and rate's names in the answer's options (the codes when the options do not list them). */
function namesOf(modification: Modification, roomTypeCode: string, rateCode: string) {
  const roomType = modification.options?.find((option) => option.room_type_code === roomTypeCode);
  const rate = roomType?.rates.find((option) => option.rate_code === rateCode);
  return { roomTypeName: roomType?.room_type_name ?? roomTypeCode, rateName: rate?.rate_name ?? rateCode };
}

/** The new price, only while it prices the draft as it stands and the proposal can be booked. */
export function selectPriceChange(snapshot: ModificationSnapshot): PriceChange | null {
  const { modification, priced } = snapshot.context;
  const phase = selectPhase(snapshot);
  if (!modification || !priced || !modification.available || (phase !== 'editing' && phase !== 'completing')) return null;
  return {
    currency: modification.currency,
    original: modification.original.price_with_tax,
    proposed: modification.proposed.price_with_tax,
    difference: modification.price_difference,
    room:
      modification.proposed.room_type_code === modification.original.room_type_code && modification.proposed.rate_code === modification.original.rate_code
        ? null
        : namesOf(modification, modification.proposed.room_type_code, modification.proposed.rate_code),
  };
}

export interface RateChoice {
  rateCode: string;
  rateName: string;
  isMemberRate: boolean;
  /** For the whole stay, tax included. */
  priceWithTax: number;
  /** The draft's choice. */
  chosen: boolean;
  /** The room type and rate as booked. */
  booked: boolean;
}

export interface RoomTypeChoice {
  roomTypeCode: string;
  roomTypeName: string;
  rates: RateChoice[];
}

/**
 * The rooms and rates the guest may choose: `pending` until the server has answered for the draft's dates
 * and guests (its options price another stay), `none` when it lists no room, else the list.
 */
export type RoomChoices = { kind: 'pending' } | { kind: 'none' } | { kind: 'list'; currency: string; roomTypes: RoomTypeChoice[] };

export function selectRoomChoices(snapshot: ModificationSnapshot): RoomChoices | null {
  const { modification, draft } = snapshot.context;
  if (!modification) return null;
  if (!answersDraftStay(modification, draft)) return { kind: 'pending' };
  const options = modification.options ?? [];
  if (options.length === 0) return { kind: 'none' };
  const { original } = modification;
  return {
    kind: 'list',
    currency: modification.currency,
    roomTypes: options.map((option) => ({
      roomTypeCode: option.room_type_code,
      roomTypeName: option.room_type_name,
      rates: option.rates.map((rate) => ({
        rateCode: rate.rate_code,
        rateName: rate.rate_name,
        isMemberRate: rate.is_member_rate,
        priceWithTax: rate.price_with_tax,
        chosen: option.room_type_code === draft.roomTypeCode && rate.rate_code === draft.rateCode,
        booked: option.room_type_code === original.room_type_code && rate.rate_code === original.rate_code,
      })),
    })),
  };
}

/** Whether the priced proposal changes nothing (the guest checked the booking as it is). */
export function selectIsUnchanged(snapshot: ModificationSnapshot): boolean {
  const { modification, priced, draft, currentTraveller } = snapshot.context;
  return selectPhase(snapshot) === 'editing' && priced && modification !== null && modification.available && !hasChanges(modification, draft, currentTraveller);
}

/** Complete is offered for a priced proposal that can be booked and changes something. */
export function selectCanComplete(snapshot: ModificationSnapshot): boolean {
  return selectPriceChange(snapshot) !== null && selectPhase(snapshot) === 'editing' && !selectIsUnchanged(snapshot);
}

/** The price check is offered while editing (or after an unavailable answer) for a draft without problems. */
export function selectCanCheckPrice(snapshot: ModificationSnapshot): boolean {
  const phase = selectPhase(snapshot);
  return (phase === 'editing' || phase === 'unavailable') && selectProblems(snapshot).length === 0;
}

/** The form takes edits while editing (a price check is dropped by an edit) and after an unavailable answer. */
export function selectCanEdit(snapshot: ModificationSnapshot): boolean {
  const phase = selectPhase(snapshot);
  return phase === 'editing' || phase === 'repricing' || phase === 'unavailable';
}

export const selectNotice = (snapshot: ModificationSnapshot): ModificationNotice => snapshot.context.notice;

/** Why the draft cannot be booked, while the flow says so. */
export const selectUnavailableReason = (snapshot: ModificationSnapshot): UnavailableReason | null =>
  selectPhase(snapshot) === 'unavailable' ? (snapshot.context.unavailableReason ?? 'roomsGone') : null;

export function selectFailure(snapshot: ModificationSnapshot): { failure: ModificationFailure; canResume: boolean } | null {
  const { failure, failedStep, modification } = snapshot.context;
  if (selectPhase(snapshot) !== 'failed' || !failure) return null;
  return { failure, canResume: failedStep === 'complete' && modification !== null };
}

/** A reservation number as a link's search value (a number stays a number in the address). */
export const reservationLinkValue = (reservation: string): string | number => plainNumber(reservation);
