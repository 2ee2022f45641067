import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import * as v from 'valibot';
import { TextSchema } from './primitives';

/**
 * Passkeys (WebAuthn, decision record 0048): a signed-in member registers passkeys after a fresh one-time
 * code (step-up, src/contract/account-security.ts) and later signs in with one, without typing an email.
 * The browser hands the options to @simplewebauthn/browser (`startRegistration({ optionsJSON })`,
 * `startAuthentication({ optionsJSON })`) and posts what it returns as `response`. Paths are relative to
 * BFF_PREFIX. A site address passkeys cannot work on answers 503 `service_unavailable`.
 */
export const PASSKEY_PATHS = {
  /** POST (bearer and X-Step-Up-Token): options for `startRegistration`, valid PASSKEY_LIMITS.challengeMinutes. */
  registrationOptions: '/auth/passkeys/registration-options',
  /** GET (bearer): the member's passkeys. POST (bearer) `{ response, name? }`: 201 with the new passkey; 409 already registered or too many. */
  passkeys: '/auth/passkeys',
  /** PATCH (bearer) `{ name }`: 200 with the renamed passkey; DELETE (bearer): 200 with the list left. Another member's id: 404. */
  passkey: '/auth/passkeys/:id',
  /** POST, no body, no token: options for `startAuthentication` with the challenge id to send back (429 with Retry-After when too many). */
  loginOptions: '/auth/login/passkey/options',
  /** POST `{ challengeId, response }`: signed in like the other sign-in routes (LoginResponseSchema); 401 for anything not accepted. */
  login: '/auth/login/passkey',
} as const;

/** The path of one passkey. */
export const passkeyPath = (id: string) => PASSKEY_PATHS.passkey.replace(':id', encodeURIComponent(id));

export const PASSKEY_LIMITS = {
  nameMax: 60,
  /** Passkeys one member may hold. */
  perMember: 20,
  /** How long options (their challenge) can be answered. */
  challengeMinutes: 5,
} as const;

/** The name a passkey gets when none is given: `Passkey 1`, `Passkey 2`, ... (the first number not in use). */
export const DEFAULT_PASSKEY_NAME_PREFIX = 'Passkey';

// ---------- what the browser posts ----------

/**
 * Base64url text as WebAuthn's JSON encoding writes binary values, at most `max` characters. The limits are
 * generous for real authenticators (a credential id has at most 1,023 bytes, a signature a few hundred)
 * and keep a request from carrying anything else.
 */
const base64url = (max: number) =>
  v.pipe(v.string('Expected base64url text'), v.nonEmpty('Required'), v.maxLength(max, `At most ${max} characters`), v.regex(/^[A-Za-z0-9_-]+$/, 'Expected base64url text'));

const credentialId = base64url(1_400);
const publicKeyType = v.literal('public-key', 'The credential type is public-key');
const authenticatorAttachment = v.optional(v.picklist(['platform', 'cross-platform'], 'platform or cross-platform'));
/** Extension results are not used: accepted and dropped (an object strips the keys it does not name). */
const clientExtensionResults = v.optional(v.object({}), {});
const transport = v.pipe(v.string(), v.maxLength(32), v.regex(/^[a-z-]+$/, 'Expected a transport name'));

/** What `startRegistration` answers (RegistrationResponseJSON), bounded. */
export const RegistrationResponseSchema = v.object({
  id: credentialId,
  rawId: credentialId,
  type: publicKeyType,
  authenticatorAttachment,
  clientExtensionResults,
  response: v.object({
    clientDataJSON: base64url(4_096),
    attestationObject: base64url(32_768),
    authenticatorData: v.optional(base64url(8_192)),
    transports: v.optional(v.pipe(v.array(transport), v.maxLength(10))),
    publicKeyAlgorithm: v.optional(v.pipe(v.number(), v.integer())),
    publicKey: v.optional(base64url(8_192)),
  }),
});

/** What `startAuthentication` answers (AuthenticationResponseJSON), bounded. */
export const AuthenticationResponseSchema = v.object({
  id: credentialId,
  rawId: credentialId,
  type: publicKeyType,
  authenticatorAttachment,
  clientExtensionResults,
  response: v.object({
    clientDataJSON: base64url(4_096),
    authenticatorData: base64url(8_192),
    signature: base64url(8_192),
    userHandle: v.optional(base64url(128)),
  }),
});

const passkeyName = TextSchema({ max: PASSKEY_LIMITS.nameMax, required: 'Enter a name', tooLong: `A name has at most ${PASSKEY_LIMITS.nameMax} characters` });

export const RegisterPasskeyRequestSchema = v.object({ response: RegistrationResponseSchema, name: v.optional(passkeyName) });
export type RegisterPasskeyRequest = v.InferInput<typeof RegisterPasskeyRequestSchema>;

export const RenamePasskeyRequestSchema = v.object({ name: passkeyName });
export type RenamePasskeyRequest = v.InferInput<typeof RenamePasskeyRequestSchema>;

export const PasskeyParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid('Not a passkey id')) });

export const PasskeyLoginRequestSchema = v.object({
  challengeId: v.pipe(v.string(), v.uuid('Not a challenge id')),
  response: AuthenticationResponseSchema,
});
export type PasskeyLoginRequest = v.InferInput<typeof PasskeyLoginRequestSchema>;

// ---------- what the BFF answers ----------

/**
 * Options as @simplewebauthn/server writes them, typed with @simplewebauthn/browser's identical JSON types
 * (the contract may not import a package named `server`); only their outline is checked here, the browser
 * library checks the rest.
 */
const creationOptions = v.custom<PublicKeyCredentialCreationOptionsJSON>(
  (input) => isObjectWith(input, 'challenge') && isObjectWith(input, 'rp') && isObjectWith(input, 'user'),
  'Expected passkey registration options',
);
const requestOptions = v.custom<PublicKeyCredentialRequestOptionsJSON>((input) => isObjectWith(input, 'challenge'), 'Expected passkey sign-in options');

function isObjectWith(input: unknown, key: string): boolean {
  return typeof input === 'object' && input !== null && key in input;
}

export const RegistrationOptionsResponseSchema = v.object({ data: creationOptions });

export const LoginOptionsResponseSchema = v.object({
  data: v.object({
    /** Sent back with the response (PasskeyLoginRequestSchema). */
    challengeId: v.string(),
    options: requestOptions,
  }),
});
export type PasskeyLoginOptions = v.InferOutput<typeof LoginOptionsResponseSchema>['data'];

export const PasskeySchema = v.object({
  id: v.string(),
  name: v.string(),
  /** ISO 8601 instants. */
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
});
export type Passkey = v.InferOutput<typeof PasskeySchema>;

export const PasskeyResponseSchema = v.object({ data: PasskeySchema });
/** The member's passkeys, oldest first. */
export const PasskeysResponseSchema = v.object({ data: v.array(PasskeySchema) });

