import type { MemberProfile, MemberStatus } from '../../contract/auth';
import type { SessionPersistence } from '../../services/account/persisted-values';
import type { TokenProblem } from '../../services/account/token';

/** What the session depends on; tests pass an in-memory store, a fixed clock and a recording reporter. */
export interface SessionInput {
  /** Writes and clears the persisted session values (localStorage in the browser). */
  store: SessionPersistence;
  /** Milliseconds since the epoch: token expiry and refresh times are computed from it. */
  now: () => number;
  /** The shared error handler (services/errors/report.ts in the app). */
  report: (error: unknown, context?: string) => void;
}

/** The member as loaded after sign-in: profile and status (spec section 3). */
export interface SessionMember {
  profile: MemberProfile;
  status: MemberStatus;
}

export interface SessionContext {
  /** The session token while signed in (or being signed out); null otherwise. */
  token: string | null;
  member: SessionMember | null;
  store: SessionPersistence;
  now: () => number;
  report: (error: unknown, context?: string) => void;
}

export type SessionEvent =
  /** The browser read the stored token after the page was taken over (never during render). */
  | { type: 'session.restore'; token: string | null }
  /** A token from a sign-in, a link (?token=), an activation or a registration. */
  | { type: 'token.received'; token: string }
  /** A request renewed the access token after a 401 (auth channel). */
  | { type: 'token.refreshed'; token: string }
  /** A request carrying the token was answered 401 even after a refresh (auth channel). */
  | { type: 'session.unauthorized' }
  /** The member signs out (everywhere: the BFF ends the session). */
  | { type: 'logout' }
  /** Load profile and status again (after the member changed them). */
  | { type: 'member.reload' };

/** Why a session ended or was cleared. */
export type SessionEndReason =
  | 'no_token'
  | 'invalid_token'
  /** The stored token had expired and could not be renewed (the page was opened signed out). */
  | 'renewal_failed'
  | 'logout'
  | 'unauthorized'
  /** The token expired while the member was signed in (refreshes failed). */
  | 'expired';

export type SessionEmitted =
  /** A valid token was stored: the login dialog closes. */
  | { type: 'session.signedIn'; token: string }
  /**
   * Session data was cleared (spec section 4, no token or logout). The view layer removes the cached
   * authenticated queries, puts the login dialog back to its login mode and, after a logout on an account
   * page, goes to the home page.
   */
  | { type: 'session.ended'; reason: SessionEndReason }
  /** A token was refused (logged too) and otherwise ignored. */
  | { type: 'token.rejected'; problem: TokenProblem }
  /** Identify the member to analytics (spec section 6). */
  | { type: 'identify'; memberGuid: string };

/** Tags the views select on. `restoring`: the stored token has not been read yet (or is being renewed). */
export type SessionTag = 'signedIn' | 'signedOut' | 'restoring' | 'busy' | 'memberLoading';

/** What the loadMember actor is given and gives back. */
export interface LoadMemberInput {
  token: string;
}

/** What the session tells the app's actor system (src/machines/app), which passes it on to the flows. */
export type AppSessionEvent =
  | { type: 'session.signedIn' }
  | { type: 'session.memberKnown'; member: SessionMember | null }
  | { type: 'session.ended'; reason: SessionEndReason };
