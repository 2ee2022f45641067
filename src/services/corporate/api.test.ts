import { describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '../../contract/corporate';
import { InvalidInputError } from '../account/errors';
import { CorporateError, corporateFailureOf, SIGN_IN_FIRST } from './api';

const scimAnswer = (status: number, code: string, detail: string) =>
  new Response(JSON.stringify({ schemas: [SCIM_SCHEMAS.error], status: String(status), detail, code }), {
    status,
    headers: { 'content-type': 'application/scim+json' },
  });

describe('corporateFailureOf', () => {
  it('reads a refused enrolment code by its error code, whatever the detail says', async () => {
    const failure = await corporateFailureOf(scimAnswer(401, 'enrolment_code_rejected', 'Der Code ist falsch'));
    expect(failure).toBeInstanceOf(InvalidInputError);
    expect((failure as InvalidInputError).fields).toEqual(['code']);
  });

  it('reads any other 401 of the enrolment as "sign in first", even one whose detail reads like a refused code', async () => {
    const failure = await corporateFailureOf(scimAnswer(401, 'sign_in_first', 'The code is not valid or has expired'));
    expect(failure).toBeInstanceOf(CorporateError);
    expect((failure as CorporateError).code).toBe(SIGN_IN_FIRST);
  });

  it('keeps the BFF’s code of other refusals', async () => {
    const failure = await corporateFailureOf(scimAnswer(422, 'company_unknown', 'No company'));
    expect((failure as CorporateError).code).toBe('company_unknown');
  });
});
