import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { validToken } from '../../../../test/auth/tokens';
import { renderApp } from '../../../../test/web/render-app';
import type { MemberProfile } from '../../../contract/auth';
import type { Cart } from '../../../contract/ecommerce';
import { cartFixture, roomStay } from '../../../machines/cart/cart.fixtures';

/*
 * The check-out page against fake BFF answers: the whole app renders at the page's URL and every commerce
 * call is answered by a small fake server below, which also records what it was sent.
 */

const SEARCH = 'location=JAZB&startDate=2027-04-01&endDate=2027-04-03&room-1-adults=2&room-1-rate-code=FLEX&room-1-room-type-code=DBL';
const PAGE = `/en/booking/check-out?${SEARCH}`;
const PSP_ORIGIN = 'https://psp.example';
const ORDER_ID = '3f1c2a4e-8b7d-4c1e-9f0a-1234567890ab';

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}
type Answer = { status?: number; body: unknown } | 'network-failure';
type Route = (call: Call, calls: Call[]) => Answer | undefined;

const ok = (cart: Cart) => ({ body: { data: cart } });
const commerceError = (status: number, code: string) => ({ status, body: { error: { code, message: code } } });

/** The BFF as the page sees it: `routes` answer first; the member routes answer for the signed-in member. */
function bff(routes: Route) {
  const calls: Call[] = [];
  const handler = (url: URL) => {
    // renderApp's fetch records each call before answering it: the last one is this one.
    const init = ((globalThis.fetch as Mock).mock.calls.at(-1)?.[1] ?? {}) as RequestInit;
    const call: Call = {
      method: init.method ?? 'GET',
      path: `${url.pathname.replace(/^\/bff/, '')}${url.search}`,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const answer = routes(call, calls) ?? memberRoutes(call);
    if (answer === 'network-failure') throw new TypeError('Failed to fetch');
    return answer;
  };
  return { handler, calls };
}

const profile: MemberProfile = {
  Guid: 'guid-mia',
  email: 'mia@example.com',
  firstName: 'Mia',
  lastName: 'Muster',
  salutation: 'ms',
  birthday: null,
  locale: 'en',
  address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', countryCode: 'DE', text: 'Hauptstr. 1, 10115 Berlin' },
  dailypointMasterId: 'dp-1',
  profileComplete: true,
  extras: {},
};

function memberRoutes(call: Call): Answer | undefined {
  switch (call.path) {
    case '/members/profile':
      return { body: { data: profile } };
    case '/members/status':
      return { body: { data: { dailypointStatus: { reward_level: 'DB', rewards_points: 52000 }, strapiStatus: { crs_id: null } } } };
    case '/auth/providers':
      return { body: { data: [] } };
    default:
      return undefined;
  }
}

/** A fake commerce server holding one cart; `override` answers some calls differently. */
function commerce(initial: Cart, override: Route = () => undefined): Route {
  let cart = initial;
  return (call, calls) => {
    const special = override(call, calls);
    if (special) return special;
    const { method, path, body } = call;
    const set = (next: Cart) => {
      cart = next;
      return ok(cart);
    };
    if (method === 'POST' && path === '/ecommerce/cart') return ok(cart);
    if (method === 'GET' && path === `/ecommerce/cart/${cart.cart_id}`) return ok(cart);
    if (method === 'PUT' && path === `/ecommerce/cart/${cart.cart_id}/payment-method`)
      return set({ ...cart, payment_method: (body as { payment_method: Cart['payment_method'] }).payment_method });
    if (method === 'PUT' && path === `/ecommerce/cart/${cart.cart_id}/credit-card`)
      return set({ ...cart, payment_method: 'card', credit_card_id: (body as { credit_card_id: string }).credit_card_id });
    if (method === 'PUT' && path === `/ecommerce/cart/${cart.cart_id}/stays/stay-1/room-stays/rs-1`) {
      const update = body as { traveller?: Cart['stays'][number]['room_stays'][number]['traveller'] };
      return set({
        ...cart,
        stays: cart.stays.map((stay) => ({
          ...stay,
          room_stays: stay.room_stays.map((room) => ({ ...room, ...(update.traveller ? { traveller: update.traveller } : {}) })),
        })),
      });
    }
    if (path === `/ecommerce/cart/${cart.cart_id}/stays/stay-1/room-stays/rs-1/available-addons-and-benefits`) {
      return {
        body: {
          data: { addons: [{ code: 'BRK', name: 'Breakfast', pricing: 'per_person_per_night', unit_price: 10, price: 40, selected: false }], benefits: [] },
        },
      };
    }
    if (path === `/ecommerce/cart/${cart.cart_id}/insurance/cancellation/calculate`)
      return { body: { data: { product: 'cancellation', price: 12.5, currency: 'EUR' } } };
    if (path === '/ecommerce/members/credit-cards/merchant')
      return { body: { data: { provider: 'test', hosted_form_url: `${PSP_ORIGIN}/hosted/card`, origin: PSP_ORIGIN } } };
    if (path.startsWith('/ecommerce/initiate-checkout')) return { body: { data: { ok: true } } };
    return undefined;
  };
}

const callsTo = (calls: Call[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

async function waitForCart() {
  return screen.findByRole('heading', { name: 'Guest details' }, { timeout: 5000 });
}

async function fillGuest(first: string, last: string, email: string) {
  const guest = screen.getByRole('group', { name: 'Main guest' });
  await userEvent.clear(within(guest).getByLabelText('First name'));
  await userEvent.type(within(guest).getByLabelText('First name'), first);
  await userEvent.clear(within(guest).getByLabelText('Last name'));
  await userEvent.type(within(guest).getByLabelText('Last name'), last);
  await userEvent.clear(within(guest).getByLabelText('Email address'));
  await userEvent.type(within(guest).getByLabelText('Email address'), email);
  return guest;
}

async function choose(method: string) {
  await userEvent.click(screen.getByRole('radio', { name: method }));
  await waitFor(() => expect((screen.getByRole('radio', { name: method }) as HTMLInputElement).checked).toBe(true));
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('check-out page', () => {
  it("creates the cart from the search, keeps its id in storage and the URL, and prefills a member's details", async () => {
    localStorage.setItem('token', validToken(Date.now(), { sub: 'guid-mia' }));
    const { handler, calls } = bff(commerce(cartFixture()));
    const { router } = await renderApp(PAGE, handler);
    await waitForCart();
    const guest = screen.getByRole('group', { name: 'Main guest' });
    await waitFor(() => expect((within(guest).getByLabelText('First name') as HTMLInputElement).value).toBe('Mia'));
    expect((within(guest).getByLabelText('Last name') as HTMLInputElement).value).toBe('Muster');
    expect((within(guest).getByLabelText('Email address') as HTMLInputElement).value).toBe('mia@example.com');
    expect((within(guest).getByLabelText('Country code (optional)') as HTMLInputElement).value).toBe('DE');
    // The cart was made for the member (bearer) from the search in the URL.
    const [create] = callsTo(calls, 'POST', '/ecommerce/cart');
    expect(create?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(create?.body).toMatchObject({
      hotel_code: 'JAZB',
      check_in_date: '2027-04-01',
      room_stays: [{ room_type_code: 'DBL', rate_code: 'FLEX', adults_count: 2, child_ages: [] }],
    });
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('cart_id')).toBe('cart-1'));
    expect(localStorage.getItem('cartId')).toBe('cart-1');
    // Points are offered to the signed-in member; legal texts and the privacy notice are there.
    expect(screen.getByRole('radio', { name: 'Reward points' })).toBeTruthy();
    expect(document.getElementById('payment-legal-provisions')).toBeTruthy();
    await userEvent.click(document.getElementById('open-privacy-modal') as HTMLElement);
    expect(screen.getByRole('dialog', { name: 'Privacy notice' })).toBeTruthy();
  });

  it('keeps what the guest typed when the details are refused, and pays nothing', async () => {
    const { handler, calls } = bff(commerce(cartFixture()));
    await renderApp(PAGE, handler);
    await waitForCart();
    const guest = screen.getByRole('group', { name: 'Main guest' });
    await userEvent.type(within(guest).getByLabelText('First name'), 'Anna');
    await userEvent.type(within(guest).getByLabelText('Email address'), 'anna@');
    await choose('PayPal');
    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await within(guest).findByText('Please fill in this field.')).toBeTruthy();
    expect(within(guest).getByText('Enter an email address like name@example.com.')).toBeTruthy();
    expect(screen.getByText('Complete the guest details above.')).toBeTruthy();
    expect((within(guest).getByLabelText('First name') as HTMLInputElement).value).toBe('Anna');
    expect((within(guest).getByLabelText('Email address') as HTMLInputElement).value).toBe('anna@');
    expect(within(guest).getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true');
    // Fixing a field clears its error as the guest types.
    await userEvent.type(within(guest).getByLabelText('Last name'), 'Berg');
    await waitFor(() => expect(within(guest).getByLabelText('Last name').getAttribute('aria-invalid')).toBeNull());
    expect(calls.filter((call) => call.path.endsWith('/pay'))).toEqual([]);
    expect(calls.filter((call) => call.path.includes('/room-stays/') && call.method === 'PUT')).toEqual([]);
  });

  it('shows the add-on and the total the server answered', async () => {
    const withBreakfast = cartFixture({ amount_to_pay_total: 243.17, price_tax: 21.3 }, [
      roomStay({ addons: [{ addon_code: 'BRK', name: 'Breakfast', pricing: 'per_person_per_night', quantity: 1, price: 43.17 }] }),
    ]);
    const { handler, calls } = bff(
      commerce(cartFixture(), (call) =>
        call.method === 'PUT' && call.path.endsWith('/room-stays/rs-1') && call.body && 'addons' in (call.body as object) ? ok(withBreakfast) : undefined,
      ),
    );
    await renderApp(PAGE, handler);
    await waitForCart();
    const summary = screen.getByTestId('price-summary');
    expect((summary.querySelector('[data-line="total"] dd') as HTMLElement).textContent).toBe('€200.00');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Breakfast/ }, { timeout: 5000 }));
    await waitFor(() => expect(within(summary).getByText('Breakfast')).toBeTruthy());
    // The server's figures, not a sum made here (200 + 40 would be 240).
    const total = summary.querySelector('[data-line="total"] dd') as HTMLElement;
    expect(total.textContent).toBe('€243.17');
    expect((summary.querySelector('[data-line="tax"] dd') as HTMLElement).textContent).toBe('€21.30');
    expect(callsTo(calls, 'PUT', '/ecommerce/cart/cart-1/stays/stay-1/room-stays/rs-1')[0]?.body).toEqual({ addons: [{ addon_code: 'BRK' }] });
    expect((screen.getByRole('checkbox', { name: /Breakfast/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('after a decline keeps everything and pays again with a new attempt', async () => {
    const { handler, calls } = bff(
      commerce(cartFixture(), (call, all) => {
        if (!call.path.endsWith('/pay')) return undefined;
        const attempt = all.filter((c) => c.path.endsWith('/pay')).length;
        return attempt === 1
          ? { body: { data: { status: 'declined', reason: 'insufficient_funds' } } }
          : { body: { data: { status: 'succeeded', order_id: ORDER_ID } } };
      }),
    );
    const { router } = await renderApp(PAGE, handler);
    await waitForCart();
    const guest = await fillGuest('Anna', 'Berg', 'anna@example.com');
    await choose('PayPal');
    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText('Your payment did not go through', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The card has insufficient funds.')).toBeTruthy();
    expect((within(guest).getByLabelText('First name') as HTMLInputElement).value).toBe('Anna');
    expect((within(guest).getByLabelText('Email address') as HTMLInputElement).value).toBe('anna@example.com');
    expect((screen.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/booking/confirmation'));
    expect(new URLSearchParams(router.state.location.searchStr).get('order_id')).toBe(ORDER_ID);
    const pays = callsTo(calls, 'POST', '/ecommerce/cart/cart-1/pay');
    expect(pays).toHaveLength(2);
    const keys = pays.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    // The traveller was saved once: nothing had to be entered again.
    expect(callsTo(calls, 'PUT', '/ecommerce/cart/cart-1/stays/stay-1/room-stays/rs-1')).toHaveLength(1);
    expect(localStorage.getItem('cartId')).toBeNull();
  });

  it('retries a payment that got no answer with the same Idempotency-Key', async () => {
    const { handler, calls } = bff(
      commerce(cartFixture(), (call, all) => {
        if (!call.path.endsWith('/pay')) return undefined;
        return all.filter((c) => c.path.endsWith('/pay')).length === 1 ? 'network-failure' : { body: { data: { status: 'succeeded', order_id: ORDER_ID } } };
      }),
    );
    const { router } = await renderApp(PAGE, handler);
    await waitForCart();
    await fillGuest('Anna', 'Berg', 'anna@example.com');
    await choose('PayPal');
    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/booking/confirmation'));
    const keys = callsTo(calls, 'POST', '/ecommerce/cart/cart-1/pay').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends the guest to choose another room when the room is gone', async () => {
    const { handler } = bff(
      commerce(cartFixture(), (call) => (call.method === 'POST' && call.path === '/ecommerce/cart' ? commerceError(409, 'room_unavailable') : undefined)),
    );
    await renderApp(PAGE, handler);
    expect(await screen.findByRole('heading', { name: 'This room is no longer available' }, { timeout: 5000 })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Choose another room' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://site.test');
    expect(href.pathname).toBe('/en/booking/select-room-rate');
    expect(Object.fromEntries(href.searchParams)).toEqual({ location: 'JAZB', startDate: '2027-04-01', endDate: '2027-04-03', 'room-1-adults': '2' });
  });

  it('starts again from the same search when the cart expired', async () => {
    const { handler } = bff(commerce(cartFixture(), (call) => (call.path.endsWith('/payment-method') ? commerceError(410, 'cart_expired') : undefined)));
    await renderApp(PAGE, handler);
    await waitForCart();
    await userEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(await screen.findByRole('heading', { name: 'Your booking session has expired' }, { timeout: 5000 })).toBeTruthy();
    const href = new URL(screen.getByRole('link', { name: 'Start again' }).getAttribute('href') ?? '', 'http://site.test');
    expect(href.pathname).toBe('/en/booking/select-room-rate');
    expect(href.searchParams.get('room-1-rate-code')).toBe('FLEX');
    expect(href.searchParams.get('location')).toBe('JAZB');
  });

  it("takes a card token only from the provider's own origin", async () => {
    const { handler, calls } = bff(commerce(cartFixture()));
    await renderApp(PAGE, handler);
    await waitForCart();
    await choose('Credit or debit card');
    const frame = await screen.findByTitle('Card details', undefined, { timeout: 5000 });
    expect(frame.getAttribute('src')).toBe(`${PSP_ORIGIN}/hosted/card?parent_origin=${encodeURIComponent(window.location.origin)}&locale=en`);
    const tokenized = { type: 'psp.card.tokenized', token: 'tok_forged', brand: 'visa', last4: '0000', expiry_month: 1, expiry_year: 2031 };
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: tokenized }));
      // The right origin, the wrong shape: ignored too.
      window.dispatchEvent(new MessageEvent('message', { origin: PSP_ORIGIN, data: { type: 'psp.card.tokenized', token: 42 } }));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, 'PUT', '/ecommerce/cart/cart-1/credit-card')).toEqual([]);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: PSP_ORIGIN, data: { ...tokenized, token: 'tok_real', last4: '4242' } }));
    });
    expect(await screen.findByText('Paying with visa ending in 4242.')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/ecommerce/cart/cart-1/credit-card').map((call) => call.body)).toEqual([{ credit_card_id: 'tok_real' }]);
  });

  it("takes up a member's stored cart for the same search instead of making another", async () => {
    localStorage.setItem('token', validToken(Date.now(), { sub: 'guid-mia' }));
    localStorage.setItem('cartId', 'cart-1');
    const { handler, calls } = bff(commerce(cartFixture()));
    await renderApp(PAGE, handler);
    await waitForCart();
    expect(callsTo(calls, 'GET', '/ecommerce/cart/cart-1')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/ecommerce/cart')).toEqual([]);
  });

  it("takes up the cart in the URL after a reload, keeping the guest's saved details", async () => {
    const saved = cartFixture({}, [
      roomStay({
        traveller: {
          salutation: null,
          first_name: 'Anna',
          last_name: 'Berg',
          email: 'anna@example.com',
          phone: null,
          country_code: null,
          company: null,
          special_requests: null,
        },
      }),
    ]);
    const { handler, calls } = bff(commerce(saved));
    await renderApp(`${PAGE}&cart_id=cart-1`, handler);
    await waitForCart();
    expect((within(screen.getByRole('group', { name: 'Main guest' })).getByLabelText('First name') as HTMLInputElement).value).toBe('Anna');
    expect(callsTo(calls, 'POST', '/ecommerce/cart')).toEqual([]);
  });

  it('shows the decline when the provider sends the guest back, ready to pay again', async () => {
    const { handler } = bff(commerce(cartFixture({ last_decline_reason: 'authentication_failed', payment_method: 'paypal' })));
    await renderApp('/en/booking/check-out?cart_id=cart-1&payment_id=pay-1&status=refused', handler);
    expect(await screen.findByText('Your payment did not go through', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The card issuer could not confirm it was you.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book now' })).toBeTruthy();
  });

  it('asks business bookings for the company address', async () => {
    const { handler } = bff(commerce(cartFixture({ business: true })));
    await renderApp(`${PAGE}&business=1`, handler);
    await waitForCart();
    const company = document.getElementById('payment-legal-address-company') as HTMLElement;
    expect(company).toBeTruthy();
    expect(within(company).getByLabelText('Company name')).toBeTruthy();
  });
});
