import { describe, expect, it } from 'vitest';
import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { codeOf, GERMAN_GUEST, issuesOf, ORIGIN, useCheckinTests } from './testing';

/*
 * The pre-authorisation of online check-in: what it needs first, the amount, authorised at once, a 3-D
 * Secure challenge finished by the notification or by the read after the return, a decline and a retry,
 * the Idempotency-Key, the confirmation with its QR code and its mail, and nothing captured.
 */

const { t } = useCheckinTests();
const berlinStay = (email = 'gina.guest@example.com') => t.pms.add({ hotelCode: 'SBTG', guest: { firstName: 'Gina', lastName: 'Guest', email, memberId: null } });
const payments = () => {
  if (!t.payments) throw new Error('The test app has a payment provider');
  return t.payments;
};
const card = (number: string = TEST_CARDS.success) => ({ payment_instrument_id: payments().tokenFor(number) });
const paymentIdOf = (redirectUrl: string) => redirectUrl.split('/').at(-1) ?? '';

describe('before paying', () => {
  it('needs an Idempotency-Key, the registration, a payment method, a card and a return address on this site', async () => {
    const { checkin, key } = await t.started(berlinStay());
    expect((await t.call('POST', `/ecommerce/checkin/${checkin.id}/pay`, { locale: 'en', redirect_url: `${ORIGIN}/en` }, t.access(key))).status).toBe(400);
    const noDetails = await t.pay(checkin.id, 'key-before-1', card(), t.access(key));
    expect([noDetails.status, codeOf(noDetails)]).toEqual([409, 'checkin_details_missing']);
    t.checkinOf(await t.details(checkin.id, GERMAN_GUEST, t.access(key)));
    const noMethod = await t.pay(checkin.id, 'key-before-2', card(), t.access(key));
    expect([noMethod.status, codeOf(noMethod)]).toEqual([422, 'payment_method_missing']);
    t.checkinOf(await t.method(checkin.id, 'card', t.access(key)));
    const noCard = await t.pay(checkin.id, 'key-before-3', {}, t.access(key));
    expect([noCard.status, codeOf(noCard), issuesOf(noCard)[0]?.path]).toEqual([422, 'invalid_card', 'payment_instrument_id']);
    const unknownCard = await t.pay(checkin.id, 'key-before-4', { payment_instrument_id: 'tok_unknown' }, t.access(key));
    expect(codeOf(unknownCard)).toBe('invalid_card');
    const elsewhere = await t.pay(checkin.id, 'key-before-5', { ...card(), redirect_url: 'https://evil.example/return' }, t.access(key));
    expect([elsewhere.status, issuesOf(elsewhere)[0]?.path]).toEqual([400, 'redirect_url']);
    expect((await t.pay(checkin.id, 'key-before-6', { ...card(), locale: 'xx' }, t.access(key))).status).toBe(400);
    expect(payments().authorizations.filter((request) => request.reference === `checkin:${checkin.id}`)).toEqual([]);
    // Nothing was tried: the first key can be used again once the check-in is ready.
    expect(t.payResultOf(await t.pay(checkin.id, 'key-before-1', card(), t.access(key))).status).toBe('completed');
  });
});

describe('pre-authorisation', () => {
  it('authorised: completed with a confirmation code and QR code, the amount held and not captured, a mail with the QR image', async () => {
    const { checkin, key } = await t.readyToPay(berlinStay('paid.once@example.com'));
    const result = t.payResultOf(await t.pay(checkin.id, 'key-auth-1', card(), t.access(key)));
    if (result.status !== 'completed') throw new Error(`expected completed, got ${result.status}`);
    expect(result.checkin.status).toBe('completed');
    const confirmation = result.checkin.confirmation;
    expect(confirmation?.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(confirmation?.qr_payload).toBe(`HCI:${confirmation?.code}`);
    expect(confirmation?.qr_png).toMatch(/^data:image\/png;base64,/);
    const asked = payments().authorizations.filter((request) => request.reference === `checkin:${checkin.id}`);
    expect(asked.map((request) => [request.amountMinor, request.currency, request.method])).toEqual([[32_000, 'EUR', 'card']]);
    expect(payments().captures).toEqual([]);
    // Read again: completed, the same code.
    expect(t.checkinOf(await t.get(checkin.id, t.access(key))).confirmation?.code).toBe(confirmation?.code);
    const [mail, ...more] = await t.mails('checkin_confirmation', 'paid.once@example.com');
    expect(more).toEqual([]);
    expect(mail?.body).toContain(confirmation?.code);
    expect(mail?.html).toContain('<img src="data:image/png;base64,');
    expect(mail?.subject).toContain('Steigenberger Hotel Berlin Tiergarten');
    // A completed check-in does not change.
    expect(codeOf(await t.details(checkin.id, GERMAN_GUEST, t.access(key)))).toBe('checkin_completed');
    expect(codeOf(await t.pay(checkin.id, 'key-auth-2', card(), t.access(key)))).toBe('checkin_completed');
  });

  it('answers a retry with the same key with the first answer and asks the provider once; another body with that key is 409', async () => {
    const { checkin, key } = await t.readyToPay(berlinStay());
    const body = card();
    const first = await t.pay(checkin.id, 'key-idem-1', body, t.access(key));
    const again = await t.pay(checkin.id, 'key-idem-1', body, t.access(key));
    expect(again).toEqual(first);
    expect(payments().authorizations.filter((request) => request.reference === `checkin:${checkin.id}`)).toHaveLength(1);
    const other = await t.pay(checkin.id, 'key-idem-1', { ...body, locale: 'de' }, t.access(key));
    expect([other.status, codeOf(other)]).toEqual([409, 'idempotency_conflict']);
  });

  it('declined: a clear reason, nothing held, the check-in open to pay again with another card', async () => {
    const { checkin, key } = await t.readyToPay(berlinStay());
    const declined = t.payResultOf(await t.pay(checkin.id, 'key-decl-1', card(TEST_CARDS.insufficientFunds), t.access(key)));
    expect(declined).toEqual({ status: 'declined', reason: 'insufficient_funds' });
    const open = t.checkinOf(await t.get(checkin.id, t.access(key)));
    expect([open.status, open.last_decline_reason, open.confirmation]).toEqual(['payment_required', 'insufficient_funds', null]);
    const paid = t.payResultOf(await t.pay(checkin.id, 'key-decl-2', card(), t.access(key)));
    expect(paid.status).toBe('completed');
    expect(t.checkinOf(await t.get(checkin.id, t.access(key))).last_decline_reason).toBeNull();
  });

  it('3-D Secure: waits for the guest, and the signed notification completes it (once, one mail)', async () => {
    const { checkin, key } = await t.readyToPay(berlinStay('challenge.notified@example.com'));
    const result = t.payResultOf(await t.pay(checkin.id, 'key-3ds-1', card(TEST_CARDS.challenge), t.access(key)));
    if (result.status !== 'action_required') throw new Error(`expected a challenge, got ${result.status}`);
    expect(result.redirect_url).toMatch(/^https:\/\/psp\.test\/challenge\//);
    const waiting = t.checkinOf(await t.get(checkin.id, t.access(key)));
    expect([waiting.status, waiting.payment_pending]).toEqual(['payment_required', true]);
    const notification = payments().complete(paymentIdOf(result.redirect_url), 'authorized');
    for (let time = 0; time < 2; time++) {
      expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, notification.body, notification.headers)).status).toBe(200);
    }
    const done = t.checkinOf(await t.get(checkin.id, t.access(key)));
    expect([done.status, done.payment_pending]).toEqual(['completed', false]);
    expect(await t.mails('checkin_confirmation', 'challenge.notified@example.com')).toHaveLength(1);
  });

  it('3-D Secure: the read after the return asks the provider when no notification came', async () => {
    const { checkin, key } = await t.readyToPay(berlinStay());
    const result = t.payResultOf(await t.pay(checkin.id, 'key-3ds-2', card(TEST_CARDS.challenge), t.access(key)));
    if (result.status !== 'action_required') throw new Error(`expected a challenge, got ${result.status}`);
    payments().complete(paymentIdOf(result.redirect_url), 'authorized');
    expect(t.checkinOf(await t.get(checkin.id, t.access(key))).status).toBe('completed');
  });

  it('3-D Secure failed: the check-in is open again with the reason; the maintenance job settles one left waiting', async () => {
    const { checkin, key } = await t.readyToPay(berlinStay());
    const result = t.payResultOf(await t.pay(checkin.id, 'key-3ds-3', card(TEST_CARDS.challenge), t.access(key)));
    if (result.status !== 'action_required') throw new Error(`expected a challenge, got ${result.status}`);
    const notification = payments().complete(paymentIdOf(result.redirect_url), 'authentication_failed');
    expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, notification.body, notification.headers)).status).toBe(200);
    const open = t.checkinOf(await t.get(checkin.id, t.access(key)));
    expect([open.status, open.payment_pending, open.last_decline_reason]).toEqual(['payment_required', false, 'authentication_failed']);

    const again = t.payResultOf(await t.pay(checkin.id, 'key-3ds-4', card(TEST_CARDS.challenge), t.access(key)));
    if (again.status !== 'action_required') throw new Error(`expected a challenge, got ${again.status}`);
    payments().complete(paymentIdOf(again.redirect_url), 'authorized');
    expect((await t.runMaintenance()).checkinPaymentsSettled).toBe(1);
    expect(t.checkinOf(await t.get(checkin.id, t.access(key))).status).toBe('completed');
  });

  it('PayPal: the approval page, then completed', async () => {
    const stay = berlinStay();
    const { checkin, key } = await t.started(stay);
    t.checkinOf(await t.details(checkin.id, GERMAN_GUEST, t.access(key)));
    t.checkinOf(await t.method(checkin.id, 'paypal', t.access(key)));
    const result = t.payResultOf(await t.pay(checkin.id, 'key-paypal-1', {}, t.access(key)));
    if (result.status !== 'action_required') throw new Error(`expected an approval, got ${result.status}`);
    const notification = payments().complete(paymentIdOf(result.redirect_url), 'authorized');
    expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, notification.body, notification.headers)).status).toBe(200);
    expect(t.checkinOf(await t.get(checkin.id, t.access(key))).status).toBe('completed');
  });

  it('the hotel system down: 503 and the provider is not asked; the provider down: 503 payments_unavailable, the key free again', async () => {
    const { checkin, key } = await t.readyToPay(berlinStay());
    t.pms.down = true;
    const down = await t.pay(checkin.id, 'key-down-1', card(), t.access(key));
    expect([down.status, codeOf(down)]).toEqual([503, 'hotel_system_unavailable']);
    t.pms.down = false;
    expect(payments().authorizations.filter((request) => request.reference === `checkin:${checkin.id}`)).toEqual([]);
    payments().failNext(1);
    const providerDown = await t.pay(checkin.id, 'key-down-2', card(), t.access(key));
    expect([providerDown.status, codeOf(providerDown)]).toEqual([503, 'payments_unavailable']);
    expect(t.payResultOf(await t.pay(checkin.id, 'key-down-2', card(), t.access(key))).status).toBe('completed');
  });
});
