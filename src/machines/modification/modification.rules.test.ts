import { describe, expect, it } from 'vitest';
import { PRICED, STARTED, TRAVELLER } from './modification.fixtures';
import { changesOf, draftOf, hasChanges, stayChanged, travellerChange } from './modification.rules';

describe('modification rules', () => {
  it('start the draft from the stay as booked and the current traveller', () => {
    expect(draftOf(STARTED, TRAVELLER)).toEqual({
      checkInDate: '2027-04-01',
      checkOutDate: '2027-04-03',
      adultsCount: 2,
      childAges: [],
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
    expect(changesOf(draft, TRAVELLER)).toEqual({ check_in_date: '2027-04-01', check_out_date: '2027-04-03', adults_count: 2, child_ages: [] });
    expect(changesOf(renamed, TRAVELLER).traveller?.last_name).toBe('King');
  });

  it('tell whether the proposal changes the stay or the traveller', () => {
    const draft = draftOf(STARTED, TRAVELLER);
    expect(stayChanged(STARTED)).toBe(false);
    expect(stayChanged(PRICED)).toBe(true);
    expect(stayChanged({ ...STARTED, proposed: { ...STARTED.proposed, child_ages: [4] } })).toBe(true);
    expect(hasChanges(STARTED, draft, TRAVELLER)).toBe(false);
    expect(hasChanges(STARTED, { ...draft, traveller: { ...draft.traveller, first_name: 'Augusta' } }, TRAVELLER)).toBe(true);
  });
});
