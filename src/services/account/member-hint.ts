import { MEMBER_HINT_COOKIE, isMemberHinted } from '../../contract/member-hint';
import { type CookieJar, deleteCookie, readCookie, writeCookie } from '../cookies/first-party';

/**
 * The member hint (src/contract/member-hint.ts) follows the stored token: written when a token is stored,
 * removed when the session's data is cleared (services/account/persisted-values.ts), and brought in line
 * with storage once per page (src/start-app.tsx), so a token stored before the hint existed, or storage
 * cleared by the visitor, is reflected too.
 */
export function writeMemberHint(signedIn: boolean, jar: CookieJar | undefined = globalThis.document): void {
  if (signedIn) writeCookie(MEMBER_HINT_COOKIE, '1', jar);
  else if (isMemberHinted(readCookie(MEMBER_HINT_COOKIE.name, jar))) deleteCookie(MEMBER_HINT_COOKIE, jar);
}
