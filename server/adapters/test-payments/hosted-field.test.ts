// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostedCardMessageSchema, HostedCvvMessageSchema } from '../../../src/contract/ecommerce';
import { PUBLIC_URL, setup } from './fixture.test-helper';

/** The hosted form's script, run on the provider's own page markup with the provider's API behind fetch. */

const script = readFileSync(join(import.meta.dirname, 'assets', 'hosted-field.js'), 'utf8');

async function openForm(path: string) {
  const context = setup();
  const html = await (await context.provider.app.request(`${path}?parent_origin=${encodeURIComponent(PUBLIC_URL)}&locale=de`)).text();
  document.body.innerHTML = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  const requests: { url: string; body: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, body: String(init.body) });
    return context.provider.app.request(url, { ...init, headers: { ...(init.headers as Record<string, string>), Origin: PUBLIC_URL } });
  });
  const postMessage = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
  new Function(script)();
  const input = (id: string) => document.getElementById(id) as HTMLInputElement;
  const form = document.getElementById('psp-hosted-form') as HTMLFormElement;
  return { context, requests, postMessage, input, submit: () => form.requestSubmit(), status: () => document.getElementById('psp-status')?.textContent };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('hosted card form script', () => {
  it('shows each field error in the page language and sends nothing', async () => {
    const page = await openForm('/psp/hosted/card-form');
    page.input('cc-number').value = '4242 4242 4242 4241';
    page.input('cc-exp').value = '01/20';
    page.input('cc-csc').value = '12';
    page.submit();
    await Promise.resolve();
    expect(document.getElementById('cc-number-error')?.textContent).toBe('Geben Sie eine gültige Kartennummer ein.');
    expect(page.input('cc-number').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('cc-exp-error')?.hidden).toBe(false);
    expect(document.getElementById('cc-csc-error')?.textContent).toBe('Geben Sie die 3- oder 4-stellige Prüfnummer ein.');
    expect(document.activeElement).toBe(page.input('cc-number'));
    expect(page.requests).toEqual([]);
    expect(page.postMessage).not.toHaveBeenCalled();
  });

  it('tokenises a good card and posts the token, not the card, to our origin only', async () => {
    const page = await openForm('/psp/hosted/card-form');
    page.input('cc-name').value = 'Anna Schmidt';
    page.input('cc-number').value = '5555 5555 5555 4444';
    page.input('cc-exp').value = '08 / 29';
    page.input('cc-csc').value = '321';
    page.submit();
    await vi.waitFor(() => expect(page.postMessage).toHaveBeenCalledTimes(1), { timeout: 60_000 });
    const [message, origin] = page.postMessage.mock.calls[0] ?? [];
    expect(origin).toBe(PUBLIC_URL);
    expect(v.parse(HostedCardMessageSchema, message)).toEqual({
      type: 'psp.card.tokenized',
      token: expect.stringMatching(/^tok_test_/),
      brand: 'mastercard',
      last4: '4444',
      expiry_month: 8,
      expiry_year: 2029,
    });
    expect(JSON.stringify(message)).not.toContain('5555555555554444');
    expect(page.requests).toEqual([{ url: '/psp/api/tokens', body: expect.stringContaining('"number":"5555555555554444"') }]);
    expect(page.input('cc-number').value).toBe('');
    expect(page.input('cc-csc').value).toBe('');
    expect(page.status()).toBe('Kartendaten übernommen.');
    expect(await page.context.port.describeCard((message as { token: string }).token)).toMatchObject({ last4: '4444' });
  });

  it('says so when the provider cannot be reached', async () => {
    const page = await openForm('/psp/hosted/card-form');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    page.input('cc-number').value = '4242424242424242';
    page.input('cc-exp').value = '8/29';
    page.input('cc-csc').value = '123';
    page.submit();
    await vi.waitFor(() => expect(page.status()).toBe('Die Karte konnte nicht geprüft werden. Bitte versuchen Sie es erneut.'), { timeout: 60_000 });
    expect(page.postMessage).not.toHaveBeenCalled();
  });
});

describe('hosted CVV field script', () => {
  it('posts a one-time CVV token', async () => {
    const page = await openForm('/psp/hosted/cvv');
    page.input('cc-csc').value = '1234';
    page.submit();
    await vi.waitFor(() => expect(page.postMessage).toHaveBeenCalledTimes(1), { timeout: 60_000 });
    const [message, origin] = page.postMessage.mock.calls[0] ?? [];
    expect(origin).toBe(PUBLIC_URL);
    expect(v.parse(HostedCvvMessageSchema, message)).toEqual({ type: 'psp.cvv.tokenized', cvv_token: expect.stringMatching(/^cvv_test_/) });
  });
});
