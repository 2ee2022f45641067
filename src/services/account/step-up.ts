import type { Locale } from '../../contract/locales';
import { STEP_UP_PATHS, StepUpResponseSchema, type StepUp } from '../../contract/step-up';
import { AnyAnswerSchema, callAuthorized, type AuthAccess } from './requests';

/**
 * The step-up's two calls (decision 0047), in a module of their own: every flow that asks for a fresh code
 * (the profile's changes, a passkey, a large redemption) loads them, and nothing else of the profile.
 */

/** Mails a step-up code to the member's current address, in the locale of the page. */
export const requestStepUpCode = async (access: AuthAccess, locale: Locale, options: { signal?: AbortSignal } = {}): Promise<void> => {
  await callAuthorized(STEP_UP_PATHS.code, AnyAnswerSchema, access, { body: { locale }, ...options });
};

/** The step-up token a fresh code gives, for one protected request within its lifetime. */
export const verifyStepUpCode = async (access: AuthAccess, code: string, options: { signal?: AbortSignal } = {}): Promise<StepUp> =>
  (await callAuthorized(STEP_UP_PATHS.verify, StepUpResponseSchema, access, { body: { code }, ...options })).data;
