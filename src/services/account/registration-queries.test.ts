import { describe, expect, it } from 'vitest';
import { HttpError } from '../bff/client';
import { InvalidInputError } from './errors';
import { refusedFieldsOf, registrationFailureOf } from './registration-queries';

describe('a refused registration', () => {
  it('tells an existing account and an expired registration link, both with the way to sign in', () => {
    expect(registrationFailureOf(new HttpError(409))).toEqual({ reason: 'accountExists', offerSignIn: true });
    expect(registrationFailureOf(new HttpError(401))).toEqual({ reason: 'linkExpired', offerSignIn: true });
  });

  it('reads a registration token the BFF refused as an expired link, without the sign-in button', () => {
    expect(registrationFailureOf(new InvalidInputError(['registration_token']))).toEqual({ reason: 'linkExpired', offerSignIn: false });
  });

  it('names refused fields, and any other failure as one to try again', () => {
    expect(registrationFailureOf(new InvalidInputError(['email']))).toEqual({ reason: 'invalidFields', offerSignIn: false });
    expect(registrationFailureOf(new HttpError(500))).toEqual({ reason: 'failed', offerSignIn: false });
    expect(registrationFailureOf(new Error('offline'))).toEqual({ reason: 'failed', offerSignIn: false });
  });
});

describe('refused fields', () => {
  it('are those of a 400 with issues, and none for other failures', () => {
    expect(refusedFieldsOf(new InvalidInputError(['firstName', 'address.countryCode']))).toEqual(['firstName', 'address.countryCode']);
    expect(refusedFieldsOf(new HttpError(400))).toBeNull();
    expect(refusedFieldsOf(null)).toBeNull();
  });
});
