import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { ErrorIssue } from '../../src/contract/errors';
import { errorBody } from './errors';

type Target = 'param' | 'query' | 'json' | 'header' | 'cookie';

const WHAT: Record<Target, string> = {
  param: 'path parameters',
  query: 'query parameters',
  json: 'request body',
  header: 'request headers',
  cookie: 'cookies',
};

/** Valibot issues as `{ path, message }`, the path dotted like `rooms.0.adults` (empty for the whole value). */
export function toErrorIssues(issues: readonly v.BaseIssue<unknown>[]): ErrorIssue[] {
  return issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
}

/**
 * Validates one part of the request with a contract schema and hands the parsed value to the handler
 * (`c.req.valid(target)`); a mismatch answers 400 with every issue. Malformed JSON never reaches the
 * schema: Hono throws a 400 for it, which the error handler words the same way.
 */
export function validate<T extends Target, Schema extends v.GenericSchema>(target: T, schema: Schema) {
  return validator(target as T & keyof ValidationTargets, (value, c) => {
    const result = v.safeParse(schema, value);
    if (!result.success) {
      return c.json(errorBody('bad_request', `Invalid ${WHAT[target]}`, toErrorIssues(result.issues)), 400);
    }
    return result.output as v.InferOutput<Schema>;
  });
}
