import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BffHandler } from '../../../test/web/render-app';
import { renderApp } from '../../../test/web/render-app';
import type { HotelCheckout } from '../../contract/hotel-checkout';
import { CHANGED, CHECKED_OUT, CHECKOUT_ID, checkout, MINIBAR, MOVED, session, SETTLED } from '../../machines/hotel-checkout/hotel-checkout.fixtures';
import { rememberStayAccess, stayAccessKey } from '../../services/hotel-checkout/stay-access';

/*
 * The hotel checkout's pages against a scripted BFF: the room card's link resolves and the folio page
 * takes over with the token gone from the address; the bill grouped by folio with a move button per charge
 * named with the charge; a move; the business address asked for; a charge posted while paying shown as new
 * with the new total; a link that no longer works leads to the lookup; the checked-out page's invoices.
 */

const KEY = 'stay-access-key.signed';

interface Script {
  create?: { status: number; body: unknown };
  checkout?: HotelCheckout;
  move?: HotelCheckout;
  pay?: { status: number; body: unknown };
}

function hotelBff(script: Script) {
  const sent: { method: string; path: string; body: unknown; access: string | null }[] = [];
  const handler: BffHandler = (url, init) => {
    if (!url.pathname.startsWith('/bff/ecommerce/hotel-checkout')) return undefined;
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null, access: headers.get('X-Stay-Access') });
    if (url.pathname === '/bff/ecommerce/hotel-checkout' && method === 'POST') return script.create ?? { body: { data: { checkout: script.checkout ?? checkout(), access_key: KEY } } };
    if (url.pathname.endsWith('/move-transaction')) return { body: { data: script.move ?? MOVED } };
    if (url.pathname.endsWith('/session')) return { body: { data: session() } };
    if (url.pathname.endsWith('/payment-method')) return { body: { data: session({ payment_method: 'card' }) } };
    if (url.pathname.endsWith('/pay')) return script.pay ?? { body: { data: { status: 'declined', reason: 'declined' } } };
    if (url.pathname.endsWith('/perform-checkout')) return { body: { data: CHECKED_OUT } };
    if (url.pathname === `/bff/ecommerce/hotel-checkout/${CHECKOUT_ID}`) return { body: { data: script.checkout ?? checkout() } };
    return undefined;
  };
  return { handler, sent };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the hotel checkout pages', () => {
  it('resolves the room card’s link, keeps the key for the tab and opens the bill without the token in the address', async () => {
    const { handler, sent } = hotelBff({});
    const { router } = await renderApp('/en/checkout/redirect?token=room-card-token', handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your bill' }, { timeout: 30_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/checkout/folio');
    expect(router.state.location.search).toEqual({ checkout_id: CHECKOUT_ID });
    expect(stayAccessKey(CHECKOUT_ID)).toBe(KEY);
    expect(sent[0]).toMatchObject({ method: 'POST', body: { token: 'room-card-token' } });
    // The folio page reads the checkout with the key in the header, never in the address.
    expect(sent.find((call) => call.method === 'GET')?.access).toBe(KEY);
  });

  it('shows every charge grouped by folio, with a move button named with the charge, and moves it', async () => {
    rememberStayAccess(CHECKOUT_ID, KEY);
    const { handler, sent } = hotelBff({});
    await renderApp(`/en/checkout/folio?checkout_id=${CHECKOUT_ID}`, handler);
    const privateBill = await screen.findByRole('region', { name: 'Private bill' }, { timeout: 30_000 });
    expect(within(privateBill).getByRole('table')).toBeTruthy();
    expect(within(privateBill).getByRole('cell', { name: 'Minibar' })).toBeTruthy();
    await userEvent.click(within(privateBill).getByRole('button', { name: 'Move Minibar to the business bill' }));
    const businessBill = screen.getByRole('region', { name: 'Business bill' });
    expect(await within(businessBill).findByRole('cell', { name: 'Minibar' })).toBeTruthy();
    expect(sent.find((call) => call.path.endsWith('/move-transaction'))?.body).toEqual({ charge_id: MINIBAR.id, to: 'business', folio_version: 3 });
  });

  it('names each charge in the guest’s language, the room night with its room, not in the hotel system’s words', async () => {
    rememberStayAccess(CHECKOUT_ID, KEY);
    const { handler } = hotelBff({});
    await renderApp(`/ar/checkout/folio?checkout_id=${CHECKOUT_ID}`, handler);
    const privateBill = await screen.findByRole('region', { name: 'الفاتورة الشخصية' }, { timeout: 30_000 });
    expect(within(privateBill).getByRole('cell', { name: 'الميني بار' })).toBeTruthy();
    expect(within(privateBill).getByRole('cell', { name: 'الغرفة 214، Double room' })).toBeTruthy();
    expect(within(privateBill).queryByText(/Minibar|Room night/)).toBeNull();
  });

  it('asks for the company’s address when the business bill has charges', async () => {
    rememberStayAccess(CHECKOUT_ID, KEY);
    const { handler } = hotelBff({ checkout: MOVED });
    await renderApp(`/en/checkout/folio?checkout_id=${CHECKOUT_ID}`, handler);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to invoice addresses' }, { timeout: 30_000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice addresses' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const company = screen.getByLabelText('Company name');
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(company);
  });

  it('shows the new charge and the new total when the folio changed while paying', async () => {
    rememberStayAccess(CHECKOUT_ID, KEY);
    const conflict = { status: 409, body: { error: { code: 'folio_changed', message: 'The folio changed' }, checkout: CHANGED } };
    const { handler } = hotelBff({ pay: conflict });
    await renderApp(`/en/checkout/folio?checkout_id=${CHECKOUT_ID}`, handler);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to invoice addresses' }, { timeout: 30_000 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Pay .* and check out$/ }));
    const changed = await screen.findByRole('heading', { name: 'Your bill changed' });
    const region = changed.parentElement as HTMLElement;
    expect(within(region).getByText(/You now have €52\.50 to pay instead of €18\.50\./)).toBeTruthy();
    const restaurant = within(region).getByRole('cell', { name: /Restaurant/ });
    expect(restaurant.textContent).toContain('New');
    expect(within(region).getByRole('button', { name: 'Pay the new total' })).toBeTruthy();
  });

  it('offers every method the booking offers, and sends the guest to iDEAL to approve the payment without a card', async () => {
    rememberStayAccess(CHECKOUT_ID, KEY);
    const approval = { status: 200, body: { data: { status: 'action_required', redirect_url: 'https://psp.example.test/redirect/pay_1' } } };
    const { handler, sent } = hotelBff({ pay: approval });
    await renderApp(`/en/checkout/folio?checkout_id=${CHECKOUT_ID}`, handler);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue to invoice addresses' }, { timeout: 30_000 }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const methods = await screen.findByRole('group', { name: 'Payment method' });
    expect(within(methods).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['card', 'paypal', 'ideal', 'apple_pay']);
    expect(within(methods).getByRole('radio', { name: 'Apple Pay' })).toBeTruthy();
    await user.click(within(methods).getByRole('radio', { name: 'iDEAL' }));
    expect(await screen.findByText('After you confirm, you continue at iDEAL to approve the payment, then come back here.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Pay .* and check out$/ }));
    expect(await screen.findByText('Taking you to iDEAL to approve the payment…')).toBeTruthy();
    expect(sent.find((call) => call.path.endsWith('/payment-method'))?.body).toEqual({ payment_method: 'ideal' });
    const pay = sent.find((call) => call.path.endsWith('/pay'));
    expect(pay?.body).toMatchObject({ payment_instrument_id: null, locale: 'en' });
    expect(pay?.access).toBe(KEY);
  });

  it('after a declined Apple Pay payment asks to try again or choose another way, not for a card', async () => {
    rememberStayAccess(CHECKOUT_ID, KEY);
    const { handler } = hotelBff({ pay: { status: 200, body: { data: { status: 'declined', reason: 'cancelled' } } } });
    await renderApp(`/en/checkout/folio?checkout_id=${CHECKOUT_ID}`, handler);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue to invoice addresses' }, { timeout: 30_000 }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Apple Pay' }));
    await user.click(screen.getByRole('button', { name: /^Pay .* and check out$/ }));
    expect(await screen.findByText('Nothing was taken and your bill stays open. Try again, or choose another way to pay.')).toBeTruthy();
    expect(screen.getByText('The payment was cancelled.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Apple Pay' }) as HTMLInputElement).checked).toBe(true);
  });

  it('back from the provider with the bill paid (the address as the provider sends it), checks the guest out', async () => {
    rememberStayAccess(CHECKOUT_ID, KEY);
    const { handler, sent } = hotelBff({ checkout: SETTLED });
    const { router } = await renderApp(`/en/checkout/folio?checkout_id=${CHECKOUT_ID}&returned=1&payment_id=pay_test_1&status=captured`, handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re checked out' }, { timeout: 30_000 })).toBeTruthy();
    expect(sent.filter((call) => call.path.endsWith('/perform-checkout'))).toHaveLength(1);
    // The return mark stays as sent: validated again when the router builds the address, it is the same.
    expect(router.state.location.search).toMatchObject({ checkout_id: CHECKOUT_ID, returned: 1 });
  });

  it('on a reload of a paid bill (no return mark), shows the bill and lets the guest go on', async () => {
    rememberStayAccess(CHECKOUT_ID, KEY);
    const { handler, sent } = hotelBff({ checkout: SETTLED });
    await renderApp(`/en/checkout/folio?checkout_id=${CHECKOUT_ID}`, handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your bill' }, { timeout: 30_000 })).toBeTruthy();
    expect(sent.some((call) => call.path.endsWith('/perform-checkout'))).toBe(false);
  });

  it('turns a link that no longer works into the lookup', async () => {
    const { handler } = hotelBff({ create: { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } } });
    await renderApp('/en/checkout/redirect?token=expired', handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your stay' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/This link no longer works/);
    expect(screen.getByLabelText('Reservation number')).toBeTruthy();
  });

  it('says a checked-out stay is checked out, with its invoices to download and the points earned', async () => {
    rememberStayAccess(CHECKOUT_ID, KEY);
    const { handler } = hotelBff({ checkout: CHECKED_OUT });
    await renderApp(`/en/checkout/folio?checkout_id=${CHECKOUT_ID}`, handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re checked out' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the private invoice (PDF)' })).toBeTruthy();
    expect(screen.getByText(/You earned 250 points for this stay\./)).toBeTruthy();
    expect(screen.getByText('We have also mailed them to you.')).toBeTruthy();
  });
});
