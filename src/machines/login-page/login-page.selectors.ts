/** What the selectors read: a machine snapshot, or a hand-made object with the same tags and value (tests). */
interface LoginPageSnapshot {
  value: unknown;
  hasTag(tag: string): boolean;
}

export type LoginPageKind = 'newPassword' | 'popupCallback' | 'signIn';

/** Which page the query asked for. */
export function selectPageKind(snapshot: LoginPageSnapshot): LoginPageKind {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value ?? {})[0];
  if (top === 'newPassword') return 'newPassword';
  if (top === 'popupCallback' || top === 'handedOver' || top === 'popupFailed') return 'popupCallback';
  return 'signIn';
}

export const selectLinkProblem = (snapshot: LoginPageSnapshot): boolean => snapshot.hasTag('linkProblem');
export const selectPopupFailed = (snapshot: LoginPageSnapshot): boolean => snapshot.hasTag('popupFailed');
export const selectSavingPassword = (snapshot: LoginPageSnapshot): boolean => snapshot.hasTag('saving');

/** Why the new password was not saved, else null. */
export function selectPasswordFailure(snapshot: LoginPageSnapshot): 'linkExpired' | 'failed' | null {
  if (snapshot.hasTag('resetLinkExpired')) return 'linkExpired';
  return snapshot.hasTag('saveFailed') ? 'failed' : null;
}
