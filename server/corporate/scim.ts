import type { Context, ValidationTargets } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { CORPORATE_PATHS, SCIM_CONTENT_TYPE, SCIM_SCHEMAS, type SCIM_ERROR_TYPES, type ScimError, type ScimUser } from '../../src/contract/corporate';
import { BFF_PREFIX } from '../../src/contract/content';
import type { ErrorIssue } from '../../src/contract/errors';
import { toErrorIssues, unstorableTextIn } from '../middleware/validate';
import type { Company, Enrolment } from './store';

/*
 * SCIM 2.0 on the wire (RFC 7643 resources, RFC 7644 errors): the User resource of an enrolment and the
 * SCIM error body, both as `application/scim+json`. The SCIM routes answer every error this way (bad input
 * included), so a SCIM client reads them; the BFF's other routes keep their usual error body.
 */

/** A SCIM answer: the JSON with SCIM's media type. */
export function scimJson(c: Context, body: unknown, status: ContentfulStatusCode): Response {
  return c.body(JSON.stringify(body), status, { 'Content-Type': `${SCIM_CONTENT_TYPE}; charset=utf-8` });
}

export function scimError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  detail: string,
  options: { scimType?: (typeof SCIM_ERROR_TYPES)[number]; issues?: ErrorIssue[] } = {},
): Response {
  const body: ScimError = {
    schemas: [SCIM_SCHEMAS.error],
    status: String(status),
    ...(options.scimType ? { scimType: options.scimType } : {}),
    detail,
    code,
    ...(options.issues ? { issues: options.issues } : {}),
  };
  return scimJson(c, body, status);
}

/**
 * Validates a SCIM request part with a contract schema, as validate() does, but answers 400 as a SCIM error
 * (`invalidValue`, or `invalidSyntax` for a body that is not JSON).
 */
export function scimValidate<T extends 'json' | 'header', Schema extends v.GenericSchema>(target: T, schema: Schema) {
  const parse = validator(target as T & keyof ValidationTargets, (value, c) => {
    const result = v.safeParse(schema, value);
    if (!result.success) return scimError(c, 400, 'bad_request', `Invalid ${target === 'json' ? 'request body' : 'request headers'}`, { scimType: 'invalidValue', issues: toErrorIssues(result.issues) });
    const unstorable = unstorableTextIn(result.output);
    if (unstorable) return scimError(c, 400, 'bad_request', 'Invalid request body', { scimType: 'invalidValue', issues: [unstorable] });
    return result.output as v.InferOutput<Schema>;
  });
  if (target !== 'json') return parse;
  const guarded: typeof parse = async (c, next) => {
    try {
      await c.req.json();
    } catch {
      return scimError(c, 400, 'bad_request', 'The body is not JSON', { scimType: 'invalidSyntax' });
    }
    return parse(c, next);
  };
  return guarded;
}

/** The enrolment as a SCIM User; `origin` makes the resource's location absolute. */
export function scimUserOf(enrolment: Enrolment, company: Pick<Company, 'name'>, origin: string): ScimUser {
  return {
    schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser],
    id: enrolment.id,
    ...(enrolment.externalId ? { externalId: enrolment.externalId } : {}),
    userName: enrolment.workEmail,
    name: { givenName: enrolment.givenName, familyName: enrolment.familyName, formatted: `${enrolment.givenName} ${enrolment.familyName}` },
    emails: [{ value: enrolment.workEmail, type: 'work', primary: true }],
    active: enrolment.active,
    [SCIM_SCHEMAS.enterpriseUser]: { organization: company.name },
    meta: {
      resourceType: 'User',
      created: enrolment.enrolledAt.toISOString(),
      lastModified: enrolment.updatedAt.toISOString(),
      location: new URL(`${BFF_PREFIX}${CORPORATE_PATHS.scimUser}`, origin).toString(),
    },
  };
}
