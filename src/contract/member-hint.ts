/**
 * Whether the browser holds a member's session, as a hint the server can read: a first-party cookie
 * holding `1`, written beside the stored token (services/account/member-hint.ts). With it the server paints
 * the header's member corner as "signing in" instead of a Sign in button that the member's name would
 * replace a moment later. It proves nothing and grants nothing: the session itself is the stored token and
 * the refresh cookie, and a stale hint only shows the placeholder until the browser knows better.
 */
export const MEMBER_HINT_COOKIE = {
  name: 'member',
  /** As long as a member stays signed in at most (the refresh session); re-written on every page. */
  maxAgeSeconds: 30 * 24 * 60 * 60,
  sameSite: 'Lax',
} as const;

/** The `<html>` attribute the server sets when the hint is present; the header's style follows it. */
export const MEMBER_HINT_ATTRIBUTE = 'data-member-hint';

/** Whether a cookie value says a member is signed in in this browser. */
export function isMemberHinted(cookieValue: string | undefined): boolean {
  return cookieValue === '1';
}
