import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Modification, ORDER_ACCESS_HEADER, type Order } from '../../contract/ecommerce';
import { reservationOf } from '../../contract/booking-pages';
import type { AuthChannel } from '../account/auth-channel';
import { HttpError } from '../bff/client';
import {
  cancelReservation,
  classifyOrderFailure,
  completeModification,
  editModification,
  exchangeLinkToken,
  fetchOrder,
  modificationRefusalOf,
  OrderPageSearchSchema,
  ReservationParamSchema,
  startModification,
} from './orders';

const ORDER_ID = '7a1c6a52-3f0e-4b8e-9d55-4a4f4d1c2b10';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const MODIFICATION: Modification = {
  modification_id: 'mod-1',
  order_id: ORDER_ID,
  reservation_number: '100200301',
  room_stay_id: 'rs-1',
  status: 'open',
  currency: 'EUR',
  original: { check_in_date: '2027-04-01', check_out_date: '2027-04-03', room_type_code: 'DBL', rate_code: 'FLEX', adults_count: 2, child_ages: [], price_with_tax: 240 },
  proposed: { check_in_date: '2027-04-01', check_out_date: '2027-04-03', room_type_code: 'DBL', rate_code: 'FLEX', adults_count: 2, child_ages: [], price_with_tax: 240, traveller: null },
  available: true,
  price_difference: 0,
};

const channel = { refresh: async () => null, emit: () => undefined } as unknown as AuthChannel;

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('orders service', () => {
  it('reads an order as a guest without a token, and as a member with one', async () => {
    const fetchMock = answer(404, { error: { code: 'not_found', message: 'Not found' } });
    await expect(fetchOrder(ORDER_ID, null)).rejects.toEqual(new HttpError(404));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/bff/ecommerce/order/${ORDER_ID}`);
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).authorization).toBeUndefined();
    await expect(fetchOrder(ORDER_ID, { token: 'member-token', channel })).rejects.toBeInstanceOf(HttpError);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>).authorization).toBe('Bearer member-token');
  });

  it("sends a guest's calls with the order's access key in a header, never in the address", async () => {
    const fetchMock = answer(200, { data: { order_id: ORDER_ID, access_key: 'key.from-the-mail-link' } });
    await expect(exchangeLinkToken('link.token')).resolves.toBe(ORDER_ID);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/bff/ecommerce/order/access');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token: 'link.token' });
    await fetchOrder(ORDER_ID, null).catch(() => undefined);
    await cancelReservation(ORDER_ID, '100200301', null).catch(() => undefined);
    await completeModification({ modificationId: 'mod-1', orderId: ORDER_ID }, null).catch(() => undefined);
    for (const [url, init] of fetchMock.mock.calls.slice(1)) {
      expect((init?.headers as Record<string, string>)[ORDER_ACCESS_HEADER]).toBe('key.from-the-mail-link');
      expect(String(url)).not.toContain('key.from-the-mail-link');
    }
    // Another order: no key of this one.
    await fetchOrder('0b7f1c52-3f0e-4b8e-9d55-4a4f4d1c2b10', null).catch(() => undefined);
    expect((fetchMock.mock.calls.at(-1)?.[1]?.headers as Record<string, string>)[ORDER_ACCESS_HEADER]).toBeUndefined();
  });

  it('posts a cancellation and reads the order it answers, or none', async () => {
    const fetchMock = answer(200, { data: { ok: true } });
    await expect(cancelReservation(ORDER_ID, '100200301', null)).resolves.toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/bff/ecommerce/order/${ORDER_ID}/reservation/100200301/cancel`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('starts, edits and completes a modification on the contract paths', async () => {
    const fetchMock = answer(200, { data: MODIFICATION });
    await expect(startModification({ orderId: ORDER_ID, reservationNumber: '100200301' }, null)).resolves.toEqual(MODIFICATION);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ order_id: ORDER_ID, reservation_number: '100200301' });
    await editModification({ modificationId: 'mod-1', roomStayId: 'rs-1', orderId: ORDER_ID, changes: { check_out_date: '2027-04-04' } }, null);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/bff/ecommerce/reservation-modification/mod-1/room-stays/rs-1');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('PUT');
    await expect(completeModification({ modificationId: 'mod-1', orderId: ORDER_ID }, null)).resolves.toBeNull();
    expect(String(fetchMock.mock.calls[2]?.[0])).toBe('/bff/ecommerce/reservation-modification/mod-1/complete');
    const order = { data: { order_id: ORDER_ID } as unknown as Order };
    answer(200, order);
    // Not a whole order: not taken for one.
    await expect(completeModification({ modificationId: 'mod-1', orderId: ORDER_ID }, null)).resolves.toBeNull();
  });

  it('keeps the commerce code of a refused completion: the stay gone, or the difference not charged', async () => {
    answer(409, { error: { code: 'modification_payment_failed', message: 'The difference could not be charged to the card' } });
    const unpaid = await completeModification({ modificationId: 'mod-1', orderId: ORDER_ID }, null).catch((error: unknown) => error);
    expect(unpaid).toBeInstanceOf(HttpError);
    expect([classifyOrderFailure(unpaid), modificationRefusalOf(unpaid)]).toEqual(['conflict', 'paymentFailed']);
    answer(409, { error: { code: 'modification_unavailable', message: 'The changed stay cannot be booked' } });
    const gone = await completeModification({ modificationId: 'mod-1', orderId: ORDER_ID }, null).catch((error: unknown) => error);
    expect([classifyOrderFailure(gone), modificationRefusalOf(gone)]).toEqual(['conflict', 'roomsGone']);
    // No code, or one the web app does not know: the stay cannot be booked.
    answer(409, { error: { code: 'something_new', message: '?' } });
    expect(modificationRefusalOf(await completeModification({ modificationId: 'mod-1', orderId: ORDER_ID }, null).catch((error: unknown) => error))).toBe('roomsGone');
    expect(modificationRefusalOf(new HttpError(409))).toBe('roomsGone');
    // The booking's card no longer usable: the difference could not be charged either.
    answer(422, { error: { code: 'invalid_card', message: 'The card cannot be used; enter it again' } });
    expect(modificationRefusalOf(await completeModification({ modificationId: 'mod-1', orderId: ORDER_ID }, null).catch((error: unknown) => error))).toBe('paymentFailed');
    // Not a refusal: not found, or a failure on the way.
    expect(modificationRefusalOf(new HttpError(404))).toBeNull();
    expect(modificationRefusalOf(new TypeError('Failed to fetch'))).toBeNull();
  });

  it('refreshes a member\'s token once on a 401 and repeats the call with the new one', async () => {
    const emitted: unknown[] = [];
    const refreshing = { refresh: async () => 'fresh-token', emit: (event: unknown) => emitted.push(event) } as unknown as AuthChannel;
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      (init?.headers as Record<string, string>).authorization === 'Bearer fresh-token'
        ? new Response(JSON.stringify({ data: MODIFICATION }), { status: 200 })
        : new Response('', { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(startModification({ orderId: ORDER_ID, reservationNumber: '100200301' }, { token: 'old-token', channel: refreshing })).resolves.toEqual(MODIFICATION);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(emitted).toEqual([{ type: 'token.refreshed', token: 'fresh-token' }]);
    // A refresh that fails: the session is told, and the call fails with the 401.
    const failing = { refresh: async () => null, emit: (event: unknown) => emitted.push(event) } as unknown as AuthChannel;
    await expect(fetchOrder(ORDER_ID, { token: 'old-token', channel: failing })).rejects.toEqual(new HttpError(401));
    expect(emitted.at(-1)).toEqual({ type: 'unauthorized' });
  });

  it('tells not found, conflicts and other failures apart', () => {
    expect(classifyOrderFailure(new HttpError(404))).toBe('notFound');
    expect(classifyOrderFailure(new HttpError(403))).toBe('notFound');
    expect(classifyOrderFailure(new HttpError(410))).toBe('notFound');
    expect(classifyOrderFailure(new HttpError(409))).toBe('conflict');
    expect(classifyOrderFailure(new HttpError(400))).toBe('invalid');
    expect(classifyOrderFailure(new HttpError(500))).toBe('failed');
    expect(classifyOrderFailure(new TypeError('Failed to fetch'))).toBe('failed');
  });
});

describe('the query of the pages after payment', () => {
  it('keeps a reservation number as the router parsed it, and drops what cannot be one', () => {
    expect(reservationOf(v.parse(ReservationParamSchema, 100200301))).toBe('100200301');
    expect(reservationOf(v.parse(ReservationParamSchema, 'AB-12'))).toBe('AB-12');
    expect(v.parse(ReservationParamSchema, 2 ** 60)).toBeUndefined();
    expect(v.parse(ReservationParamSchema, '1; drop')).toBeUndefined();
    expect(v.parse(ReservationParamSchema, undefined)).toBeUndefined();
    expect(v.parse(OrderPageSearchSchema, { order_id: ORDER_ID })).toEqual({ order_id: ORDER_ID });
    expect(v.parse(OrderPageSearchSchema, { order_id: 'not-a-uuid' })).toEqual({ order_id: undefined });
  });
});
