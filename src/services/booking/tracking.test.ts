import { afterEach, describe, expect, it, vi } from 'vitest';
import { track, trackingRequest } from './tracking';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tracking calls', () => {
  it('puts the ids that are there in the query (as the spec names them) and the body (as the contract reads them)', () => {
    expect(trackingRequest('rateSelected', { cartId: 'cart-1' })).toEqual({ path: '/ecommerce/rate-selected?cartId=cart-1', body: { cart_id: 'cart-1' } });
    expect(trackingRequest('roomSelected', { cartId: null })).toEqual({ path: '/ecommerce/room-selected', body: {} });
    expect(trackingRequest('conversion', { orderId: 'order 1&x' })).toEqual({ path: '/ecommerce/track-conversion?orderId=order+1%26x', body: { order_id: 'order 1&x' } });
    expect(trackingRequest('initiateCheckout', { cartId: 'cart-1' }).path).toBe('/ecommerce/initiate-checkout?cartId=cart-1');
  });

  it('posts to the BFF with the token when there is one', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await track('initiateCheckout', { cartId: 'cart-1' }, 'token-of-mia');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/bff/ecommerce/initiate-checkout?cartId=cart-1');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ cart_id: 'cart-1' });
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-of-mia');
  });

  it('never fails: no network, an error answer or a 401 resolve quietly, and a 401 signs no one out', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(track('rateSelected', { cartId: 'cart-1' })).resolves.toBeUndefined();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 500 })));
    await expect(track('conversion', { orderId: 'o-1' })).resolves.toBeUndefined();
    const unauthorized = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', unauthorized);
    await expect(track('roomSelected', {}, 'expired-token')).resolves.toBeUndefined();
    // One call: no refresh asked for, nothing repeated.
    expect(unauthorized).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', () => {
      throw new Error('synchronous failure');
    });
    await expect(track('initiateCheckout', { cartId: 'cart-1' })).resolves.toBeUndefined();
  });
});
