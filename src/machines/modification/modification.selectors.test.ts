import { describe, expect, it } from 'vitest';
import { PRICED, ROOM_PRICED, STARTED, TODAY, TRAVELLER, UNAVAILABLE } from './modification.fixtures';
import type { ModificationSnapshot } from './modification.selectors';
import {
  selectCanCheckPrice,
  selectCanComplete,
  selectCanEdit,
  selectFailure,
  selectIsUnchanged,
  selectOriginal,
  selectPhase,
  selectPriceChange,
  selectProblems,
  selectRoomChoices,
  selectUnavailableReason,
} from './modification.selectors';

const draft = { checkInDate: '2027-04-01', checkOutDate: '2027-04-04', adultsCount: 2, childAges: [], roomTypeCode: 'DBL', rateCode: 'FLEX', traveller: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' } };
const context: ModificationSnapshot['context'] = {
  modification: PRICED,
  draft,
  priced: true,
  notice: null,
  unavailableReason: null,
  failure: null,
  failedStep: null,
  currentTraveller: TRAVELLER,
  today: TODAY,
};
const at = (value: unknown, overrides: Partial<ModificationSnapshot['context']> = {}): ModificationSnapshot => ({ value, context: { ...context, ...overrides } });

describe('modification selectors', () => {
  it('name the phase from the state value', () => {
    expect(selectPhase(at('starting'))).toBe('starting');
    expect(selectPhase(at({ editing: 'idle' }))).toBe('editing');
    expect(selectPhase(at({ editing: 'repricing' }))).toBe('repricing');
    expect(selectPhase(at('unavailable'))).toBe('unavailable');
    expect(selectPhase(at('completing'))).toBe('completing');
    expect(selectPhase(at('completed'))).toBe('completed');
    expect(selectPhase(at('failed'))).toBe('failed');
  });

  it('show the new price and the difference only for a priced proposal that can be booked', () => {
    expect(selectPriceChange(at({ editing: 'idle' }))).toEqual({ currency: 'EUR', original: 240, proposed: 360, difference: 120, room: null });
    // Another room: its names from the answer's options.
    const bookedDates = { ...draft, checkOutDate: '2027-04-03', roomTypeCode: 'SUP' };
    expect(selectPriceChange(at({ editing: 'idle' }, { modification: ROOM_PRICED, draft: bookedDates }))?.room).toEqual({ roomTypeName: 'Superior room', rateName: 'Flexible rate' });
    const unlisted = { ...ROOM_PRICED, options: [] };
    expect(selectPriceChange(at({ editing: 'idle' }, { modification: unlisted, draft: bookedDates }))?.room).toEqual({ roomTypeName: 'SUP', rateName: 'FLEX' });
    expect(selectPriceChange(at('completing'))).not.toBeNull();
    // Stale after an edit, being checked, or not bookable: no price.
    expect(selectPriceChange(at({ editing: 'idle' }, { priced: false }))).toBeNull();
    expect(selectPriceChange(at({ editing: 'repricing' }))).toBeNull();
    expect(selectPriceChange(at('unavailable', { modification: UNAVAILABLE }))).toBeNull();
    expect(selectPriceChange(at({ editing: 'idle' }, { modification: UNAVAILABLE }))).toBeNull();
  });

  it('offer Complete only while editing a priced proposal that changes something', () => {
    expect(selectCanComplete(at({ editing: 'idle' }))).toBe(true);
    expect(selectCanComplete(at({ editing: 'idle' }, { priced: false }))).toBe(false);
    expect(selectCanComplete(at('unavailable', { modification: UNAVAILABLE }))).toBe(false);
    expect(selectCanComplete(at('completing'))).toBe(false);
    // The booking as it is, checked: nothing to complete.
    const unchanged = at({ editing: 'idle' }, { modification: STARTED, draft: { ...draft, checkOutDate: '2027-04-03' } });
    expect(selectIsUnchanged(unchanged)).toBe(true);
    expect(selectCanComplete(unchanged)).toBe(false);
    // A traveller change alone is a change.
    const renamed = at({ editing: 'idle' }, { modification: STARTED, draft: { ...draft, traveller: { ...draft.traveller, last_name: 'King' } } });
    expect(selectCanComplete(renamed)).toBe(true);
  });

  it('list the problems of the draft and refuse a price check while there are any', () => {
    expect(selectProblems(at({ editing: 'idle' }))).toEqual([]);
    expect(selectCanCheckPrice(at({ editing: 'idle' }))).toBe(true);
    expect(selectCanCheckPrice(at('unavailable'))).toBe(true);
    expect(selectCanCheckPrice(at({ editing: 'repricing' }))).toBe(false);
    const backwards = at({ editing: 'idle' }, { draft: { ...draft, checkInDate: '2027-04-05', checkOutDate: '2027-04-02' } });
    expect(selectProblems(backwards)).toEqual(['dates.order']);
    expect(selectCanCheckPrice(backwards)).toBe(false);
    expect(selectProblems(at({ editing: 'idle' }, { draft: { ...draft, checkInDate: '2027-03-09' } }))).toEqual(['dates.past']);
    expect(selectProblems(at({ editing: 'idle' }, { draft: { ...draft, checkInDate: '' } }))).toEqual(['dates.invalid']);
    expect(selectProblems(at({ editing: 'idle' }, { draft: { ...draft, checkOutDate: '2027-05-02' } }))).toEqual(['dates.tooLong']);
    expect(selectProblems(at({ editing: 'idle' }, { draft: { ...draft, adultsCount: 0, childAges: [18] } }))).toEqual(['guests.invalid']);
    expect(selectProblems(at({ editing: 'idle' }, { draft: { ...draft, traveller: { ...draft.traveller, email: 'nope' } } }))).toEqual(['traveller.invalid']);
  });

  it('take edits while editing, checking a price or after an unavailable answer, not while completing', () => {
    expect(selectCanEdit(at({ editing: 'idle' }))).toBe(true);
    expect(selectCanEdit(at({ editing: 'repricing' }))).toBe(true);
    expect(selectCanEdit(at('unavailable'))).toBe(true);
    expect(selectCanEdit(at('completing'))).toBe(false);
    expect(selectCanEdit(at('failed'))).toBe(false);
  });

  it('give the failure and whether the edits can be resumed', () => {
    expect(selectFailure(at({ editing: 'idle' }))).toBeNull();
    expect(selectFailure(at('failed', { failure: 'notFound', failedStep: 'start', modification: null }))).toEqual({ failure: 'notFound', canResume: false });
    expect(selectFailure(at('failed', { failure: 'failed', failedStep: 'complete' }))).toEqual({ failure: 'failed', canResume: true });
  });

  it('list the rooms and rates of the answer for the draft\'s dates and guests, the choice and the booked one marked', () => {
    const bookedDates = { ...draft, checkOutDate: '2027-04-03', rateCode: 'MEMBER' };
    const choices = selectRoomChoices(at({ editing: 'idle' }, { modification: STARTED, draft: bookedDates }));
    expect(choices).toEqual({
      kind: 'list',
      currency: 'EUR',
      roomTypes: [
        {
          roomTypeCode: 'DBL',
          roomTypeName: 'Double room',
          rates: [
            { rateCode: 'FLEX', rateName: 'Flexible rate', isMemberRate: false, priceWithTax: 240, chosen: false, booked: true },
            { rateCode: 'MEMBER', rateName: 'Flexible member rate', isMemberRate: true, priceWithTax: 220, chosen: true, booked: false },
          ],
        },
        { roomTypeCode: 'SUP', roomTypeName: 'Superior room', rates: [{ rateCode: 'FLEX', rateName: 'Flexible rate', isMemberRate: false, priceWithTax: 300, chosen: false, booked: false }] },
      ],
    });
    // The draft's dates or guests differ from the answer's: its options price another stay.
    expect(selectRoomChoices(at({ editing: 'idle' }, { modification: STARTED, draft }))).toEqual({ kind: 'pending' });
    expect(selectRoomChoices(at({ editing: 'idle' }, { modification: STARTED, draft: { ...bookedDates, childAges: [4] } }))).toEqual({ kind: 'pending' });
    // No options, or none listed.
    expect(selectRoomChoices(at({ editing: 'idle' }, { modification: { ...STARTED, options: [] }, draft: bookedDates }))).toEqual({ kind: 'none' });
    expect(selectRoomChoices(at({ editing: 'idle' }, { modification: { ...STARTED, options: undefined }, draft: bookedDates }))).toEqual({ kind: 'none' });
    expect(selectRoomChoices(at('starting', { modification: null }))).toBeNull();
  });

  it('say why the draft cannot be booked, only while unavailable', () => {
    expect(selectUnavailableReason(at('unavailable', { unavailableReason: 'paymentFailed' }))).toBe('paymentFailed');
    expect(selectUnavailableReason(at('unavailable', { unavailableReason: 'roomsGone' }))).toBe('roomsGone');
    expect(selectUnavailableReason(at({ editing: 'idle' }, { unavailableReason: 'paymentFailed' }))).toBeNull();
  });

  it('give the stay as booked', () => {
    expect(selectOriginal(at({ editing: 'idle' }))).toMatchObject({ check_in_date: '2027-04-01', check_out_date: '2027-04-03', price_with_tax: 240, currency: 'EUR' });
    expect(selectOriginal(at('starting', { modification: null }))).toBeNull();
  });
});
