import { describe, expect, it } from 'vitest';
import { CHANGED, checkout, MOVED } from './hotel-checkout.fixtures';
import { initialContext } from './hotel-checkout.rules';
import {
  selectFolioGroups,
  selectIsBusy,
  selectNeedsBusinessAddress,
  selectPaymentPhase,
  selectPayProblem,
  selectStep,
  selectTotals,
} from './hotel-checkout.selectors';
import type { HotelCheckoutSnapshot } from './hotel-checkout.selectors';
import type { HotelCheckoutContext } from './hotel-checkout.types';

/* The hotel checkout's selectors on hand-made snapshots. */

const context = (overrides: Partial<HotelCheckoutContext> = {}): HotelCheckoutContext => ({
  ...initialContext({ locale: 'en', start: { kind: 'resume', checkoutId: 'x', returning: false }, page: 'folio', newKey: () => 'k' }),
  checkout: checkout(),
  ...overrides,
});
const snapshot = (value: unknown, overrides: Partial<HotelCheckoutContext> = {}): HotelCheckoutSnapshot => ({ value, context: context(overrides) });

describe('hotel checkout selectors', () => {
  it('name the step of every state, the inner ones by their step', () => {
    expect(selectStep(snapshot('starting'))).toBe('resolving');
    expect(selectStep(snapshot('routing'))).toBe('loading');
    expect(selectStep(snapshot('moving'))).toBe('review');
    expect(selectStep(snapshot('savingAddresses'))).toBe('addresses');
    expect(selectStep(snapshot({ payment: 'paying' }))).toBe('payment');
    expect(selectPaymentPhase(snapshot({ payment: 'folioChanged' }))).toBe('folioChanged');
    expect(selectPaymentPhase(snapshot('review'))).toBeNull();
  });

  it('are busy exactly while a call is on its way', () => {
    expect(selectIsBusy(snapshot('review'))).toBe(false);
    expect(selectIsBusy(snapshot('moving'))).toBe(true);
    expect(selectIsBusy(snapshot({ payment: 'choosing' }))).toBe(false);
    expect(selectIsBusy(snapshot({ payment: 'paying' }))).toBe(true);
    expect(selectIsBusy(snapshot({ payment: 'declined' }))).toBe(false);
  });

  it('group the charges by folio with the BFF’s totals and balances', () => {
    const [privateFolio, business] = selectFolioGroups(snapshot('review', { checkout: MOVED }));
    expect(privateFolio?.charges.map((charge) => charge.kind)).toEqual(['room', 'city_tax']);
    expect(business?.charges.map((charge) => charge.kind)).toEqual(['minibar']);
    expect(business?.total).toBe(12.5);
    expect(selectNeedsBusinessAddress(snapshot('review', { checkout: MOVED }))).toBe(true);
    expect(selectNeedsBusinessAddress(snapshot('review'))).toBe(false);
  });

  it('give what is open now and what was open before the folio changed', () => {
    expect(selectTotals(snapshot('review'))).toEqual({ open: 18.5, previous: null, currency: 'EUR' });
    expect(selectTotals(snapshot({ payment: 'folioChanged' }, { checkout: CHANGED, previousTotal: 18.5 }))).toEqual({ open: 52.5, previous: 18.5, currency: 'EUR' });
  });

  it('name what stops a payment only once the guest pressed Pay', () => {
    expect(selectPayProblem(snapshot({ payment: 'choosing' }))).toBeNull();
    expect(selectPayProblem(snapshot({ payment: 'choosing' }, { payTried: true }))).toBe('method');
    expect(selectPayProblem(snapshot({ payment: 'choosing' }, { payTried: true, method: 'card' }))).toBe('card');
    expect(selectPayProblem(snapshot({ payment: 'choosing' }, { payTried: true, method: 'card', card: { token: 't', brand: 'visa', last4: '4242' } }))).toBeNull();
  });
});
