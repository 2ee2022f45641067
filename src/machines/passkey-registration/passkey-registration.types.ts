import type { Passkey } from '../../contract/passkeys';

/**
 * Why no passkey was added; the view words it. `dismissed`: the member closed the browser's prompt (or
 * it timed out); `alreadyOnDevice`: this device already holds a passkey of the account; `failed`: no
 * answer or an unexpected one.
 */
export type PasskeyRegistrationFailure = 'dismissed' | 'alreadyOnDevice' | 'failed';

export interface PasskeyRegistrationContext {
  /** The name the member gave (empty: the BFF names it "Passkey N"). */
  name: string;
  /** The step-up token the registration spends; null until the code was typed. */
  stepUpToken: string | null;
  /** The passkey just added. */
  added: Passkey | null;
  failure: PasskeyRegistrationFailure | null;
}

export type PasskeyRegistrationEvent =
  /** "Add a passkey", with the name typed (or none): a code goes to the member first. */
  | { type: 'passkey.add'; name: string }
  /** The message of an added passkey or of a failure closed. */
  | { type: 'passkey.dismiss' };

export interface PasskeyRegistrationActorTypes {
  /** Options (with the step-up token), the browser's prompt and the BFF's check; the new passkey. */
  registerPasskey: { input: { stepUpToken: string; name: string }; output: Passkey };
}
