import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CheckoutParamsSchema, ConfirmationSearchSchema, ModifySearchSchema } from './ecommerce';

const ORDER_ID = '6f1f7a52-3f0e-4c59-9a53-6f6c7e1b2a10';

describe('the booking pages’ query schemas', () => {
  it('read the modify page’s order and reservation; a reservation the router made a number stays a number', () => {
    expect(v.parse(ModifySearchSchema, { order_id: ORDER_ID, reservation: 100200301 })).toEqual({ order_id: ORDER_ID, reservation: 100200301 });
    expect(v.parse(ModifySearchSchema, { order_id: ORDER_ID, reservation: 'AB-12' })).toEqual({ order_id: ORDER_ID, reservation: 'AB-12' });
  });

  it('drop what is malformed instead of failing', () => {
    expect(v.parse(ModifySearchSchema, { order_id: 'not-a-uuid', reservation: '1; drop' })).toEqual({ order_id: undefined, reservation: undefined });
    expect(v.parse(ConfirmationSearchSchema, { order_id: 7, modified: 2 ** 60, token: 'a b' })).toEqual({ order_id: undefined, modified: undefined, token: undefined });
    expect(v.parse(CheckoutParamsSchema, { cart_id: '', payment_id: { id: 1 }, status: 'x'.repeat(101) })).toEqual({ cart_id: undefined, payment_id: undefined, status: undefined });
  });

  it('read the confirmation page’s link token and changed reservation', () => {
    expect(v.parse(ConfirmationSearchSchema, { order_id: ORDER_ID, modified: '100200301', token: 'abc.DEF-1' })).toEqual({ order_id: ORDER_ID, modified: '100200301', token: 'abc.DEF-1' });
  });

  it('read numbers the router parsed from the check-out page’s ids as their text', () => {
    expect(v.parse(CheckoutParamsSchema, { cart_id: 123, payment_id: ' pay_1 ', status: 'succeeded' })).toEqual({ cart_id: '123', payment_id: 'pay_1', status: 'succeeded' });
  });
});
