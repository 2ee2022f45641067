/**
 * The site's own cookies that the browser writes for the server to read (the consent choice, the member
 * hint): first-party, the whole site's path, Secure on HTTPS. Never anything that identifies the visitor.
 */

/** Where cookies are read and written: the document, or a stand-in in tests. */
export type CookieJar = { cookie: string };

export interface FirstPartyCookie {
  name: string;
  maxAgeSeconds: number;
  sameSite: 'Lax' | 'Strict';
}

/** The cookie's value in this document, if it has one. */
export function readCookie(name: string, jar: CookieJar | undefined = globalThis.document): string | undefined {
  const prefix = `${name}=`;
  return jar?.cookie
    .split('; ')
    .find((pair) => pair.startsWith(prefix))
    ?.slice(prefix.length);
}

export function writeCookie(cookie: FirstPartyCookie, value: string, jar: CookieJar | undefined = globalThis.document): void {
  if (!jar) return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  jar.cookie = `${cookie.name}=${value}; Path=/; Max-Age=${cookie.maxAgeSeconds}; SameSite=${cookie.sameSite}${secure}`;
}

export function deleteCookie(cookie: FirstPartyCookie, jar: CookieJar | undefined = globalThis.document): void {
  if (!jar) return;
  jar.cookie = `${cookie.name}=; Path=/; Max-Age=0; SameSite=${cookie.sameSite}`;
}
