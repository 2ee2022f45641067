import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { fillPath, getJson, HttpError } from './client';

describe('fillPath', () => {
  it('fills and encodes placeholders', () => {
    expect(fillPath('/content/hotel/:hotelCode', { hotelCode: 'A B' })).toBe('/content/hotel/A%20B');
  });
});

describe('getJson', () => {
  const schema = v.object({ data: v.string() });

  it('calls the BFF under /bff with the query and parses the answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: 'ok' }), { status: 200 }));
    await expect(getJson('/health', schema, { locale: 'de' }, { fetch: fetchMock })).resolves.toEqual({ data: 'ok' });
    expect(fetchMock).toHaveBeenCalledWith('/bff/health?locale=de', expect.anything());
  });

  it('words an HTTP failure as the spec does', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 503 }));
    const failure = getJson('/health', schema, {}, { fetch: fetchMock });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toThrow('Request failed with status code 503');
  });

  it('rejects an answer that breaks the contract', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: 3 }), { status: 200 }));
    await expect(getJson('/health', schema, {}, { fetch: fetchMock })).rejects.toThrow();
  });
});
