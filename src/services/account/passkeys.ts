import type { LoginResult } from '../../contract/auth';
import { STEP_UP_HEADER } from '../../contract/step-up';
import {
  LoginOptionsResponseSchema,
  PASSKEY_PATHS,
  type Passkey,
  PasskeyResponseSchema,
  RegistrationOptionsResponseSchema,
} from '../../contract/passkeys';
import { LoginResponseSchema } from '../../contract/auth';
import { callAuthorized, callBff, type AuthAccess } from './requests';

/**
 * Passkeys in the browser (decision 0048): the BFF's options go to @simplewebauthn/browser, which asks the
 * browser (and the member's device) for a passkey; what it answers goes back to the BFF. The library is
 * loaded only when a passkey is used, so no page carries it on first load.
 */
const webauthn = () => import('@simplewebauthn/browser');

/** The member closed the browser's passkey prompt, or it timed out: nothing happened. */
export class PasskeyPromptDismissed extends Error {
  constructor() {
    super('The passkey prompt was dismissed');
    this.name = 'PasskeyPromptDismissed';
  }
}

/** The browser's way of saying the prompt was closed, timed out or refused (WebAuthn's NotAllowedError). */
const isDismissal = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** The browser already holds a passkey of this account (the options exclude it): WebAuthn's InvalidStateError. */
export class PasskeyAlreadyOnDevice extends Error {
  constructor() {
    super('This device already has a passkey for the account');
    this.name = 'PasskeyAlreadyOnDevice';
  }
}

/**
 * Registers a passkey: options (with the step-up token the BFF asks for), the browser's prompt, and the
 * BFF's check. Answers the new passkey.
 */
export async function registerPasskey(access: AuthAccess, stepUpToken: string, name: string | undefined, signal?: AbortSignal): Promise<Passkey> {
  const withSignal = signal ? { signal } : {};
  const options = (
    await callAuthorized(PASSKEY_PATHS.registrationOptions, RegistrationOptionsResponseSchema, access, {
      method: 'POST',
      headers: { [STEP_UP_HEADER]: stepUpToken },
      ...withSignal,
    })
  ).data;
  const { startRegistration } = await webauthn();
  let response;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (error) {
    if (error instanceof Error && error.name === 'InvalidStateError') throw new PasskeyAlreadyOnDevice();
    if (isDismissal(error)) throw new PasskeyPromptDismissed();
    throw error;
  }
  const body = name ? { response, name } : { response };
  return (await callAuthorized(PASSKEY_PATHS.passkeys, PasskeyResponseSchema, access, { method: 'POST', body, ...withSignal })).data;
}

/** Signs in with a passkey the browser offers; null when the member closed the prompt. */
export async function signInWithPasskey(signal?: AbortSignal): Promise<LoginResult | null> {
  const withSignal = signal ? { signal } : {};
  const { challengeId, options } = (await callBff(PASSKEY_PATHS.loginOptions, LoginOptionsResponseSchema, { method: 'POST', ...withSignal })).data;
  const { startAuthentication } = await webauthn();
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options });
  } catch (error) {
    if (isDismissal(error)) return null;
    throw error;
  }
  return (await callBff(PASSKEY_PATHS.login, LoginResponseSchema, { body: { challengeId, response }, ...withSignal })).data;
}
