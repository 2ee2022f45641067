import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';

type ObjectLike = v.GenericSchema & { entries: Record<string, v.GenericSchema> };

/**
 * Validates the body of a /auth/login* route. Invalid input answers 422 `{ message: [field, ...] }`
 * (spec section 8, LoginValidationErrorSchema) instead of the BFF's usual 400: the web app tells a
 * missing email from a bad password by the list. Malformed JSON or a body that is not an object lists
 * every field.
 */
export function loginInput<Schema extends ObjectLike>(schema: Schema) {
  const everyField = Object.keys(schema.entries);
  const parse = validator('json' as keyof ValidationTargets & 'json', (value, c) => {
    const result = v.safeParse(schema, value);
    if (!result.success) {
      const fields = result.issues.map((issue) => v.getDotPath(issue)).filter((path): path is string => Boolean(path));
      return c.json({ message: fields.length > 0 ? [...new Set(fields)] : everyField }, 422);
    }
    return result.output as v.InferOutput<Schema>;
  });
  const guarded: typeof parse = async (c, next) => {
    if (/^application\/([\w.-]+\+)?json/i.test(c.req.header('content-type') ?? '')) {
      try {
        await c.req.json();
      } catch {
        return c.json({ message: everyField }, 422);
      }
    }
    return parse(c, next);
  };
  return guarded;
}
