import { describe, expect, it } from 'vitest';
import { HttpError } from '../bff/client';
import { CommerceError } from './commerce-call';
import { cancellationFailureOf, orderLookupFailureOf } from './queries';

describe('a failed cancellation', () => {
  it('is no longer possible online on a 409, and one to try again otherwise', () => {
    expect(cancellationFailureOf(new CommerceError(409, 'cart_not_open'))).toBe('conflict');
    expect(cancellationFailureOf(new HttpError(409))).toBe('conflict');
    expect(cancellationFailureOf(new HttpError(404))).toBe('failed');
    expect(cancellationFailureOf(new Error('offline'))).toBe('failed');
  });
});

describe('a failed booking lookup', () => {
  it('found nothing on a 404 or 400, was tried too often on a 429, and failed otherwise', () => {
    expect(orderLookupFailureOf(new HttpError(404))).toBe('notFound');
    expect(orderLookupFailureOf(new HttpError(400))).toBe('notFound');
    expect(orderLookupFailureOf(new HttpError(429))).toBe('tooManyAttempts');
    expect(orderLookupFailureOf(new HttpError(500))).toBe('failed');
    expect(orderLookupFailureOf(new Error('offline'))).toBe('failed');
  });
});
