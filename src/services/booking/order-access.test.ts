import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_ACCESS_HEADER } from '../../contract/ecommerce';
import { payCart } from './cart';
import { adoptCartAccess, orderAccessHeaders, orderAccessKey, rememberOrderAccess } from './order-access';

const CART_ID = '5d2f6a52-3f0e-4b8e-9d55-4a4f4d1c2b10';
const ORDER_ID = '7a1c6a52-3f0e-4b8e-9d55-4a4f4d1c2b10';

function answer(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })));
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('order access keys in the browser', () => {
  it('keeps the key of a payment that went to the provider under the cart, and gives it to the order the cart became', async () => {
    answer({ data: { status: 'action_required', redirect_url: 'https://psp.test/challenge/1', hold_expires_at: '2027-04-01T10:15:00Z', access_key: 'cart-key.sig' } });
    const result = await payCart(null, CART_ID, { locale: 'en' }, 'attempt-1');
    // The key stays out of what the check-out machine holds.
    expect(result).toEqual({ status: 'action_required', redirect_url: 'https://psp.test/challenge/1', hold_expires_at: '2027-04-01T10:15:00Z' });
    expect(orderAccessHeaders(ORDER_ID)).toEqual({});
    adoptCartAccess(CART_ID, ORDER_ID);
    expect(orderAccessHeaders(ORDER_ID)).toEqual({ [ORDER_ACCESS_HEADER]: 'cart-key.sig' });
    expect(orderAccessKey(CART_ID)).toBeNull();
  });

  it('keeps the key of a paid order under the order, in this tab only', async () => {
    answer({ data: { status: 'succeeded', order_id: ORDER_ID, access_key: 'order-key.sig' } });
    expect(await payCart(null, CART_ID, { locale: 'en' }, 'attempt-2')).toEqual({ status: 'succeeded', order_id: ORDER_ID });
    expect(window.sessionStorage.getItem(`orderAccess:${ORDER_ID}`)).toBe('order-key.sig');
    expect(window.localStorage.length).toBe(0);
  });

  it('refuses what cannot be a key or an id', () => {
    rememberOrderAccess(ORDER_ID, 'has spaces');
    rememberOrderAccess('../other', 'fine.key');
    expect(window.sessionStorage.length).toBe(0);
  });
});
