import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loopbackSiblings, paymentProviderSecurityHeaders, siteSecurityHeaders } from './security-headers';

describe('site security headers', () => {
  it('let the site frame same-origin pages (the hosted card form) but never be framed itself', async () => {
    const app = new Hono().use(siteSecurityHeaders()).get('*', (c) => c.text('page'));
    const response = await app.request('/en/booking/check-out');
    const policy = response.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("frame-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('let a page opened on one loopback name reach the card form and the sign-in stand-ins on the others, and add nothing elsewhere', async () => {
    const app = new Hono().use(siteSecurityHeaders()).get('*', (c) => c.text('page'));
    const directive = (policy: string, name: string) => policy.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    for (const [origin, others] of [
      // No IPv6 literal: a CSP source cannot name one (Chromium rejects it and logs an error on every page).
      ['http://127.0.0.1:3000', ['http://localhost:3000']],
      ['http://localhost:3000', ['http://127.0.0.1:3000']],
      ['http://[::1]:3000', ['http://localhost:3000', 'http://127.0.0.1:3000']],
    ] as const) {
      const policy = (await app.request(`${origin}/en/booking/check-out`)).headers.get('Content-Security-Policy') ?? '';
      for (const name of ['frame-src', 'connect-src']) {
        expect(directive(policy, name)).toContain("'self'");
        for (const other of others) expect(directive(policy, name)).toContain(other);
      }
    }
    const production = (await app.request('https://www.example.com/en/booking/check-out')).headers.get('Content-Security-Policy') ?? '';
    expect(directive(production, 'frame-src').trim()).toBe("frame-src 'self'");
    expect(production).not.toMatch(/localhost|127\.0\.0\.1|::1/);
    expect(loopbackSiblings('http://localhost.example.com:3000/')).toEqual([]);
  });
});

describe('payment provider security headers', () => {
  const app = new Hono().use(paymentProviderSecurityHeaders((path) => path.startsWith('/psp/hosted/'))).get('*', (c) => c.text('page'));

  it('allow our own pages to frame the hosted fields', async () => {
    const response = await app.request('/psp/hosted/card-form');
    expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
  });

  it('keep every other provider page unframed, uncached and limited to its own files and forms', async () => {
    const response = await app.request('/psp/3ds/challenge');
    const policy = response.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('same-origin');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });
});
