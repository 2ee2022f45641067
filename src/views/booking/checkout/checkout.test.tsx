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
      // As the BFF answers: a reference of its own and what may be shown of the card, never the token sent.
      return set({
        ...cart,
        payment_method: 'card',
        credit_card_id: 'card-ref-1',
        card: { brand: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2030, cvv_required: false },
      });
    if (method === 'PUT' && path === `/ecommerce/cart/${cart.cart_id}/stays/stay-1/room-stays/rs-1`) {
      const update = body as { traveller?: Cart['stays'][number]['room_stays'][number]['traveller'] };
      return set({
        ...cart,
        stays: cart.stays.map((stay) => ({ ...stay, room_stays: stay.room_stays.map((room) => ({ ...room, ...(update.traveller ? { traveller: update.traveller } : {}) })) })),
      });
    }
    if (path === `/ecommerce/cart/${cart.cart_id}/stays/stay-1/room-stays/rs-1/available-addons-and-benefits`) {
      return { body: { data: { addons: [{ code: 'BRK', name: 'Breakfast', pricing: 'per_person_per_night', unit_price: 10, price: 40, selected: false }], benefits: [] } } };
    }
    if (path === `/ecommerce/cart/${cart.cart_id}/insurance/cancellation/calculate`) return { body: { data: { product: 'cancellation', price: 12.5, currency: 'EUR' } } };
    if (path === '/ecommerce/members/credit-cards/merchant') return { body: { data: { provider: 'test', hosted_form_url: `${PSP_ORIGIN}/hosted/card`, origin: PSP_ORIGIN } } };
    if (path.startsWith('/ecommerce/initiate-checkout')) return { body: { data: { ok: true } } };
    return undefined;
  };
}

const callsTo = (calls: Call[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

async function waitForCart() {
  return screen.findByRole('heading', { name: 'Guest details' }, { timeout: 30_000 });
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
  sessionStorage.clear();
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

  it.each([
    ['in this tab', 'here'],
    ['in another tab', 'elsewhere'],
  ] as const)('takes the member and their cart off the page when they sign out %s, and starts again as a guest', async (_, where) => {
    localStorage.setItem('token', validToken(Date.now(), { sub: 'guid-mia' }));
    const { handler, calls } = bff(commerce(cartFixture()));
    const { router } = await renderApp(PAGE, handler);
    await waitForCart();
    const guest = screen.getByRole('group', { name: 'Main guest' });
    await waitFor(() => expect((within(guest).getByLabelText('Email address') as HTMLInputElement).value).toBe('mia@example.com'));
    await waitFor(() => expect(localStorage.getItem('cartId')).toBe('cart-1'));
    if (where === 'here') {
      await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    } else {
      localStorage.removeItem('token');
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));
      });
    }
    expect(await screen.findByText(/You signed out, so your details and your member booking were removed from this page/, undefined, { timeout: 30_000 })).toBeTruthy();
    const again = screen.getByRole('group', { name: 'Main guest' });
    expect((within(again).getByLabelText('First name') as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText('Email address') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('mia@example.com');
    // The booking was made again from the same search, as a guest's (no token); the member's cart id is gone.
    const creates = callsTo(calls, 'POST', '/ecommerce/cart');
    expect(creates.map((call) => call.headers.get('authorization') !== null)).toEqual([true, false]);
    expect(localStorage.getItem('cartId')).toBeNull();
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('cart_id')).toBe('cart-1'));
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
    // Each error says the rule; the keyboard goes to the first field to fix.
    expect(await within(guest).findByText("Enter the guest's last name, up to 80 characters.")).toBeTruthy();
    expect(within(guest).getByText('Enter an email address like name@example.com, at most 254 characters.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(guest).getByLabelText('Last name')));
    // The summary links each problem to its field.
    const summary = screen.getByRole('region', { name: 'Please check these details before you pay' });
    const emailLink = within(summary).getByRole('link', { name: /^Email address: Enter an email address/ });
    expect(emailLink.getAttribute('href')).toBe('#checkout-rs-1-email');
    await userEvent.click(emailLink);
    expect(document.activeElement).toBe(within(guest).getByLabelText('Email address'));
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
    await userEvent.click(await screen.findByRole('checkbox', { name: /Breakfast/ }, { timeout: 30_000 }));
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
        return attempt === 1 ? { body: { data: { status: 'declined', reason: 'insufficient_funds' } } } : { body: { data: { status: 'succeeded', order_id: ORDER_ID } } };
      }),
    );
    const { router } = await renderApp(PAGE, handler);
    await waitForCart();
    const guest = await fillGuest('Anna', 'Berg', 'anna@example.com');
    await choose('PayPal');
    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText('Your payment did not go through', undefined, { timeout: 30_000 })).toBeTruthy();
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
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 30_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/booking/confirmation'));
    const keys = callsTo(calls, 'POST', '/ecommerce/cart/cart-1/pay').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends the guest to choose another room when the room is gone', async () => {
    const { handler } = bff(commerce(cartFixture(), (call) => (call.method === 'POST' && call.path === '/ecommerce/cart' ? commerceError(409, 'room_unavailable') : undefined)));
    await renderApp(PAGE, handler);
    expect(await screen.findByRole('heading', { name: 'This room is no longer available' }, { timeout: 30_000 })).toBeTruthy();
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
    expect(await screen.findByRole('heading', { name: 'Your booking session has expired' }, { timeout: 30_000 })).toBeTruthy();
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
    const frame = await screen.findByTitle('Card details', undefined, { timeout: 30_000 });
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
        traveller: { salutation: null, first_name: 'Anna', last_name: 'Berg', email: 'anna@example.com', phone: null, country_code: null, company: null, special_requests: null },
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
    expect(await screen.findByText('Your payment did not go through', undefined, { timeout: 30_000 })).toBeTruthy();
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

// ---------- signing in, add-on quantities, the payment method's answer, tracking ----------

const MEMBER_CUSTOMER = { email: 'mia@example.com', sso_guid: 'guid-mia' };
const signedIn = (call: Call) => call.headers.get('authorization') !== null;

/** Signs Mia in as a sign-in does for the page: the session receives her token (here from storage, as from another tab). */
function signIn() {
  const token = validToken(Date.now(), { sub: 'guid-mia' });
  localStorage.setItem('token', token);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: token }));
  });
}

const ADDONS = (pricing: string) => ({ body: { data: { addons: [{ code: 'BRK', name: 'Breakfast', pricing, unit_price: 15, price: 15, selected: false }], benefits: [] } } });

/**
 * A fake commerce server with any number of carts: a guest's POST makes `guestCart`, a member's
 * `memberCart`; room stay updates set add-ons (15 a piece, priced here as the server would) and travellers.
 */
function shop(guestCart: Cart, memberCart: Cart, options: { pricing?: string; override?: Route } = {}): Route {
  const carts = new Map<string, Cart>([guestCart, memberCart].map((cart) => [cart.cart_id, cart]));
  const save = (cart: Cart) => {
    carts.set(cart.cart_id, cart);
    return ok(cart);
  };
  return (call, all) => {
    const special = options.override?.(call, all);
    if (special) return special;
    const { method, path, body } = call;
    if (path.startsWith('/ecommerce/initiate-checkout')) return { body: { data: { ok: true } } };
    if (method === 'POST' && path === '/ecommerce/cart') return ok(carts.get((signedIn(call) ? memberCart : guestCart).cart_id) as Cart);
    const [, cartId, rest = ''] = /^\/ecommerce\/cart\/([^/?]+)(\/[^?]*)?$/.exec(path) ?? [];
    const cart = cartId ? carts.get(cartId) : undefined;
    if (!cart) return undefined;
    if (method === 'GET' && rest === '') return ok(cart);
    if (method === 'PUT' && rest === '/payment-method') return save({ ...cart, payment_method: (body as { payment_method: Cart['payment_method'] }).payment_method });
    if (rest.endsWith('/available-addons-and-benefits')) return ADDONS(options.pricing ?? 'per_stay');
    const [, roomStayId] = /^\/stays\/stay-1\/room-stays\/([^/]+)$/.exec(rest) ?? [];
    if (method === 'PUT' && roomStayId) {
      const update = body as { addons?: { addon_code: string; quantity?: number }[]; traveller?: Cart['stays'][number]['room_stays'][number]['traveller'] };
      return save({
        ...cart,
        stays: cart.stays.map((stay) => ({
          ...stay,
          room_stays: stay.room_stays.map((room) =>
            room.room_stay_id !== roomStayId
              ? room
              : {
                  ...room,
                  ...(update.traveller ? { traveller: update.traveller } : {}),
                  ...(update.addons
                    ? {
                        addons: update.addons.map(({ addon_code, quantity = 1 }) => ({
                          addon_code,
                          name: 'Breakfast',
                          pricing: (options.pricing ?? 'per_stay') as 'per_stay',
                          quantity,
                          price: 15 * quantity,
                        })),
                      }
                    : {}),
                },
          ),
        })),
      });
    }
    return undefined;
  };
}

const field = (label: string) => within(screen.getByRole('group', { name: 'Main guest' })).getByLabelText(label) as HTMLInputElement;

describe('check-out page: signing in, quantities, the payment method and tracking', () => {
  it('asks a guest to sign in for a member rate, and makes the cart for the member once they do', async () => {
    const memberCart = cartFixture({ customer: MEMBER_CUSTOMER });
    const { handler, calls } = bff(
      commerce(memberCart, (call) =>
        call.method === 'POST' && call.path === '/ecommerce/cart' && !signedIn(call)
          ? { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in to book a member rate' } } }
          : undefined,
      ),
    );
    await renderApp(PAGE, handler);
    const heading = await screen.findByRole('heading', { name: 'This is a member rate: sign in to book it' }, { timeout: 30_000 });
    const notice = heading.closest('[data-failure]') as HTMLElement;
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    // The standard rate: the same search, without the rate chosen.
    const standard = new URL(within(notice).getByRole('link', { name: 'Choose the standard rate' }).getAttribute('href') ?? '', 'http://site.test');
    expect(standard.pathname).toBe('/en/booking/select-room-rate');
    expect(Object.fromEntries(standard.searchParams)).toEqual({ location: 'JAZB', startDate: '2027-04-01', endDate: '2027-04-03', 'room-1-adults': '2' });
    await userEvent.click(within(notice).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', undefined, { timeout: 30_000 })).toBeTruthy();

    signIn();
    await waitForCart();
    await waitFor(() => expect(field('First name').value).toBe('Mia'));
    expect(field('Email address').value).toBe('mia@example.com');
    expect(callsTo(calls, 'POST', '/ecommerce/cart').map(signedIn)).toEqual([false, true]);
  });

  it.each([
    ['answers 404 for the guest cart with the member token', true],
    ['still answers the guest cart (a cart is bound to a member only when it is made)', false],
  ])('moves the booking to a new member cart when a guest signs in part-way and the BFF %s', async (_, notFound) => {
    const guestCart = cartFixture();
    const memberCart = cartFixture({ cart_id: 'cart-2', customer: MEMBER_CUSTOMER }, [roomStay({ room_stay_id: 'rs-2' })]);
    const { handler, calls } = bff(
      shop(guestCart, memberCart, {
        override: (call) =>
          notFound && signedIn(call) && call.path === '/ecommerce/cart/cart-1' ? { status: 404, body: { error: { code: 'not_found', message: 'No cart' } } } : undefined,
      }),
    );
    const { router } = await renderApp(PAGE, handler);
    await waitForCart();
    // The guest types part of their details, takes two breakfasts and chooses PayPal.
    await userEvent.type(field('First name'), 'Anna');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Breakfast/ }, { timeout: 30_000 }));
    await userEvent.click(await screen.findByRole('button', { name: 'One more Breakfast' }));
    await waitFor(() => expect((screen.getByRole('spinbutton', { name: 'Quantity of Breakfast' }) as HTMLInputElement).value).toBe('2'));
    await choose('PayPal');
    expect(localStorage.getItem('cartId')).toBeNull();

    signIn();
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('cart_id')).toBe('cart-2'), { timeout: 30_000 });
    // What the guest typed stays; the empty fields come from the profile.
    await waitFor(() => expect(field('Last name').value).toBe('Muster'));
    expect(field('First name').value).toBe('Anna');
    expect(field('Email address').value).toBe('mia@example.com');
    // The new cart was made for the member from the same search, and took what was chosen.
    const creates = callsTo(calls, 'POST', '/ecommerce/cart');
    expect(creates.map(signedIn)).toEqual([false, true]);
    // The same search, in the currency the guest saw.
    expect(creates[1]?.body).toEqual({ ...(creates[0]?.body as object), currency: 'EUR' });
    await waitFor(() => expect((screen.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement).checked).toBe(true));
    expect(callsTo(calls, 'PUT', '/ecommerce/cart/cart-2/stays/stay-1/room-stays/rs-2').map((call) => call.body)).toEqual([{ addons: [{ addon_code: 'BRK', quantity: 2 }] }]);
    expect(callsTo(calls, 'PUT', '/ecommerce/cart/cart-2/payment-method').map((call) => call.body)).toEqual([{ payment_method: 'paypal' }]);
    expect((screen.getByRole('spinbutton', { name: 'Quantity of Breakfast' }) as HTMLInputElement).value).toBe('2');
    // From now on every call carries the token; a member's cart id is kept in storage.
    const after = calls.slice(calls.indexOf(creates[1] as Call));
    expect(after.filter((call) => call.path.startsWith('/ecommerce/cart')).every(signedIn)).toBe(true);
    expect(localStorage.getItem('cartId')).toBe('cart-2');
    // The check-out was tracked once, when the page started.
    expect(calls.filter((call) => call.path.startsWith('/ecommerce/initiate-checkout')).map((call) => call.path)).toEqual(['/ecommerce/initiate-checkout?cartId=cart-1']);
  });

  it('offers a quantity for per-stay and per-person add-ons only, from 1 to the limit', async () => {
    const { handler, calls } = bff(shop(cartFixture(), cartFixture({ cart_id: 'cart-2' })));
    await renderApp(PAGE, handler);
    await waitForCart();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Breakfast/ }, { timeout: 30_000 }));
    const quantity = (await screen.findByRole('spinbutton', { name: 'Quantity of Breakfast' })) as HTMLInputElement;
    expect(quantity.value).toBe('1');
    expect(quantity.min).toBe('1');
    expect(quantity.max).toBe(String(10));
    expect((screen.getByRole('button', { name: 'One fewer Breakfast' }) as HTMLButtonElement).disabled).toBe(true);
    // A typed number goes to the server when the guest is done with the field, not at every keystroke.
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '10{Enter}');
    await waitFor(() => expect((screen.getByRole('spinbutton', { name: 'Quantity of Breakfast' }) as HTMLInputElement).value).toBe('10'));
    expect((screen.getByRole('button', { name: 'One more Breakfast' }) as HTMLButtonElement).disabled).toBe(true);
    // Out of range: nothing is sent and the cart's quantity shows again.
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Quantity of Breakfast' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Quantity of Breakfast' }), '11');
    await userEvent.tab();
    expect((screen.getByRole('spinbutton', { name: 'Quantity of Breakfast' }) as HTMLInputElement).value).toBe('10');
    await userEvent.click(screen.getByRole('button', { name: 'One fewer Breakfast' }));
    await waitFor(() => expect((screen.getByRole('spinbutton', { name: 'Quantity of Breakfast' }) as HTMLInputElement).value).toBe('9'));
    expect(callsTo(calls, 'PUT', '/ecommerce/cart/cart-1/stays/stay-1/room-stays/rs-1').map((call) => call.body)).toEqual([
      { addons: [{ addon_code: 'BRK' }] },
      { addons: [{ addon_code: 'BRK', quantity: 10 }] },
      { addons: [{ addon_code: 'BRK', quantity: 9 }] },
    ]);
  });

  it('keeps other add-ons on or off, without a quantity', async () => {
    const { handler } = bff(shop(cartFixture(), cartFixture({ cart_id: 'cart-2' }), { pricing: 'per_person_per_night' }));
    await renderApp(PAGE, handler);
    await waitForCart();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Breakfast/ }, { timeout: 30_000 }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: /Breakfast/ }) as HTMLInputElement).checked).toBe(true));
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it("shows the guest's payment method at once, and goes back with a message when the server refuses it", async () => {
    const { handler } = bff(commerce(cartFixture({ payment_method: 'card' })));
    const { fetchMock } = await renderApp(PAGE, handler);
    await waitForCart();
    // The payment-method answer waits until the test lets it through.
    let refuse: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (refuse = resolve));
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      if (!String(input).endsWith('/payment-method')) return (answer as NonNullable<typeof answer>)(input);
      await answered;
      return new Response(JSON.stringify({ error: { code: 'points_not_allowed', message: 'Not for this rate' } }), { status: 422 });
    });
    const paypal = screen.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement;
    await userEvent.click(paypal);
    expect(paypal.checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Credit or debit card' }) as HTMLInputElement).checked).toBe(false);
    refuse();
    expect(await screen.findByText('This payment method could not be chosen for your booking. Choose another one, or try again.')).toBeTruthy();
    expect(paypal.checked).toBe(false);
    expect((screen.getByRole('radio', { name: 'Credit or debit card' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('check-out page: paying with points', () => {
  it("says the rooms are paid with points, holds nothing on a card, and shows the member's new balance once paid", async () => {
    localStorage.setItem('token', validToken(Date.now(), { sub: 'guid-mia' }));
    const paid = (calls: Call[]) => callsTo(calls, 'POST', '/ecommerce/cart/cart-1/pay').length > 0;
    const { handler, calls } = bff(
      commerce(cartFixture({ customer: MEMBER_CUSTOMER, points_to_pay_total: 680 }), (call, all) => {
        if (call.path.endsWith('/pay')) return { body: { data: { status: 'succeeded', order_id: ORDER_ID } } };
        if (call.path !== '/members/status') return undefined;
        // The balance as the BFF has it: 680 points fewer once the booking is paid with them.
        const points = paid(all) ? 51_320 : 52_000;
        return { body: { data: { dailypointStatus: { reward_level: 'DB', rewards_points: points }, strapiStatus: { crs_id: null } } } };
      }),
    );
    const { router } = await renderApp(PAGE, handler);
    await waitForCart();
    expect(await screen.findByText('52,000 points', undefined, { timeout: 30_000 })).toBeTruthy();
    await choose('Reward points');
    const terms = document.getElementById('payment-legal-provisions') as HTMLElement;
    expect(within(terms).getByText(/Paid with points: nothing is charged to or held on a card; add-ons and city tax are paid at the hotel\./)).toBeTruthy();
    expect(within(terms).queryByText(/Your card/)).toBeNull();
    const statusReads = callsTo(calls, 'GET', '/members/status').length;

    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/booking/confirmation'));
    expect(await screen.findByText('51,320 points', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(callsTo(calls, 'GET', '/members/status').length).toBe(statusReads + 1);
  });
});

describe('the green option', () => {
  const greenCheckbox = () => screen.queryByRole('checkbox', { name: /Green option: skip daily room cleaning/ });

  it('is not offered for a stay too short for it (the server lists no green benefit)', async () => {
    const { handler } = bff(commerce(cartFixture()));
    await renderApp(PAGE, handler);
    await waitForCart();
    expect(await screen.findByRole('checkbox', { name: /Breakfast/ })).toBeTruthy();
    expect(greenCheckbox()).toBeNull();
  });

  it('is offered where the server lists it, once, and choosing it is saved on the room', async () => {
    const withGreen: Route = (call) =>
      call.path.endsWith('/available-addons-and-benefits')
        ? { body: { data: { addons: [], benefits: [{ code: 'GREEN_OPTION', name: 'Green option', description: 'Skip room cleaning', points: 500 }] } } }
        : undefined;
    const { handler, calls } = bff(commerce(cartFixture(), withGreen));
    await renderApp(PAGE, handler);
    await waitForCart();
    const green = await screen.findByRole('checkbox', { name: /Green option: skip daily room cleaning/ });
    expect(screen.queryByText('Green option: 500 points')).toBeNull();
    await userEvent.click(green);
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/ecommerce/cart/cart-1/stays/stay-1/room-stays/rs-1').some((call) => (call.body as { receive_points_for_green_option?: boolean }).receive_points_for_green_option === true)).toBe(true),
    );
  });
});
