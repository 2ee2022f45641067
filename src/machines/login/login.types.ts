import type { LoginResult, SocialProvider } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import type { FacebookStatus } from '../../services/account/social';

/** The dialog's modes (spec section 2). */
export type LoginMode = 'login' | 'otpLogin' | 'otpEmailSent' | 'otpRegistrationIncomplete' | 'passwordReset' | 'passwordResetSuccess';

/** The modes a link or a button may open the dialog in; the others are reached through the flow. */
export type LoginEntryMode = 'login' | 'otpLogin' | 'passwordReset';

/** A problem shown in the dialog; the view words it. */
export type LoginErrorCode =
  | 'invalidCredentials'
  | 'invalidCode'
  | 'tooManyAttempts'
  /** Password sign-in is paused for this email after too many guesses: the visitor is offered a code. */
  | 'passwordPaused'
  | 'failed'
  | 'passwordRequired'
  | 'googleFailed'
  | 'googleTimeout'
  | 'appleFailed'
  | 'facebookFailed'
  | 'facebookUnauthorized'
  | 'facebookUnavailable'
  /** A passkey did not sign in: unknown to us, removed, or the BFF refused it. */
  | 'passkeyFailed';

export interface AppleAuthorization {
  id_token: string;
  code?: string;
}

/** What a social sign-in posts to the BFF once the provider has answered. */
export type SocialPayload =
  | { provider: 'google'; token: string }
  | { provider: 'apple'; authorization: AppleAuthorization }
  | { provider: 'facebook'; accessToken: string; userID: string };

/** How the member signed in, for the login event. */
export type LoginMethod = 'password' | 'otp' | 'passkey' | SocialProvider;

export interface LoginInput {
  locale: Locale;
  /** The shared error handler (services/errors/report.ts in the app). */
  report: (error: unknown, context?: string) => void;
}

export interface LoginContext {
  locale: Locale;
  report: (error: unknown, context?: string) => void;
  /** The mode shown, kept while the dialog is closed so that reopening resumes it (the code entry, say). */
  mode: LoginMode;
  email: string;
  /** The one-time code entered, which confirm-password needs with the password. */
  code: string;
  /** Set while an attempt runs and cleared afterwards in all cases (spec section 4). */
  loading: boolean;
  /** The provider of the last social attempt (spec section 4: the provider is recorded). */
  provider: SocialProvider | null;
  error: LoginErrorCode | null;
  /** A new code was sent on request. */
  codeResent: boolean;
  registrationToken: string | null;
  /** The provider's answer, waiting to be posted to the BFF. */
  pendingSocial: SocialPayload | null;
}

export type LoginEvent =
  | { type: 'dialog.open'; mode?: LoginEntryMode }
  | { type: 'dialog.close' }
  /** The visitor switched the site's language: codes and links are mailed in the new one. */
  | { type: 'locale.changed'; locale: Locale }
  /** The session ended: the mode goes back to login (spec section 4). */
  | { type: 'login.reset' }
  /** Dismisses the email-missing or unknown-error notice. */
  | { type: 'notice.dismiss' }
  | { type: 'mode.login' }
  | { type: 'mode.otp' }
  | { type: 'mode.passwordReset' }
  | { type: 'password.submit'; email: string; password: string }
  | { type: 'otp.request'; email: string }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  /** The password step after a one-time code, for accounts that have a password. */
  | { type: 'otp.password.submit'; password: string }
  | { type: 'reset.submit'; email: string }
  | { type: 'social.start'; provider: SocialProvider }
  /** Sign in with a passkey: the browser asks which one, then the BFF verifies it. */
  | { type: 'passkey.start' }
  /** Google's result read from the login page's query (credential and select_by). */
  | { type: 'google.result'; credential: string | null }
  /** Apple's result read from the login page's query (code and id_token). */
  | { type: 'apple.result'; authorization: AppleAuthorization | null };

export type LoginEmitted =
  /** The login event: the token goes to the session, which stores it. */
  | { type: 'login.succeeded'; token: string; method: LoginMethod }
  /** A social sign-in of someone without an account: the registration page takes over with the token. */
  | { type: 'registration.required'; registrationToken: string };

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` by the view layer). */
export interface LoginActorTypes {
  passwordLogin: { input: { email: string; password: string }; output: LoginResult };
  requestOtpCode: { input: { email: string; locale: Locale }; output: null };
  verifyOtp: { input: { email: string; code: string }; output: LoginResult };
  confirmPassword: { input: { email: string; code: string; password: string }; output: LoginResult };
  requestPasswordReset: { input: { email: string; locale: Locale }; output: null };
  googleCredential: { input: { locale: Locale }; output: { credential: string | null } };
  appleAuthorization: { input: { locale: Locale }; output: { authorization: AppleAuthorization | null } };
  facebookStatus: { output: FacebookStatus };
  socialLogin: { input: SocialPayload; output: LoginResult };
  /** The browser's passkey prompt and the BFF's check; null when the visitor dismissed the prompt. */
  passkeyLogin: { input: { locale: Locale }; output: LoginResult | null };
}
