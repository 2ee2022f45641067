import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { ErrorIssue } from '../../src/contract/errors';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../src/contract/primitives';
import { errorBody } from './errors';

type Target = 'param' | 'query' | 'json' | 'header' | 'cookie';

const WHAT: Record<Target, string> = {
  param: 'path parameters',
  query: 'query parameters',
  json: 'request body',
  header: 'request headers',
  cookie: 'cookies',
};

/** The most issues one answer lists: enough to fix a form, never an answer as large as the request. */
export const MAX_ISSUES = 20;
/** The longest issue message: valibot's default messages quote the value received, which may be long. */
const MAX_MESSAGE_LENGTH = 200;
const shortened = (message: string) => (message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message);

/**
 * Valibot issues as `{ path, message }`, the path dotted like `rooms.0.adults` (empty for the whole value),
 * at most MAX_ISSUES of them, each message at most MAX_MESSAGE_LENGTH characters.
 */
export function toErrorIssues(issues: readonly v.BaseIssue<unknown>[]): ErrorIssue[] {
  return issues.slice(0, MAX_ISSUES).map((issue) => ({ path: shortened(v.getDotPath(issue) ?? ''), message: shortened(issue.message) }));
}

/**
 * The first string (key or value) in a parsed request part that cannot be stored or searched (see
 * isStorableText), with its dotted path. The contract's text schemas refuse such text field by field;
 * this catches whatever a schema lets through as a plain string (tokens, ids, free-form records), so that
 * no route hands PostgreSQL a NUL. Walks with its own stack: a deeply nested value cannot overflow it.
 */
export function unstorableTextIn(value: unknown): ErrorIssue | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { path, message: UNSTORABLE_TEXT_MESSAGE };
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return { path: itemPath, message: UNSTORABLE_TEXT_MESSAGE };
        stack.push({ value: item, path: itemPath });
      }
    }
  }
  return null;
}

/**
 * Validates one part of the request with a contract schema and hands the parsed value to the handler
 * (`c.req.valid(target)`); a mismatch answers 400 with its issues (at most MAX_ISSUES), and so does any
 * text in the parsed value that could not be stored. Malformed JSON never reaches the schema: Hono throws
 * a 400 for it, which the error handler words the same way.
 */
export function validate<T extends Target, Schema extends v.GenericSchema>(target: T, schema: Schema) {
  return validator(target as T & keyof ValidationTargets, (value, c) => {
    const result = v.safeParse(schema, value);
    if (!result.success) {
      return c.json(errorBody('bad_request', `Invalid ${WHAT[target]}`, toErrorIssues(result.issues)), 400);
    }
    const unstorable = unstorableTextIn(result.output);
    if (unstorable) return c.json(errorBody('bad_request', `Invalid ${WHAT[target]}`, [unstorable]), 400);
    return result.output as v.InferOutput<Schema>;
  });
}
