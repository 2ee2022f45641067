import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BffHandler } from '../../../test/web/render-app';
import { renderApp } from '../../../test/web/render-app';
import type { Checkin } from '../../contract/checkin';
import { checkinFixture, REGISTERED } from '../../machines/checkin/checkin.fixtures';
import { checkinAccessKey } from '../../services/checkin/checkin-access';

/*
 * The check-in page as a guest meets it: the mail's link exchanged (and taken out of the address), the
 * registration form with the BFF's field errors at their fields and nothing typed lost, the lookup, the
 * failures with their way forward, and the confirmation with its QR code.
 */

const TOKEN = 'c3RheS1saW5rLXRva2Vu.sig';
const ACCESS_KEY = 'stay-access-key.sig';
const ID = checkinFixture().id;
const CONFIRMATION = { code: 'HCI-7Q2K', qr_payload: 'HCI:HCI-7Q2K', qr_png: 'data:image/png;base64,AAAA', completed_at: '2026-11-27T10:00:00Z' };

interface Sent {
  path: string;
  method: string;
  body: unknown;
  stayAccess: string | null;
}

type Route = 'start' | 'details' | 'method' | 'pay' | 'get';

/** The check-in routes, answering each call with the next answer for its path (or the check-in as it stands). */
function checkinBff(answers: Partial<Record<Route, { status: number; body: unknown }[]>>, initial: Checkin = checkinFixture()) {
  const sent: Sent[] = [];
  let current = initial;
  const handler: BffHandler = (url, init) => {
    if (!url.pathname.startsWith('/bff/ecommerce/checkin')) return undefined;
    const headers = new Headers(init?.headers);
    sent.push({ path: url.pathname, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null, stayAccess: headers.get('x-stay-access') });
    const next = (key: Route) => answers[key]?.shift();
    if (url.pathname === '/bff/ecommerce/checkin') return next('start') ?? { body: { data: { checkin: current, access_key: ACCESS_KEY } } };
    if (url.pathname.endsWith('/personal-details')) {
      const answer = next('details');
      if (answer) return answer;
      current = { ...current, status: 'payment_required', details: REGISTERED };
      return { body: { data: current } };
    }
    if (url.pathname.endsWith('/payment-method')) {
      const answer = next('method');
      if (answer) return answer;
      current = { ...current, payment_method: (JSON.parse(String(init?.body)) as { payment_method: Checkin['payment_method'] }).payment_method };
      return { body: { data: current } };
    }
    // A payment needs an answer written by the test.
    if (url.pathname.endsWith('/pay')) return next('pay') ?? problem(503, 'payments_unavailable');
    return next('get') ?? { body: { data: current } };
  };
  return { handler, sent };
}

const problem = (status: number, code: string, issues: { path: string; message: string }[] = []) => ({ status, body: { error: { code, message: 'Refused', issues } } });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the check-in page', () => {
  it('exchanges the mail’s token once, keeps the access key in this tab and takes the token out of the address', async () => {
    const { handler, sent } = checkinBff({});
    const { router } = await renderApp(`/en/checkin/personal-details?token=${TOKEN}`, handler);
    expect(await screen.findByRole('heading', { name: 'Your registration' }, { timeout: 30_000 })).toBeTruthy();
    expect(sent[0]).toMatchObject({ path: '/bff/ecommerce/checkin', method: 'POST', body: { token: TOKEN } });
    expect(sent.filter((call) => call.path === '/bff/ecommerce/checkin')).toHaveLength(1);
    expect(checkinAccessKey(ID)).toBe(ACCESS_KEY);
    await waitFor(() => expect(router.state.location.href).toBe(`/en/checkin/personal-details?checkin_id=${ID}`));
    expect(router.state.location.href).not.toContain(TOKEN);
    // The step indicator and the stay.
    const steps = screen.getByRole('navigation', { name: 'Check-in steps' });
    expect(within(steps).getByText('Your details').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('heading', { name: 'Zleep Berlin Friedrichshain' })).toBeTruthy();
  });

  it('names what is missing at its field, shows the BFF’s field errors at theirs, and keeps what was typed', async () => {
    const { handler, sent } = checkinBff({ details: [problem(400, 'bad_request', [{ path: 'document_number', message: 'A document number has 5 to 20 letters and digits' }])] });
    sessionStorage.setItem(`stayAccess:${ID}`, ACCESS_KEY);
    await renderApp(`/en/checkin/personal-details?checkin_id=${ID}`, handler);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Your registration' }, { timeout: 30_000 });
    // The stay as the hotel has it: the arrival day with the hour the room is ready, as one phrase.
    expect(screen.getByText('Arrival').nextElementSibling?.textContent).toBe('27 November 2026, from 15:00');
    await user.click(screen.getByRole('button', { name: 'Continue to the payment guarantee' }));
    // Refused in the browser: the summary takes the focus, each field says what it needs.
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Please check these details:');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const birth = screen.getByLabelText('Date of birth');
    expect(birth.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(birth.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter your date of birth.');
    expect(sent.some((call) => call.path.endsWith('/personal-details'))).toBe(false);

    // Filled in as a foreign guest: the travel document is asked for once the nationality is not German.
    await user.type(birth, '1990-04-12');
    await user.selectOptions(screen.getByLabelText('Nationality'), 'GB');
    await user.type(screen.getByLabelText('Street and house number'), '1 High Street');
    await user.type(screen.getByLabelText('Postal code'), 'SW1A 1AA');
    await user.type(screen.getByLabelText('City'), 'London');
    await user.selectOptions(screen.getByLabelText('Country of residence'), 'GB');
    await user.type(screen.getByLabelText('Passport or identity card number'), 'C01X00T47');
    await user.type(screen.getByLabelText('Expected arrival time'), '15:00');
    await user.click(screen.getByLabelText('Leisure'));
    await user.click(screen.getByRole('button', { name: 'Continue to the payment guarantee' }));

    // The BFF refuses the document: its error is at the field, and everything typed stays.
    const document_ = screen.getByLabelText('Passport or identity card number');
    await waitFor(() => expect(document_.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(document_.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent).toContain('5 to 20 letters and digits');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('London');
    expect((document_ as HTMLInputElement).value).toBe('C01X00T47');
    const saved = sent.find((call) => call.path.endsWith('/personal-details'));
    expect(saved).toMatchObject({ method: 'PUT', stayAccess: ACCESS_KEY, body: { nationality: 'GB', document_number: 'C01X00T47', arrival_time: '15:00', purpose: 'leisure' } });

    // Sent again: on to the payment guarantee.
    await user.click(screen.getByRole('button', { name: 'Continue to the payment guarantee' }));
    expect(await screen.findByRole('heading', { name: 'Payment guarantee' })).toBeTruthy();
    expect(screen.getByText('Held on your card')).toBeTruthy();
  });

  it('shows the confirmation with its QR code for the front desk once checked in', async () => {
    const completed = checkinFixture({ status: 'completed', details: REGISTERED, payment_method: 'card', confirmation: CONFIRMATION });
    const { handler } = checkinBff({}, completed);
    await renderApp(`/en/checkin/personal-details?checkin_id=${ID}`, handler);
    expect(await screen.findByRole('heading', { name: 'You are checked in online' }, { timeout: 30_000 })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code of check-in confirmation HCI-7Q2K' }, { timeout: 30_000 });
    expect(Number(qr.getAttribute('data-modules'))).toBeGreaterThan(20);
    expect(screen.getByText('HCI-7Q2K')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Check-in steps' })).getByText('Checked in').closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('offers the lookup for a link that no longer works, and finds the booking by number and last name', async () => {
    const { handler, sent } = checkinBff({ start: [problem(404, 'not_found'), problem(404, 'not_found')] });
    await renderApp(`/en/checkin/personal-details?token=${TOKEN}`, handler);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'This check-in link no longer works' }, { timeout: 30_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));
    expect(await screen.findByRole('heading', { name: 'Check in online: reservation number and last name' })).toBeTruthy();
    await user.type(screen.getByLabelText('Reservation number'), 'hb-12345');
    await user.type(screen.getByLabelText('Last name'), 'Mustermann');
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find a booking with these details.');
    expect((screen.getByLabelText('Reservation number') as HTMLInputElement).value).toBe('hb-12345');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Muster');
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));
    expect(await screen.findByRole('heading', { name: 'Your registration' })).toBeTruthy();
    expect(sent.filter((call) => call.path === '/bff/ecommerce/checkin').map((call) => call.body)).toEqual([
      { token: TOKEN },
      { reservation_number: 'hb-12345', last_name: 'Mustermann' },
      { reservation_number: 'hb-12345', last_name: 'Muster' },
    ]);
  });

  it('says from which day online check-in opens when it is too early', async () => {
    const { handler } = checkinBff({ start: [problem(409, 'checkin_not_open_yet', [{ path: 'opens_on', message: '2026-12-01' }])] });
    await renderApp(`/en/checkin/personal-details?token=${TOKEN}`, handler);
    const heading = await screen.findByRole('heading', { name: 'Online check-in is not open yet' }, { timeout: 30_000 });
    const outcome = within(heading.parentElement as HTMLElement);
    expect(outcome.getByText('1 December 2026')).toBeTruthy();
    expect(outcome.getByRole('link', { name: 'Manage my booking' }).getAttribute('href')).toBe('/en/booking/manage');
  });

  it('offers to try again when the hotel’s system does not answer, and goes on when it does', async () => {
    const { handler } = checkinBff({ get: [problem(503, 'hotel_system_unavailable')] });
    await renderApp(`/en/checkin/personal-details?checkin_id=${ID}`, handler);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'The hotel’s system is not answering' }, { timeout: 30_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your registration' })).toBeTruthy();
  });

  it('offers PayPal besides the card, and sends the guest to PayPal to approve the guarantee without a card', async () => {
    const toPay = checkinFixture({ status: 'payment_required', details: REGISTERED });
    const approval = 'https://psp.example.test/redirect/pay_1';
    const { handler, sent } = checkinBff({ pay: [{ status: 200, body: { data: { status: 'action_required', redirect_url: approval } } }] }, toPay);
    sessionStorage.setItem(`stayAccess:${ID}`, ACCESS_KEY);
    await renderApp(`/en/checkin/personal-details?checkin_id=${ID}`, handler);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Payment guarantee' }, { timeout: 30_000 })).toBeTruthy();
    // The card is chosen first, with the provider's form; PayPal is the other choice.
    const card = screen.getByRole('radio', { name: 'Credit or debit card' }) as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Your card' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    // PayPal: no card form, where the guest goes next, and what PayPal holds.
    expect(screen.queryByRole('group', { name: 'Your card' })).toBeNull();
    expect(screen.getByText('After you confirm, you continue at PayPal to approve the payment, then come back here.')).toBeTruthy();
    expect(screen.getByText('Reserved with PayPal')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm and check in' }));
    expect(await screen.findByRole('heading', { name: 'Continuing to PayPal' })).toBeTruthy();
    // The check-in was told PayPal, then the pre-authorisation asked for without a card, coming back to this page.
    expect(sent.find((call) => call.path.endsWith('/payment-method'))).toMatchObject({ method: 'PUT', stayAccess: ACCESS_KEY, body: { payment_method: 'paypal' } });
    const pay = sent.find((call) => call.path.endsWith('/pay'));
    expect(pay).toMatchObject({ method: 'POST', stayAccess: ACCESS_KEY, body: { payment_instrument_id: null, locale: 'en' } });
    expect((pay?.body as { redirect_url: string }).redirect_url).toMatch(new RegExp(`/en/checkin/personal-details\\?checkin_id=${ID}$`));
  });

  it('asks for the card only while the card is chosen', async () => {
    const { handler, sent } = checkinBff({}, checkinFixture({ status: 'payment_required', details: REGISTERED }));
    sessionStorage.setItem(`stayAccess:${ID}`, ACCESS_KEY);
    await renderApp(`/en/checkin/personal-details?checkin_id=${ID}`, handler);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Payment guarantee' }, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'Confirm and check in' }));
    const missing = 'Enter your card in the form above and choose “Use this card”.';
    expect((await screen.findByText(missing)).getAttribute('role')).toBe('alert');
    // Choosing PayPal takes the card's problem away.
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.queryByText(missing)).toBeNull();
    expect(sent.some((call) => call.path.endsWith('/pay'))).toBe(false);
  });

  it('back from PayPal without an approval: says so, keeps PayPal chosen and tries again without a card', async () => {
    const cancelled = checkinFixture({ status: 'payment_required', details: REGISTERED, payment_method: 'paypal', last_decline_reason: 'cancelled' });
    const completed = checkinFixture({ status: 'completed', details: REGISTERED, payment_method: 'paypal', confirmation: CONFIRMATION });
    const { handler, sent } = checkinBff({ pay: [{ status: 200, body: { data: { status: 'completed', checkin: completed } } }] }, cancelled);
    sessionStorage.setItem(`stayAccess:${ID}`, ACCESS_KEY);
    await renderApp(`/en/checkin/personal-details?checkin_id=${ID}`, handler);
    const user = userEvent.setup();
    expect(await screen.findByText('PayPal did not confirm the guarantee', {}, { timeout: 30_000 })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Confirm and check in' }));
    expect(await screen.findByRole('heading', { name: 'You are checked in online' })).toBeTruthy();
    // PayPal was already the check-in's method: only the payment went out, without a card.
    expect(sent.some((call) => call.path.endsWith('/payment-method'))).toBe(false);
    expect(sent.find((call) => call.path.endsWith('/pay'))?.body).toMatchObject({ payment_instrument_id: null });
  });

  it('waiting for the answer of a guarantee, names who is to answer: PayPal or the bank', async () => {
    const waiting = (method: Checkin['payment_method']) => checkinFixture({ status: 'payment_required', details: REGISTERED, payment_method: method, payment_pending: true });
    sessionStorage.setItem(`stayAccess:${ID}`, ACCESS_KEY);
    const { unmount } = await renderApp(`/en/checkin/personal-details?checkin_id=${ID}`, checkinBff({}, waiting('paypal')).handler);
    expect(await screen.findByRole('heading', { name: 'Waiting for PayPal’s answer' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByText(/Your bank/)).toBeNull();
    unmount();
    await renderApp(`/en/checkin/personal-details?checkin_id=${ID}`, checkinBff({}, waiting('card')).handler);
    expect(await screen.findByRole('heading', { name: 'Waiting for your bank’s answer' }, { timeout: 30_000 })).toBeTruthy();
  });

  it('opens the lookup when the page has no link', async () => {
    const { sent, handler } = checkinBff({});
    await renderApp('/en/checkin/personal-details', handler);
    expect(await screen.findByRole('heading', { name: 'Check in online: reservation number and last name' }, { timeout: 30_000 })).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
