import type { SocialProvider } from '../../contract/auth';
import type { LoginContext, LoginErrorCode, LoginMode } from './login.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
interface LoginSnapshot {
  context: Pick<LoginContext, 'mode' | 'loading' | 'provider' | 'error' | 'email' | 'codeResent' | 'registrationToken'>;
  /** The state value, as the machine gives it. */
  value: unknown;
}

const valueOf = (snapshot: LoginSnapshot): Record<string, unknown> =>
  typeof snapshot.value === 'object' && snapshot.value !== null ? (snapshot.value as Record<string, unknown>) : {};

export const selectIsOpen = (snapshot: LoginSnapshot): boolean => 'open' in valueOf(snapshot);

/** The mode the dialog shows (kept while closed). */
export const selectMode = (snapshot: LoginSnapshot): LoginMode => snapshot.context.mode;

export const selectIsLoading = (snapshot: LoginSnapshot): boolean => snapshot.context.loading;

/** The provider of a social attempt that is running, else null. */
export function selectSocialInProgress(snapshot: LoginSnapshot): SocialProvider | null {
  const open = valueOf(snapshot).open;
  if (typeof open !== 'object' || open === null) return null;
  return 'googleSignIn' in open || 'appleSignIn' in open || 'facebookSignIn' in open ? snapshot.context.provider : null;
}

/** Whether the browser's passkey prompt or the BFF's check of it is running. */
export function selectPasskeyInProgress(snapshot: LoginSnapshot): boolean {
  return valueOf(snapshot).open === 'passkeySignIn';
}

export const selectError = (snapshot: LoginSnapshot): LoginErrorCode | null => snapshot.context.error;

export const selectEmail = (snapshot: LoginSnapshot): string => snapshot.context.email;

export const selectCodeResent = (snapshot: LoginSnapshot): boolean => snapshot.context.codeResent;

export const selectRegistrationToken = (snapshot: LoginSnapshot): string | null => snapshot.context.registrationToken;

/** The password step after a one-time code (PasswordRequired). */
export function selectIsPasswordStep(snapshot: LoginSnapshot): boolean {
  const open = valueOf(snapshot).open;
  if (typeof open !== 'object' || open === null) return false;
  const sent = (open as Record<string, unknown>).otpEmailSent;
  return typeof sent === 'object' && sent !== null && 'password' in sent;
}

/** The notice shown after the dialog closed on a 422 (spec section 8), else null. */
export function selectNotice(snapshot: LoginSnapshot): 'emailMissing' | 'unknownError' | null {
  const closed = valueOf(snapshot).closed;
  return closed === 'emailMissing' || closed === 'unknownError' ? closed : null;
}
