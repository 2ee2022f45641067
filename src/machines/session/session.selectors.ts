import { MEMBER_LEVELS } from '../../contract/auth';
import { loginStateOf } from '../../services/account/token';
import type { LoginState } from '../../services/account/token';
import type { SessionContext, SessionTag } from './session.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
interface SessionSnapshot {
  context: Pick<SessionContext, 'token' | 'member'>;
  hasTag: (tag: SessionTag) => boolean;
}

export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('signedIn');

/** The stored token has not been read yet (the page as the server rendered it), or is being renewed. */
export const selectIsRestoring = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('restoring');

export const selectIsSigningOut = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('busy');

export const selectIsMemberLoading = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('memberLoading');

export const selectToken = (snapshot: SessionSnapshot): string | null => snapshot.context.token;

export const selectLoginState = (snapshot: SessionSnapshot): LoginState => loginStateOf(snapshot.context.token);

export const selectProfile = (snapshot: SessionSnapshot) => snapshot.context.member?.profile ?? null;

export const selectFirstName = (snapshot: SessionSnapshot): string | null => snapshot.context.member?.profile.firstName ?? null;

export const selectPoints = (snapshot: SessionSnapshot): number | null => snapshot.context.member?.status.dailypointStatus.rewards_points ?? null;

export interface MemberLevel {
  name: string;
  code: string | null;
  order: number | null;
}

/**
 * The member's reward level. The status names it by its two-letter code or by its name; both are
 * matched against the programme's levels (spec section 3), and an unknown one is shown as it came.
 */
export function selectLevel(snapshot: SessionSnapshot): MemberLevel | null {
  const raw = snapshot.context.member?.status.dailypointStatus.reward_level?.trim();
  if (!raw) return null;
  const known = MEMBER_LEVELS.find((level) => level.code === raw.toUpperCase() || level.name.toLowerCase() === raw.toLowerCase());
  return known ? { name: known.name, code: known.code, order: known.order } : { name: raw, code: null, order: null };
}

/** Whether the member still has to complete their profile (the complete-registration page). */
export const selectNeedsProfileCompletion = (snapshot: SessionSnapshot): boolean => snapshot.context.member?.profile.profileComplete === false;
