import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../ports/payments';
import { EXPIRY, PUBLIC_URL, paymentRequest, setup } from './fixture.test-helper';
import { answerGuestAction, tokenizeTestCard } from './testing';

type Setup = ReturnType<typeof setup>;

const get = (context: Setup, path: string) => context.provider.app.request(path);

function postJson(context: Setup, path: string, body: string | object, headers: Record<string, string> = {}) {
  return context.provider.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const cardForm = (query: Record<string, string>) => `/psp/hosted/card-form?${new URLSearchParams(query).toString()}`;

/** Every visible input must have a label naming it. */
function unlabelledInputs(html: string): string[] {
  const ids = [...html.matchAll(/<input id="([^"]+)"(?![^>]*type="hidden")/g)].map((match) => match[1] ?? '');
  return ids.filter((id) => !html.includes(`<label for="${id}">`));
}

function csp(response: Response): string {
  return response.headers.get('Content-Security-Policy') ?? '';
}

function paymentIdOf(status: PaymentStatus): string {
  if (status.status !== 'action_required') throw new Error('expected a redirect');
  return status.paymentId;
}

describe('hosted card form', () => {
  it('renders an accessible form that may be framed by our own pages only', async () => {
    const context = setup();
    const response = await get(context, cardForm({ parent_origin: PUBLIC_URL, locale: 'en' }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    for (const autocomplete of ['cc-name', 'cc-number', 'cc-exp', 'cc-csc']) expect(html).toContain(`autocomplete="${autocomplete}"`);
    expect(html.match(/inputmode="numeric"/g)).toHaveLength(3);
    expect(unlabelledInputs(html)).toEqual([]);
    expect(html).toContain('<label for="cc-number">Card number</label>');
    expect(html).toContain(`data-parent-origin="${PUBLIC_URL}"`);
    expect(html).toContain('<script type="module" src="/psp/assets/hosted-field.js"></script>');
    // No inline script or style: the page's CSP would block it.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle="/);

    const policy = csp(response);
    for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "form-action 'self'", "frame-ancestors 'self'", "base-uri 'none'"]) {
      expect(policy).toContain(directive);
    }
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('speaks German and Arabic (right to left) and falls back to English', async () => {
    const context = setup();
    const german = await (await get(context, cardForm({ parent_origin: PUBLIC_URL, locale: 'de' }))).text();
    expect(german).toContain('<html lang="de" dir="ltr">');
    expect(german).toContain('<label for="cc-number">Kartennummer</label>');
    expect(german).toContain('data-error-number="Geben Sie eine gültige Kartennummer ein."');
    const arabic = await (await get(context, cardForm({ parent_origin: PUBLIC_URL, locale: 'ar' }))).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('<label for="cc-number">رقم البطاقة</label>');
    // Card numbers read left to right also on a right-to-left page.
    expect(arabic).toMatch(/id="cc-number"[^>]*dir="ltr"/);
    for (const locale of ['fr', 'xx', '']) {
      const page = await (await get(context, cardForm({ parent_origin: PUBLIC_URL, locale }))).text();
      expect(page).toContain('<html lang="en" dir="ltr">');
      expect(page).toContain('<label for="cc-number">Card number</label>');
    }
  });

  it.each([['https://evil.example'], [`${PUBLIC_URL}.evil.example`], ['']])('will not serve the form to parent %j', async (parentOrigin) => {
    const context = setup();
    const response = await get(context, cardForm({ parent_origin: parentOrigin, locale: 'en' }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('psp-hosted-form');
    expect(html).toContain('This form can only be shown on the site that uses this payment provider.');
  });

  it('the CVV field asks for the security code only', async () => {
    const context = setup();
    const response = await get(context, `/psp/hosted/cvv?parent_origin=${encodeURIComponent(PUBLIC_URL)}&locale=de`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-kind="cvv"');
    expect(html).toContain('data-endpoint="/psp/api/cvv-tokens"');
    expect(html).toContain('autocomplete="cc-csc"');
    expect(html).not.toContain('cc-number');
    expect(unlabelledInputs(html)).toEqual([]);
    expect(csp(response)).toContain("frame-ancestors 'self'");
  });

  it('serves its script and stylesheet with their types', async () => {
    const context = setup();
    const script = await get(context, '/psp/assets/hosted-field.js');
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    const source = await script.text();
    expect(source).toContain("type: 'psp.card.tokenized'");
    expect(source).toContain("type: 'psp.cvv.tokenized'");
    expect(source).toContain('postMessage(message(answer), form.dataset.parentOrigin)');
    expect((await get(context, '/psp/assets/provider.css')).headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect((await get(context, '/psp/assets/other.js')).status).toBe(404);
    expect((await get(context, '/psp/nothing-here')).status).toBe(404);
  });

  it('styles with logical properties only', () => {
    const css = readFileSync(join(import.meta.dirname, 'assets', 'provider.css'), 'utf8');
    const physical = [/\b(margin|padding|border)-(left|right)\b/, /(^|[\s;{])(left|right)\s*:/, /\btext-align\s*:\s*(left|right)\b/, /\bfloat\s*:\s*(left|right)\b/];
    expect(css.split('\n').filter((line) => physical.some((pattern) => pattern.test(line)))).toEqual([]);
  });
});

describe('POST /psp/api/tokens', () => {
  const number = '4242424242424242';
  const good = { number: '4242 4242 4242 4242', expiry_month: 8, expiry_year: 29, cvc: '123', holder_name: 'Anna Schmidt' };

  it('exchanges a card for a token and never echoes the number', async () => {
    const context = setup();
    const response = await postJson(context, '/psp/api/tokens', good);
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ token: expect.stringMatching(/^tok_test_/), brand: 'visa', last4: '4242', expiry_month: 8, expiry_year: 2029 });
    expect(text).not.toContain(number);
    expect(text).not.toContain('123');
  });

  it.each([
    ['a number failing the Luhn check', { ...good, number: '4242424242424241' }, ['number']],
    ['a number too short', { ...good, number: '4242' }, ['number']],
    ['an expiry in the past', { ...good, expiry_month: 2, expiry_year: 2026 }, ['expiry']],
    ['month 13', { ...good, expiry_month: 13 }, ['expiry']],
    ['a two-digit CVC', { ...good, cvc: '12' }, ['cvc']],
    ['everything wrong', { ...good, number: '1234567812345678', expiry_month: 1, expiry_year: 2020, cvc: 'abc' }, ['number', 'expiry', 'cvc']],
    ['fields of the wrong type', { number: 4242424242424241, expiry_month: '8', cvc: 123 }, ['number', 'expiry', 'cvc']],
  ])('refuses %s, naming the fields only', async (_name, body, fields) => {
    const context = setup();
    const response = await postJson(context, '/psp/api/tokens', body);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'invalid_card', fields } });
    expect(text).not.toMatch(/\d{8}/);
  });

  it('takes JSON from our own origin only', async () => {
    const context = setup();
    expect((await postJson(context, '/psp/api/tokens', good, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await postJson(context, '/psp/api/tokens', good, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await postJson(context, '/psp/api/tokens', `{"number":"${number}"`)).status).toBe(400);
    expect((await postJson(context, '/psp/api/tokens', { ...good, holder_name: 'x'.repeat(3000) })).status).toBe(413);
  });

  it('gives a one-time CVV token for a well-formed code', async () => {
    const context = setup();
    const response = await postJson(context, '/psp/api/cvv-tokens', { cvc: '1234' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ cvv_token: expect.stringMatching(/^cvv_test_/) });
    const bad = await postJson(context, '/psp/api/cvv-tokens', { cvc: '12a' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { code: 'invalid_card', fields: ['cvc'] } });
  });
});

describe('challenge and approval pages', () => {
  async function challenged(context: Setup, locale = 'en') {
    const card = await tokenizeTestCard(context.provider, '4000000000003220', EXPIRY);
    return context.port.authorize(paymentRequest({ cardToken: card.token, locale, amountMinor: 12_550 }));
  }

  it('shows the challenge with both buttons in a form posting to itself; the page cannot be framed', async () => {
    const context = setup();
    const status = await challenged(context);
    const response = await get(context, `/psp/3ds/challenge?payment_id=${paymentIdOf(status)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<form method="post" action="/psp/3ds/challenge">');
    expect(html).toContain(`<input type="hidden" name="payment_id" value="${paymentIdOf(status)}">`);
    expect(html).toContain('<button type="submit" name="decision" value="approve" class="psp-primary">Complete authentication</button>');
    expect(html).toContain('<button type="submit" name="decision" value="reject" class="psp-secondary">Fail authentication</button>');
    expect(html).toContain('€125.50');
    expect(csp(response)).toContain("frame-ancestors 'none'");
    expect(csp(response)).toContain("form-action 'self'");
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('shows the challenge in the language of the payment', async () => {
    const context = setup();
    const status = await challenged(context, 'ar');
    const html = await (await get(context, `/psp/3ds/challenge?payment_id=${paymentIdOf(status)}`)).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('إكمال المصادقة');
  });

  it('calls notify before it redirects the guest', async () => {
    const events: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const context = setup({
      notify: async () => {
        events.push('notify started');
        await gate;
        events.push('notify finished');
      },
    });
    const status = await challenged(context);
    const pending = answerGuestAction(context.provider, `/psp/3ds/challenge?payment_id=${paymentIdOf(status)}`, 'approve').then((response) => {
      events.push('redirect');
      return response;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['notify started']);
    release();
    const response = await pending;
    expect(events).toEqual(['notify started', 'notify finished', 'redirect']);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toContain(`payment_id=${paymentIdOf(status)}&status=authorized`);
  });

  it('sends the guest back even when the notification cannot be delivered, and logs it', async () => {
    const context = setup({
      notify: async () => {
        throw new Error('BFF down');
      },
    });
    const status = await challenged(context);
    const response = await answerGuestAction(context.provider, `/psp/3ds/challenge?payment_id=${paymentIdOf(status)}`, 'approve');
    expect(response.status).toBe(303);
    expect(context.logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'test payment provider: notification not delivered', paymentId: paymentIdOf(status) }));
  });

  it('refuses an answer posted from another site', async () => {
    const context = setup();
    const status = await challenged(context);
    const response = await context.provider.app.request('/psp/3ds/challenge', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: new URLSearchParams({ payment_id: paymentIdOf(status), decision: 'approve' }).toString(),
    });
    expect(response.status).toBe(403);
    expect(await context.port.getPayment(paymentIdOf(status))).toMatchObject({ state: 'pending' });
  });

  it('refuses a form without a decision', async () => {
    const context = setup();
    const status = await challenged(context);
    const response = await context.provider.app.request('/psp/3ds/challenge', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL },
      body: new URLSearchParams({ payment_id: paymentIdOf(status) }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await context.port.getPayment(paymentIdOf(status))).toMatchObject({ state: 'pending' });
  });

  it('sends a guest who comes back to a decided payment to the return URL', async () => {
    const context = setup();
    const status = await challenged(context);
    await answerGuestAction(context.provider, `/psp/3ds/challenge?payment_id=${paymentIdOf(status)}`, 'reject');
    const response = await get(context, `/psp/3ds/challenge?payment_id=${paymentIdOf(status)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toContain('status=declined');
  });

  it('shows the PayPal page with approve and cancel; other pages do not know the payment', async () => {
    const context = setup();
    const status = await context.port.authorize(paymentRequest({ method: 'paypal', locale: 'de' }));
    const paymentId = paymentIdOf(status);
    const page = await get(context, `/psp/redirect/paypal?payment_id=${paymentId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Mit PayPal bezahlen');
    expect(html).toContain('<form method="post" action="/psp/redirect/paypal">');
    expect(html).toContain('>Zahlung bestätigen</button>');
    expect(html).toContain('>Abbrechen</button>');
    expect((await get(context, `/psp/redirect/ideal?payment_id=${paymentId}`)).status).toBe(404);
    expect((await get(context, `/psp/3ds/challenge?payment_id=${paymentId}`)).status).toBe(404);
    expect((await get(context, `/psp/redirect/bitcoin?payment_id=${paymentId}`)).status).toBe(404);
    expect((await get(context, '/psp/redirect/paypal?payment_id=pay_test_unknown')).status).toBe(404);
    expect(await context.port.getPayment(paymentId)).toMatchObject({ state: 'pending' });
  });

  it('escapes what it writes into pages', async () => {
    const context = setup();
    const status = await context.port.authorize(paymentRequest({ method: 'ideal', reference: '<script>alert(1)</script>' }));
    const html = await (await get(context, `/psp/redirect/ideal?payment_id=${paymentIdOf(status)}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });
});
