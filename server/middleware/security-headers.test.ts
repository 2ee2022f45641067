import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { paymentProviderSecurityHeaders, siteSecurityHeaders } from './security-headers';

describe('site security headers', () => {
  it('let the site frame same-origin pages (the hosted card form) but never be framed itself', async () => {
    const app = new Hono().use(siteSecurityHeaders()).get('*', (c) => c.text('page'));
    const response = await app.request('/en/booking/check-out');
    const policy = response.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("frame-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
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
