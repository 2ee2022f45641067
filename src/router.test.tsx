import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/web/render-app';
import { HttpError } from './services/bff/client';
import { shouldRetry } from './router';

/*
 * When the BFF answers 503 (the database is down or too slow) a page shows its error state at once:
 * the BFF already waited for the database, and asking again at once would only make the visitor wait.
 */

describe('shouldRetry', () => {
  it('retries unexpected failures twice in the browser, never a 4xx or a 503, and nothing on the server', () => {
    expect([0, 1, 2].map((count) => shouldRetry(count, new HttpError(500), false))).toEqual([true, true, false]);
    expect(shouldRetry(0, new TypeError('Failed to fetch'), false)).toBe(true);
    expect(shouldRetry(0, new HttpError(404), false)).toBe(false);
    expect(shouldRetry(0, new HttpError(503), false)).toBe(false);
    expect(shouldRetry(0, new HttpError(500), true)).toBe(false);
  });
});

describe('a page whose data the BFF cannot give now (503)', () => {
  it('shows the error page after one request', async () => {
    const { fetchMock } = await renderApp('/en/brands/some-brand', (url) =>
      url.pathname.startsWith('/bff/content/brands/') ? { status: 503, body: { error: { code: 'service_unavailable', message: 'Unavailable' } } } : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeDefined();
    const brandCalls = fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://site.test').pathname.startsWith('/bff/content/brands/'));
    expect(brandCalls).toHaveLength(1);
  });
});
