import * as v from 'valibot';

/**
 * A query parameter as text, or undefined. The router's default parser turns `?code=123456` into a
 * number and JSON-looking values into objects: numbers become text again, anything else is dropped.
 */
const text = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((value) => String(value)),
      v.check((value) => value.length > 0 && value.length <= 4096),
    ),
  ),
  undefined,
);

/** The login page's query (spec section 2) and the password-reset link's. */
export const LoginSearchSchema = v.object({
  token: text,
  credential: text,
  select_by: text,
  code: text,
  id_token: text,
  state: text,
  reset_token: text,
  email: text,
});

export const RegistrationSearchSchema = v.object({ registration_token: text });

export const ActivationSearchSchema = v.object({ token: text });
