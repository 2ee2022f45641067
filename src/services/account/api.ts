import * as v from 'valibot';
import {
  AcceptedResponseSchema,
  ActivateResponseSchema,
  AUTH_PATHS,
  DEMO_PATH,
  DemoResponseSchema,
  LoginResponseSchema,
  MEMBER_PATHS,
  MemberProfileResponseSchema,
  MemberStatusResponseSchema,
  NewslettersResponseSchema,
  PreferencesResponseSchema,
  ProvidersResponseSchema,
  RefreshResponseSchema,
  RegisterResponseSchema,
  TokenResponseSchema,
} from '../../contract/auth';
import type { ACTIVATION_OUTCOMES, ActivateRequest, LoginResult, OtpCodeRequest, OtpLoginRequest, PasswordLoginRequest, RegisterRequest } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import { statusOf } from './errors';
import { AnyAnswerSchema, callAuthorized, callBff } from './requests';
import type { AuthAccess } from './requests';

/**
 * The BFF's sign-in and membership routes the web app uses (contract/auth.ts), one function each. Every
 * answer is checked against its contract schema; failures are HttpError, LoginValidationError (422 with
 * the field list) or InvalidInputError (400 with issues), see requests.ts.
 */

type Signal = { signal?: AbortSignal };

const loginResult = async (path: string, body: unknown, options: Signal): Promise<LoginResult> =>
  (await callBff(path, LoginResponseSchema, { body, ...options })).data;

export const requestOtpCode = async (body: OtpCodeRequest, options: Signal = {}): Promise<void> => {
  await callBff(AUTH_PATHS.otpCode, AcceptedResponseSchema, { body, ...options });
};

export const loginWithOtp = (body: OtpLoginRequest, options: Signal = {}) => loginResult(AUTH_PATHS.otpLogin, body, options);

export const loginWithPassword = (body: PasswordLoginRequest, options: Signal = {}) => loginResult(AUTH_PATHS.passwordLogin, body, options);

/** After a one-time code for an account that has a password: the password confirms the sign-in. */
export const confirmPassword = (body: { email: string; password: string; code: string }, options: Signal = {}) =>
  loginResult(AUTH_PATHS.confirmPassword, body, options);

/** Google sends the ID token as `token` (spec section 7). */
export const loginWithGoogle = (body: { token: string }, options: Signal = {}) => loginResult(AUTH_PATHS.google, body, options);

/** Apple sends its authorization data (spec section 7). */
export const loginWithApple = (body: { authorization: { id_token: string; code?: string } }, options: Signal = {}) =>
  loginResult(AUTH_PATHS.apple, body, options);

export const loginWithFacebook = (body: { accessToken: string; userID: string }, options: Signal = {}) => loginResult(AUTH_PATHS.facebook, body, options);

/** Trades a one-time exchange code (from a link or a redirect) for a session token. */
export const exchangeCode = async (code: string, options: Signal = {}): Promise<string> =>
  (await callBff(AUTH_PATHS.exchangeCode, TokenResponseSchema, { body: { code }, ...options })).data.token;

/** A new access token; the refresh token travels as the BFF's HttpOnly cookie (same origin). */
export const refreshAccessToken = async (): Promise<string> => (await callBff(AUTH_PATHS.refresh, RefreshResponseSchema, { body: {} })).data.access_token;

/** Ends the session on the BFF (and its refresh cookie), for every device using it. */
export const logout = async (token: string | null): Promise<void> => {
  await callBff(AUTH_PATHS.logout, AnyAnswerSchema, { body: {}, token });
};

export const fetchProviders = async (options: Signal = {}) => (await callBff(AUTH_PATHS.providers, ProvidersResponseSchema, options)).data;
export type SocialProviderConfig = Awaited<ReturnType<typeof fetchProviders>>[number];

/** The demo's mailbox page (one-time codes and mails), or null when the site is not the demo. */
export const fetchDemoMailbox = async (options: Signal = {}) => (await callBff(DEMO_PATH, DemoResponseSchema, options)).data.mailbox;

export const register = async (body: RegisterRequest, options: Signal = {}) => (await callBff(MEMBER_PATHS.register, RegisterResponseSchema, { body, ...options })).data;

/** The BFF answers each activation outcome with its own status (200, 404, 409, 428, 502) and the outcome in the body. */
const ACTIVATION_OUTCOME_OF_STATUS: Partial<Record<number, (typeof ACTIVATION_OUTCOMES)[number]>> = {
  404: 'code_not_found',
  409: 'already_activated',
  428: 'password_confirmation_needed',
  502: 'profile_fetch_error',
};

type ActivationAnswer = v.InferOutput<typeof ActivateResponseSchema>['data'];

async function sendActivation(body: ActivateRequest): Promise<ActivationAnswer> {
  try {
    return (await callBff(MEMBER_PATHS.activate, ActivateResponseSchema, { body })).data;
  } catch (error) {
    const outcome = ACTIVATION_OUTCOME_OF_STATUS[statusOf(error) ?? 0];
    if (outcome) return { outcome };
    throw error;
  }
}

/** Activations on their way, by body. */
const runningActivations = new Map<string, Promise<ActivationAnswer>>();

/**
 * A wrong password typed for the registration fails as an InvalidInputError naming `password`.
 *
 * An activation code works once, so the same activation asked for again while it runs joins the request
 * on its way (in development React starts a page's effects twice). Its signal is not passed on: the
 * answer is needed even when the first caller stopped waiting, since the code is spent either way.
 */
export const activate = (body: ActivateRequest): Promise<ActivationAnswer> => {
  const key = JSON.stringify(body);
  const running =
    runningActivations.get(key) ??
    sendActivation(body).finally(() => {
      runningActivations.delete(key);
    });
  runningActivations.set(key, running);
  return running;
};

export const requestPasswordReset = async (body: { email: string; language: Locale }, options: Signal = {}): Promise<void> => {
  await callBff(MEMBER_PATHS.passwordReset, AnyAnswerSchema, { body, ...options });
};

/** The answer to a new password: an exchange code that signs the member in again (POST /auth/token). */
const PasswordUpdatedSchema = v.object({ data: v.optional(v.object({ code: v.optional(v.string()) })) });

export const updatePassword = async (
  body: { email: string; token: string; password: string; password_confirmation: string },
  options: Signal = {},
): Promise<{ exchangeCode: string | null }> => {
  const answer = await callBff(MEMBER_PATHS.passwordUpdate, v.fallback(PasswordUpdatedSchema, {}), { body, ...options });
  return { exchangeCode: answer.data?.code ?? null };
};

export interface CompleteProfileBody {
  firstName: string;
  lastName: string;
  salutation?: 'mr' | 'ms' | 'mx';
  birthday?: string;
  address?: { street: string; postalCode: string; city: string; countryCode: string };
}

export const completeProfile = async (body: CompleteProfileBody, access: AuthAccess): Promise<void> => {
  await callAuthorized(MEMBER_PATHS.completeProfile, AnyAnswerSchema, access, { body });
};

export const fetchProfile = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(MEMBER_PATHS.profile, MemberProfileResponseSchema, access, options)).data;

export const fetchStatus = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(MEMBER_PATHS.status, MemberStatusResponseSchema, access, options)).data;

/** The member helpers that answer in a locale (spec section 7, helpers by locale) take it as `?locale=`. */
export const inLocale = (path: string, locale: Locale) => `${path}?${new URLSearchParams({ locale }).toString()}`;

/** Every preference with the member's choice, labels in the locale. */
export const fetchPreferences = async (access: AuthAccess, locale: Locale, options: Signal = {}) =>
  (await callAuthorized(inLocale(MEMBER_PATHS.preferences, locale), PreferencesResponseSchema, access, options)).data;

/** Every newsletter with whether the member receives it, labels in the locale. */
export const fetchNewsletters = async (access: AuthAccess, locale: Locale, options: Signal = {}) =>
  (await callAuthorized(inLocale(MEMBER_PATHS.newsletters, locale), NewslettersResponseSchema, access, options)).data;
