import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import { cartFixture } from '../../../machines/cart/cart.fixtures';

/*
 * A refused voucher code on the check-out page, against a fake BFF: the reason sits next to the field, is
 * announced and tied to it, the code stays as typed, and each reason has its own wording.
 */

const PAGE = '/en/booking/check-out?location=JAZB&startDate=2027-04-01&endDate=2027-04-03&room-1-adults=2&room-1-rate-code=FLEX&room-1-room-type-code=DBL';

/** The BFF's answer to applying a code: 409 with the reason the server gives. */
type Refusal = 'voucher_invalid' | 'voucher_unavailable' | 'voucher_expired' | 'voucher_used';

function bff(refusal: Refusal) {
  const cart = cartFixture();
  const applied: unknown[] = [];
  const handler = (url: URL) => {
    const path = url.pathname.replace(/^\/bff/, '');
    if (path === '/ecommerce/cart' || path === `/ecommerce/cart/${cart.cart_id}`) return { body: { data: cart } };
    if (path === `/ecommerce/cart/${cart.cart_id}/vouchers`) {
      applied.push(path);
      return { status: 409, body: { error: { code: refusal, message: refusal } } };
    }
    if (path === '/auth/providers') return { body: { data: [] } };
    return undefined;
  };
  return { handler, applied };
}

async function applyVoucher(refusal: Refusal, code: string) {
  const { handler, applied } = bff(refusal);
  await renderApp(PAGE, handler);
  const form = await screen.findByRole('form', { name: 'Voucher' }, { timeout: 30_000 });
  const field = within(form).getByLabelText('Voucher code') as HTMLInputElement;
  await userEvent.type(field, code);
  await userEvent.click(within(form).getByRole('button', { name: 'Apply voucher' }));
  await waitFor(() => expect(applied).toHaveLength(1));
  await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const message = describedBy.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('form-field__error'));
  return { form, field, message: message ?? null };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('a refused voucher code on check-out', () => {
  it('says an unknown code is not known, next to the field, announced and tied to it, and keeps the code as typed', async () => {
    const { form, field, message } = await applyVoucher('voucher_invalid', 'WELCOME5O');
    expect(message?.textContent).toBe('We do not know this voucher code. Check it for typing errors: a code has 3 to 32 letters, digits or hyphens.');
    // In the voucher form, beside its field, inside a live region that reads it out when it appears.
    expect(form.contains(message ?? null)).toBe(true);
    expect(message?.closest('[role="alert"]')).not.toBeNull();
    expect(field.value).toBe('WELCOME5O');
  });

  it('says a code held by another booking is in use, in other words than an unknown code, and keeps the code', async () => {
    const { field, message } = await applyVoucher('voucher_unavailable', 'WELCOME50');
    expect(message?.textContent).toBe('This voucher is being used to pay another booking right now. Try again in a few minutes, or use another code.');
    expect(message?.textContent).not.toMatch(/do not know/);
    expect(message?.closest('[role="alert"]')).not.toBeNull();
    expect(field.value).toBe('WELCOME50');
  });

  it('clears the reason once the guest corrects the code', async () => {
    const { form, field } = await applyVoucher('voucher_invalid', 'WELCOME5O');
    await userEvent.clear(field);
    await userEvent.type(field, 'WELCOME50');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(within(form).queryByText(/do not know this voucher code/)).toBeNull();
  });
});
