import { randomUUID } from 'node:crypto';
import type { BookableStay } from './bookable-stay';

/**
 * A guest's booking paid by card through a running site's own HTTP routes, as the check-out page does it
 * without the browser: the cart, the traveller, the card entered at the bundled test provider (its token
 * route, as the hosted card form posts it), and `pay`. Answers the confirmation page's address from the
 * confirmation mail (the demo's outbox), which opens the booking in any browser, without the paying tab's
 * access key. Needs the demo (`PAYMENT_PROVIDER=test`, `ENABLE_DEV_OUTBOX=1`).
 */
export async function paidGuestOrder(baseUrl: string, stay: BookableStay, email = `lighthouse.${randomUUID().slice(0, 8)}@example.com`): Promise<{ orderId: string; confirmationPath: string }> {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(baseUrl + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await answer.json().catch(() => null)) as Record<string, unknown> | null;
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
    return json;
  };
  const data = (json: Record<string, unknown> | null) => (json?.data ?? {}) as Record<string, unknown>;

  const cart = data(
    await call('POST', '/bff/ecommerce/cart', {
      hotel_code: stay.hotelCode,
      check_in_date: stay.startDate,
      check_out_date: stay.endDate,
      locale: 'en',
      room_stays: [{ room_type_code: stay.roomTypeCode, rate_code: stay.rateCode, adults_count: 2, child_ages: [] }],
    }),
  );
  const cartId = String(cart.cart_id);
  const [firstStay] = cart.stays as { stay_id: string; room_stays: { room_stay_id: string }[] }[];
  await call('PUT', `/bff/ecommerce/cart/${cartId}/stays/${firstStay?.stay_id}/room-stays/${firstStay?.room_stays[0]?.room_stay_id}`, {
    traveller: { first_name: 'Light', last_name: 'House', email },
  });
  await call('PUT', `/bff/ecommerce/cart/${cartId}/payment-method`, { payment_method: 'card' });
  // The hosted card form's own request; its answer is the token the form hands the check-out page.
  const card = await call('POST', '/psp/api/tokens', { number: '4242424242424242', expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 3, cvc: '123' });
  await call('PUT', `/bff/ecommerce/cart/${cartId}/credit-card`, { credit_card_id: String(card?.token) });
  const paid = data(await call('POST', `/bff/ecommerce/cart/${cartId}/pay`, { locale: 'en' }, { 'Idempotency-Key': randomUUID() }));
  if (paid.status !== 'succeeded') throw new Error(`pay answered ${JSON.stringify(paid)}`);
  const orderId = String(paid.order_id);

  // The confirmation mail is written with the order; its link names the order and a token that opens it.
  const mails = ((await call('GET', `/bff/dev/outbox?to=${encodeURIComponent(email)}`))?.data ?? []) as { text: string }[];
  for (const mail of mails) {
    const link = /https?:\/\/\S*\/en\/booking\/confirmation\?\S+/.exec(mail.text)?.[0];
    if (link && link.includes(orderId)) {
      const url = new URL(link);
      return { orderId, confirmationPath: `${url.pathname}${url.search}` };
    }
  }
  throw new Error('The confirmation mail with its link was not found in the outbox');
}
