import type { ActivationContext, PasswordFailure } from './activation.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
export interface ActivationSnapshot {
  context: Pick<ActivationContext, 'typed' | 'emptyPassword' | 'passwordFailure' | 'wrongPasswords'>;
  /** The state value, as the machine gives it. */
  value: unknown;
}

/** What the page shows, in the words the view uses. Activated shows "activating" until the next page is there. */
export type ActivationPage = 'activating' | 'failed' | 'linkBroken' | 'alreadyActive' | 'profileUnavailable' | 'passwordQuestion';

export function selectPage(snapshot: ActivationSnapshot): ActivationPage {
  const { value } = snapshot;
  if (typeof value === 'object' && value !== null && 'passwordQuestion' in value) return 'passwordQuestion';
  switch (value) {
    case 'failed':
    case 'linkBroken':
    case 'alreadyActive':
    case 'profileUnavailable':
      return value;
    default:
      return 'activating';
  }
}

/** The link's code is on its way (or about to be, before the page's actor starts): the page is busy. */
export const selectIsActivating = (snapshot: ActivationSnapshot): boolean => snapshot.value === 'activating';

export interface PasswordQuestionView {
  /** An answer to the question is on its way. */
  confirming: boolean;
  /** The answer on its way, or the last one, was a typed password (not "without it"). */
  typed: boolean;
  emptyPassword: boolean;
  /** Not while an answer is on its way: a new answer makes the last failure moot. */
  failure: PasswordFailure | null;
  /** How many wrong passwords so far: each one moves the focus back to the field. */
  wrongPasswords: number;
}

export function selectPasswordQuestion(snapshot: ActivationSnapshot): PasswordQuestionView {
  const confirming = typeof snapshot.value === 'object' && snapshot.value !== null && (snapshot.value as { passwordQuestion?: unknown }).passwordQuestion === 'confirming';
  const { typed, emptyPassword, passwordFailure, wrongPasswords } = snapshot.context;
  return { confirming, typed, emptyPassword, failure: confirming ? null : passwordFailure, wrongPasswords };
}
