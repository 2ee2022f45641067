import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PaymentNotification, PaymentNotificationRejected, type PaymentRequestRejected, type PaymentStatus } from '../../ports/payments';
import { EXPIRY, PUBLIC_URL, paymentRequest, SECRET, setup } from './fixture.test-helper';
import { SIGNATURE_HEADER, signatureHeader } from './signature';
import { answerGuestAction, tokenizeTestCard, tokenizeTestCvv } from './testing';

type Setup = ReturnType<typeof setup>;

async function payWithCard(context: Setup, number: string, overrides: Parameters<typeof paymentRequest>[0] = {}) {
  const card = await tokenizeTestCard(context.provider, number, EXPIRY);
  const status = await context.port.authorize(paymentRequest({ cardToken: card.token, ...overrides }));
  return { card, status };
}

function rejectedWith(code: PaymentRequestRejected['code']) {
  return expect.objectContaining({ name: 'PaymentRequestRejected', code });
}

function actionUrl(status: PaymentStatus): string {
  if (status.status !== 'action_required') throw new Error(`expected action_required, got ${status.status}`);
  return status.redirectUrl;
}

async function verified(context: Setup, index = 0): Promise<PaymentNotification> {
  const notification = context.notifications[index];
  if (!notification) throw new Error(`no notification ${index}`);
  return context.port.verifyNotification(notification.rawBody, notification.headers);
}

describe('test cards', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
  ])('%s is authorised (%s)', async (number, brand) => {
    const context = setup();
    const { card, status } = await payWithCard(context, number);
    expect(card).toMatchObject({ brand, last4: number.slice(-4), expiry_month: 8, expiry_year: 2029 });
    expect(status.status).toBe('authorized');
    expect(await context.port.getPayment(status.paymentId)).toEqual({
      paymentId: status.paymentId,
      reference: 'cart-1',
      method: 'card',
      amountMinor: 12_500,
      currency: 'EUR',
      state: 'authorized',
      declineReason: null,
      capturedMinor: 0,
      refundedMinor: 0,
    });
  });

  it.each([
    ['4000000000000002', 'declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ] as const)('%s is declined: %s', async (number, reason) => {
    const context = setup();
    const { status } = await payWithCard(context, number);
    expect(status).toEqual({ status: 'declined', paymentId: expect.any(String), reason });
    expect(await context.port.getPayment(status.paymentId)).toMatchObject({ state: 'declined', declineReason: reason });
  });

  it('declines a stored card once its expiry month is over', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4242424242424242', { expiryMonth: 4, expiryYear: 2026 });
    expect(await context.port.describeCard(card.token)).toMatchObject({ brand: 'visa', last4: '4242', expiryMonth: 4, expiryYear: 2026 });
    context.clock.advance(53 * 24 * 60 * 60 * 1000); // 2026-05-02
    const status = await context.port.authorize(paymentRequest({ cardToken: card.token }));
    expect(status).toMatchObject({ status: 'declined', reason: 'expired_card' });
  });

  it('verifies a card with amount 0: authorised, nothing to capture, cancel releases it', async () => {
    const context = setup();
    const { status } = await payWithCard(context, '4242424242424242', { amountMinor: 0 });
    expect(status.status).toBe('authorized');
    await expect(context.port.capture(status.paymentId, 1, 'capture-1')).rejects.toEqual(rejectedWith('amount_invalid'));
    await context.port.cancel(status.paymentId);
    expect(await context.port.getPayment(status.paymentId)).toMatchObject({ amountMinor: 0, state: 'cancelled', capturedMinor: 0 });
  });

  it('a verification with a declining card is declined too', async () => {
    const context = setup();
    const { status } = await payWithCard(context, '4000000000000002', { amountMinor: 0 });
    expect(status).toMatchObject({ status: 'declined', reason: 'declined' });
  });
});

describe('3-D Secure challenge', () => {
  it('asks for a challenge on our origin and is pending until the guest answers', async () => {
    const context = setup();
    const { status } = await payWithCard(context, '4000000000003220');
    expect(status).toEqual({ status: 'action_required', paymentId: status.paymentId, redirectUrl: `${PUBLIC_URL}/psp/3ds/challenge?payment_id=${status.paymentId}` });
    expect(await context.port.getPayment(status.paymentId)).toMatchObject({ state: 'pending', declineReason: null });
    expect(context.notifications).toHaveLength(0);
  });

  it('completed: authorised, notified with a valid signature, guest sent back with the outcome', async () => {
    const context = setup();
    const { status } = await payWithCard(context, '4000000000003220');
    const response = await answerGuestAction(context.provider, actionUrl(status), 'approve');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${PUBLIC_URL}/en/booking/check-out?step=payment&payment_id=${status.paymentId}&status=authorized`);
    expect(await context.port.getPayment(status.paymentId)).toMatchObject({ state: 'authorized' });
    expect(context.notifications).toHaveLength(1);
    expect(await verified(context)).toEqual({ paymentId: status.paymentId, reference: 'cart-1', state: 'authorized', declineReason: null });
  });

  it('failed: declined with authentication_failed, notified, guest sent back', async () => {
    const context = setup();
    const { status } = await payWithCard(context, '4000000000003220');
    const response = await answerGuestAction(context.provider, actionUrl(status), 'reject');
    expect(response.headers.get('Location')).toContain('status=declined');
    expect(await context.port.getPayment(status.paymentId)).toMatchObject({ state: 'declined', declineReason: 'authentication_failed' });
    expect(await verified(context)).toEqual({ paymentId: status.paymentId, reference: 'cart-1', state: 'declined', declineReason: 'authentication_failed' });
  });

  it('a second answer changes nothing and sends no second notification', async () => {
    const context = setup();
    const { status } = await payWithCard(context, '4000000000003220');
    await answerGuestAction(context.provider, actionUrl(status), 'approve');
    const again = await answerGuestAction(context.provider, actionUrl(status), 'reject');
    expect(again.headers.get('Location')).toContain('status=authorized');
    expect(await context.port.getPayment(status.paymentId)).toMatchObject({ state: 'authorized' });
    expect(context.notifications).toHaveLength(1);
  });

  it('a payment the merchant cancelled meanwhile cannot be completed', async () => {
    const context = setup();
    const { status } = await payWithCard(context, '4000000000003220');
    await context.port.cancel(status.paymentId);
    const response = await answerGuestAction(context.provider, actionUrl(status), 'approve');
    expect(response.headers.get('Location')).toContain('status=cancelled');
    expect(await context.port.getPayment(status.paymentId)).toMatchObject({ state: 'cancelled' });
    expect(context.notifications).toHaveLength(0);
  });
});

describe.each(['paypal', 'ideal', 'apple_pay'] as const)('redirect method %s', (method) => {
  it('needs the guest on the provider page, then approval authorises', async () => {
    const context = setup();
    const status = await context.port.authorize(paymentRequest({ method }));
    expect(status).toEqual({ status: 'action_required', paymentId: status.paymentId, redirectUrl: `${PUBLIC_URL}/psp/redirect/${method}?payment_id=${status.paymentId}` });
    const response = await answerGuestAction(context.provider, actionUrl(status), 'approve');
    expect(response.headers.get('Location')).toContain('status=authorized');
    expect(await context.port.getPayment(status.paymentId)).toMatchObject({ method, state: 'authorized' });
    expect(await verified(context)).toMatchObject({ paymentId: status.paymentId, state: 'authorized' });
  });

  it('cancel declines with reason cancelled', async () => {
    const context = setup();
    const status = await context.port.authorize(paymentRequest({ method }));
    await answerGuestAction(context.provider, actionUrl(status), 'reject');
    expect(await context.port.getPayment(status.paymentId)).toMatchObject({ state: 'declined', declineReason: 'cancelled' });
    expect(await verified(context)).toMatchObject({ state: 'declined', declineReason: 'cancelled' });
  });
});

describe('idempotency', () => {
  it('answers a repeated key with the first answer and authorises once', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4242424242424242', EXPIRY);
    const request = paymentRequest({ cardToken: card.token, idempotencyKey: 'pay-1' });
    const first = await context.port.authorize(request);
    const second = await context.port.authorize({ ...request });
    expect(second).toEqual(first);
    expect(context.provider.paymentsFor('cart-1')).toHaveLength(1);
  });

  it('five concurrent calls with one key make one payment', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4000000000003220', EXPIRY);
    const request = paymentRequest({ cardToken: card.token, idempotencyKey: 'pay-concurrent' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => context.port.authorize({ ...request })));
    expect(new Set(answers.map((answer) => answer.paymentId)).size).toBe(1);
    expect(answers.every((answer) => answer.status === 'action_required')).toBe(true);
    expect(context.provider.paymentsFor('cart-1')).toHaveLength(1);
  });

  it('a declined first answer stays the answer for its key', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4000000000009995', EXPIRY);
    const request = paymentRequest({ cardToken: card.token, idempotencyKey: 'pay-declined' });
    const first = await context.port.authorize(request);
    expect(await context.port.authorize(request)).toEqual(first);
    expect(context.provider.paymentsFor('cart-1')).toHaveLength(1);
  });

  it('refuses a key reused for a different payment', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4242424242424242', EXPIRY);
    await context.port.authorize(paymentRequest({ cardToken: card.token, idempotencyKey: 'pay-2' }));
    await expect(context.port.authorize(paymentRequest({ cardToken: card.token, idempotencyKey: 'pay-2', amountMinor: 99 }))).rejects.toEqual(
      rejectedWith('idempotency_conflict'),
    );
    expect(context.provider.paymentsFor('cart-1')).toHaveLength(1);
  });

  it('different keys are different payments', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4242424242424242', EXPIRY);
    await context.port.authorize(paymentRequest({ cardToken: card.token }));
    await context.port.authorize(paymentRequest({ cardToken: card.token }));
    expect(context.provider.paymentsFor('cart-1')).toHaveLength(2);
  });

  it('a refused request leaves its key free for a corrected retry', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4242424242424242', EXPIRY);
    await expect(
      context.port.authorize(paymentRequest({ cardToken: card.token, idempotencyKey: 'pay-3', returnUrl: 'https://elsewhere.example/' })),
    ).rejects.toEqual(rejectedWith('return_url_invalid'));
    expect((await context.port.authorize(paymentRequest({ cardToken: card.token, idempotencyKey: 'pay-3' }))).status).toBe('authorized');
  });

  it('an empty key is refused', async () => {
    const context = setup();
    await expect(context.port.authorize(paymentRequest({ method: 'paypal', idempotencyKey: '' }))).rejects.toEqual(rejectedWith('invalid_request'));
  });
});

describe('capture, refund and cancel', () => {
  async function authorised(amountMinor = 10_000) {
    const context = setup();
    const { status } = await payWithCard(context, '4242424242424242', { amountMinor });
    return { ...context, paymentId: status.paymentId };
  }

  it('captures at most the authorised amount, in parts', async () => {
    const { port, paymentId } = await authorised();
    await port.capture(paymentId, 6_000, 'capture-a');
    await expect(port.capture(paymentId, 4_001, 'capture-b')).rejects.toEqual(rejectedWith('amount_invalid'));
    await port.capture(paymentId, 4_000, 'capture-c');
    expect(await port.getPayment(paymentId)).toMatchObject({ state: 'captured', capturedMinor: 10_000 });
  });

  it('captures once per key, also when the calls are concurrent', async () => {
    const { port, paymentId } = await authorised();
    await Promise.all([port.capture(paymentId, 3_000, 'capture-once'), port.capture(paymentId, 3_000, 'capture-once'), port.capture(paymentId, 3_000, 'capture-once')]);
    await port.capture(paymentId, 3_000, 'capture-once');
    expect(await port.getPayment(paymentId)).toMatchObject({ capturedMinor: 3_000 });
  });

  it('refunds at most what was captured, once per key; all of it makes the payment refunded', async () => {
    const { port, paymentId } = await authorised();
    await port.capture(paymentId, 8_000, 'capture');
    await expect(port.refund(paymentId, 8_001, 'refund-too-much')).rejects.toEqual(rejectedWith('amount_invalid'));
    await port.refund(paymentId, 5_000, 'refund-1');
    await port.refund(paymentId, 5_000, 'refund-1');
    expect(await port.getPayment(paymentId)).toMatchObject({ state: 'captured', refundedMinor: 5_000 });
    await port.refund(paymentId, 3_000, 'refund-2');
    expect(await port.getPayment(paymentId)).toMatchObject({ state: 'refunded', capturedMinor: 8_000, refundedMinor: 8_000 });
    await expect(port.refund(paymentId, 1, 'refund-3')).rejects.toEqual(rejectedWith('invalid_state'));
  });

  it('refuses to refund what was not captured and to capture a declined payment', async () => {
    const { port, paymentId } = await authorised();
    await expect(port.refund(paymentId, 100, 'refund')).rejects.toEqual(rejectedWith('invalid_state'));
    const context = setup();
    const { status } = await payWithCard(context, '4000000000000002');
    await expect(context.port.capture(status.paymentId, 100, 'capture')).rejects.toEqual(rejectedWith('invalid_state'));
  });

  it.each([0, -5, 1.5, Number.NaN])('refuses the amount %s', async (amount) => {
    const { port, paymentId } = await authorised();
    await expect(port.capture(paymentId, amount, 'capture')).rejects.toEqual(rejectedWith('amount_invalid'));
    expect(await port.getPayment(paymentId)).toMatchObject({ state: 'authorized', capturedMinor: 0 });
  });

  it('cancels an authorisation (twice is fine) but not a captured payment', async () => {
    const { port, paymentId } = await authorised();
    await port.cancel(paymentId);
    await port.cancel(paymentId);
    expect(await port.getPayment(paymentId)).toMatchObject({ state: 'cancelled' });
    await expect(port.capture(paymentId, 100, 'capture')).rejects.toEqual(rejectedWith('invalid_state'));

    const captured = await authorised();
    await captured.port.capture(captured.paymentId, 100, 'capture');
    await expect(captured.port.cancel(captured.paymentId)).rejects.toEqual(rejectedWith('invalid_state'));
  });

  it('knows no unknown payment', async () => {
    const { port } = await authorised();
    expect(await port.getPayment('pay_test_unknown')).toBeNull();
    await expect(port.capture('pay_test_unknown', 100, 'k')).rejects.toEqual(rejectedWith('payment_not_found'));
    await expect(port.cancel('pay_test_unknown')).rejects.toEqual(rejectedWith('payment_not_found'));
  });
});

describe('notification signatures', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'payment.updated',
    created: 1,
    data: { payment_id: 'pay_1', reference: 'cart-9', state: 'authorized', decline_reason: null },
  });
  const signed = (context: Setup, rawBody: string, secret = SECRET) => new Headers({ [SIGNATURE_HEADER]: signatureHeader(secret, rawBody, context.clock.now()) });

  it('accepts a good signature', async () => {
    const context = setup();
    expect(await context.port.verifyNotification(body, signed(context, body))).toEqual({ paymentId: 'pay_1', reference: 'cart-9', state: 'authorized', declineReason: null });
  });

  it('refuses a signature made with another secret', async () => {
    const context = setup();
    await expect(context.port.verifyNotification(body, signed(context, body, 'another-secret-0123456789'))).rejects.toBeInstanceOf(PaymentNotificationRejected);
  });

  it('refuses a body changed after signing', async () => {
    const context = setup();
    const headers = signed(context, body);
    await expect(context.port.verifyNotification(body.replace('authorized', 'captured'), headers)).rejects.toBeInstanceOf(PaymentNotificationRejected);
  });

  it('accepts a notification five minutes old and refuses an older one', async () => {
    const context = setup();
    const headers = signed(context, body);
    context.clock.advance(5 * 60 * 1000);
    expect((await context.port.verifyNotification(body, headers)).paymentId).toBe('pay_1');
    context.clock.advance(1000);
    await expect(context.port.verifyNotification(body, headers)).rejects.toThrow(/stale/);
  });

  it.each([
    ['missing', new Headers()],
    ['without v1', new Headers({ [SIGNATURE_HEADER]: 't=1773136800' })],
    ['garbage', new Headers({ [SIGNATURE_HEADER]: 'nonsense' })],
  ])('refuses a %s header', async (_name, headers) => {
    const context = setup();
    await expect(context.port.verifyNotification(body, headers)).rejects.toBeInstanceOf(PaymentNotificationRejected);
  });

  it('refuses a signed body that is not a payment notification', async () => {
    const context = setup();
    const other = JSON.stringify({ hello: 'world' });
    await expect(context.port.verifyNotification(other, signed(context, other))).rejects.toThrow(/not a payment notification/);
    await expect(context.port.verifyNotification('not json', signed(context, 'not json'))).rejects.toThrow(/not JSON/);
  });
});

describe('return URL', () => {
  it.each([
    'https://evil.example/en/booking',
    '//evil.example/en/booking',
    '/\\evil.example/en/booking',
    'http://hotels.example/en/booking',
    'https://hotels.example.evil.example/',
    'https://user:secret@hotels.example/',
    'javascript:alert(1)',
  ])('refuses %s', async (returnUrl) => {
    const context = setup();
    await expect(context.port.authorize(paymentRequest({ method: 'paypal', returnUrl }))).rejects.toEqual(rejectedWith('return_url_invalid'));
    expect(context.provider.paymentsFor('cart-1')).toEqual([]);
  });

  it('takes a path as one on our origin', async () => {
    const context = setup();
    const status = await context.port.authorize(paymentRequest({ method: 'ideal', returnUrl: '/de/booking/check-out' }));
    const response = await answerGuestAction(context.provider, actionUrl(status), 'approve');
    expect(response.headers.get('Location')).toBe(`${PUBLIC_URL}/de/booking/check-out?payment_id=${status.paymentId}&status=authorized`);
  });
});

describe('card tokens', () => {
  it('an unused token from the hosted form expires after an hour', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4242424242424242', EXPIRY);
    context.clock.advance(60 * 60 * 1000 - 1);
    const fresh = await tokenizeTestCard(context.provider, '5555555555554444', EXPIRY);
    expect(await context.port.describeCard(fresh.token)).not.toBeNull();
    context.clock.advance(1);
    await expect(context.port.authorize(paymentRequest({ cardToken: card.token }))).rejects.toEqual(rejectedWith('card_token_invalid'));
    expect(await context.port.describeCard(card.token)).toBeNull();
  });

  it('a token the merchant has kept is a stored card, usable with a one-time CVV token', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4242424242424242', EXPIRY);
    expect(await context.port.describeCard(card.token)).toEqual({ token: card.token, brand: 'visa', last4: '4242', expiryMonth: 8, expiryYear: 2029 });
    context.clock.advance(30 * 24 * 60 * 60 * 1000);
    const cvvToken = await tokenizeTestCvv(context.provider);
    expect((await context.port.authorize(paymentRequest({ cardToken: card.token, cvvToken }))).status).toBe('authorized');
    await expect(context.port.authorize(paymentRequest({ cardToken: card.token, cvvToken }))).rejects.toEqual(rejectedWith('card_token_invalid'));
  });

  it('a CVV token expires after an hour', async () => {
    const context = setup();
    const card = await tokenizeTestCard(context.provider, '4242424242424242', EXPIRY);
    await context.port.describeCard(card.token);
    const cvvToken = await tokenizeTestCvv(context.provider);
    context.clock.advance(60 * 60 * 1000);
    await expect(context.port.authorize(paymentRequest({ cardToken: card.token, cvvToken }))).rejects.toEqual(rejectedWith('card_token_invalid'));
  });

  it('a card payment without a known token is refused', async () => {
    const context = setup();
    await expect(context.port.authorize(paymentRequest())).rejects.toEqual(rejectedWith('card_token_invalid'));
    await expect(context.port.authorize(paymentRequest({ cardToken: 'tok_test_unknown' }))).rejects.toEqual(rejectedWith('card_token_invalid'));
    expect(await context.port.describeCard('tok_test_unknown')).toBeNull();
  });
});

describe('card data in logs', () => {
  it('never logs a card number or security code, across a whole payment', async () => {
    const context = setup();
    const number = '4000000000003220';
    const cvc = '7319';
    // A bad request body too: a JSON parse error would quote it.
    await context.provider.app.request('/psp/api/tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL },
      body: `{"number":"${number}","cvc":"${cvc}"`,
    });
    const card = await tokenizeTestCard(context.provider, number, { ...EXPIRY, cvc });
    const status = await context.port.authorize(paymentRequest({ cardToken: card.token }));
    await answerGuestAction(context.provider, actionUrl(status), 'approve');
    await context.port.capture(status.paymentId, 12_500, 'capture');
    const logged = JSON.stringify(context.logger.lines);
    expect(context.logger.lines.length).toBeGreaterThanOrEqual(5);
    expect(logged).toContain(status.paymentId);
    expect(logged).not.toContain(number);
    expect(logged).not.toContain(number.slice(0, 12));
    expect(logged).not.toContain(cvc);
  });
});

describe('merchant and Apple Pay', () => {
  it('names the hosted fields on our origin, also when the URL is known only later', async () => {
    let url = 'http://127.0.0.1:1';
    const { createTestPaymentProvider } = await import('./index');
    const provider = createTestPaymentProvider({ publicUrl: () => url, signingSecret: SECRET, notify: async () => {}, logger: setup().logger });
    url = 'http://127.0.0.1:4173/';
    expect(provider.port.merchant()).toEqual({
      provider: 'test',
      hostedFormUrl: 'http://127.0.0.1:4173/psp/hosted/card-form',
      hostedCvvUrl: 'http://127.0.0.1:4173/psp/hosted/cvv',
      origin: 'http://127.0.0.1:4173',
    });
  });

  it('gives a merchant session for an https validation URL only', async () => {
    const context = setup();
    const session = await context.port.applePaySession('https://apple-pay-gateway.apple.com/paymentservices/startSession', 'hotels.example');
    expect(session).toMatchObject({
      epochTimestamp: context.clock.now().getTime(),
      expiresAt: context.clock.now().getTime() + 300_000,
      domainName: 'hotels.example',
      merchantSessionIdentifier: expect.any(String),
      signature: expect.any(String),
    });
    await expect(context.port.applePaySession('http://apple-pay-gateway.apple.com/x', 'hotels.example')).rejects.toEqual(rejectedWith('invalid_request'));
    await expect(context.port.applePaySession('https://apple-pay-gateway.apple.com/x', 'not a domain')).rejects.toEqual(rejectedWith('invalid_request'));
  });

  it('wants a signing secret worth the name', async () => {
    const { createTestPaymentProvider } = await import('./index');
    expect(() => createTestPaymentProvider({ publicUrl: PUBLIC_URL, signingSecret: 'short', notify: async () => {}, logger: setup().logger })).toThrow(/signing secret/);
  });
});

describe('kept across restarts (stateFile)', () => {
  it('answers an authorisation key asked before the restart with its first answer, and captures and cancels its payments', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'test-payments-'));
    try {
      const stateFile = join(folder, 'payments.json');
      const before = setup({ stateFile });
      const card = await tokenizeTestCard(before.provider, '4242424242424242', EXPIRY);
      const request = paymentRequest({ cardToken: card.token });
      const first = await before.port.authorize(request);
      const other = await before.port.authorize(paymentRequest({ cardToken: card.token }));
      expect(readFileSync(stateFile, 'utf8')).not.toContain('4242424242424242');

      // A new provider on the same file: stored cards are gone, payments and answers are not.
      const after = setup({ stateFile });
      expect(await after.port.describeCard(card.token)).toBeNull();
      expect(await after.port.authorize(request)).toEqual(first);
      expect((await after.port.getPayment(first.paymentId))?.state).toBe('authorized');
      await after.port.capture(first.paymentId, 12_500, 'capture-after-restart');
      await after.port.cancel(other.paymentId);
      const again = setup({ stateFile });
      expect((await again.port.getPayment(first.paymentId))?.capturedMinor).toBe(12_500);
      expect((await again.port.getPayment(other.paymentId))?.state).toBe('cancelled');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
