import { describe, expect, it } from 'vitest';
import { PRICED, STARTED, TRAVELLER } from './modification.fixtures';
import { answersDraftStay, changesOf, draftOf, hasChanges, stayChanged, travellerChange } from './modification.rules';

describe('modification rules', () => {
  it('start the draft from the stay as booked and the current traveller', () => {
    expect(draftOf(STARTED, TRAVELLER)).toEqual({
      checkInDate: '2027-04-01',
      checkOutDate: '2027-04-03',
      adultsCount: 2,
      childAges: [],
      roomTypeCode: 'DBL',
      rateCode: 'FLEX',
      traveller: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    expect(draftOf(STARTED, null).traveller).toEqual({ first_name: '', last_name: '', email: '' });
  });

  it('send the traveller only when it changes, keeping what the form does not show', () => {
    const draft = draftOf(STARTED, TRAVELLER);
    expect(travellerChange(draft, TRAVELLER)).toBeUndefined();
    // Case and spaces alone are no change.
    expect(travellerChange({ ...draft, traveller: { ...draft.traveller, email: ' ADA@example.com ' } }, TRAVELLER)).toBeUndefined();
    const renamed = { ...draft, traveller: { ...draft.traveller, last_name: ' King ' } };
    expect(travellerChange(renamed, TRAVELLER)).toEqual({ ...TRAVELLER, last_name: 'King' });
    expect(travellerChange({ ...draft, traveller: { ...draft.traveller, email: 'nope' } }, TRAVELLER)).toBeNull();
    expect(changesOf(draft, TRAVELLER)).toEqual({ check_in_date: '2027-04-01', check_out_date: '2027-04-03', adults_count: 2, child_ages: [], room_type_code: 'DBL', rate_code: 'FLEX' });
    expect(changesOf({ ...draft, roomTypeCode: 'SUP', rateCode: 'MEMBER' }, TRAVELLER)).toMatchObject({ room_type_code: 'SUP', rate_code: 'MEMBER' });
    expect(changesOf(renamed, TRAVELLER).traveller?.last_name).toBe('King');
  });

  it('tell whether the proposal changes the stay or the traveller', () => {
    const draft = draftOf(STARTED, TRAVELLER);
    expect(stayChanged(STARTED)).toBe(false);
    expect(stayChanged(PRICED)).toBe(true);
    expect(stayChanged({ ...STARTED, proposed: { ...STARTED.proposed, child_ages: [4] } })).toBe(true);
    expect(stayChanged({ ...STARTED, proposed: { ...STARTED.proposed, rate_code: 'MEMBER' } })).toBe(true);
    expect(hasChanges(STARTED, draft, TRAVELLER)).toBe(false);
    expect(hasChanges(STARTED, { ...draft, traveller: { ...draft.traveller, first_name: 'Augusta' } }, TRAVELLER)).toBe(true);
  });
});

describe('options of an answer', () => {
  it('apply to the draft only while its dates and guests are the ones the answer priced', () => {
    const draft = draftOf(STARTED, TRAVELLER);
    expect(answersDraftStay(STARTED, draft)).toBe(true);
    // Another room or traveller does not change the stay the options were priced for.
    expect(answersDraftStay(STARTED, { ...draft, roomTypeCode: 'SUP', traveller: { ...draft.traveller, last_name: 'King' } })).toBe(true);
    expect(answersDraftStay(STARTED, { ...draft, checkOutDate: '2027-04-04' })).toBe(false);
    expect(answersDraftStay(STARTED, { ...draft, adultsCount: 3 })).toBe(false);
    expect(answersDraftStay(STARTED, { ...draft, childAges: [4] })).toBe(false);
    expect(answersDraftStay({ ...STARTED, proposed: { ...STARTED.proposed, child_ages: [5] } }, { ...draft, childAges: [4] })).toBe(false);
  });
});
