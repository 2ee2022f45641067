import { randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Device } from '../../src/contract/account-security';
import { BFF_PREFIX } from '../../src/contract/content';
import type { Locale } from '../../src/contract/locales';
import type { Database } from '../db/database';
import { memberDevices } from '../db/schema';
import { tokenDigest } from './codes';
import { isHttps } from './http';

/*
 * The browsers members sign in with (decision record 0047). A browser carries a long-lived random device
 * cookie; each member's table row keeps its SHA-256 only. A sign-in from a browser that is not one of the
 * member's mails the member, unless the member has none yet (the first sign-in after registration).
 */

/** HttpOnly, SameSite=Lax, sent to the BFF only; 400 days, the longest browsers keep a cookie. */
export const DEVICE_COOKIE = 'device_id';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** 256 random bits, base64url: what the BFF sets. Anything else in the cookie is replaced. */
const DEVICE_TOKEN_FORMAT = /^[\w-]{43}$/;

/** What a browser's User-Agent says about it (bowser's parser; nothing hand-made). */
export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { label: 'Unknown device', browser: null, os: null, type: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || null;
  // "Safari on iPhone" says more than "Safari on iOS".
  const model = parsed.platform.model;
  const os = (model === 'iPhone' || model === 'iPad' ? model : parsed.os.name) || null;
  const type = parsed.platform.type;
  return {
    label: deviceLabel({ browser, os }, 'en'),
    browser,
    os,
    type: type === 'desktop' || type === 'mobile' || type === 'tablet' || type === 'tv' ? type : 'unknown',
  };
}

const UNKNOWN_DEVICE: { en: string } & Partial<Record<Locale, string>> = { en: 'Unknown device', de: 'Unbekanntes Gerät', ar: 'جهاز غير معروف' };

/** "Chrome on Windows" in the member's language (English, German and Arabic; English for the others). */
export function deviceLabel({ browser, os }: Pick<Device, 'browser' | 'os'>, locale: Locale): string {
  if (browser && os) {
    if (locale === 'de') return `${browser} ${os === 'iPhone' || os === 'iPad' ? 'auf dem' : 'unter'} ${os}`;
    if (locale === 'ar') return `${browser} على ${os}`;
    return `${browser} on ${os}`;
  }
  return browser ?? os ?? UNKNOWN_DEVICE[locale] ?? UNKNOWN_DEVICE.en;
}

/**
 * Whether this sign-in's browser is one of the member's: `known`, `new` (the member has others), or
 * `first` (the member has none yet: nothing to tell). The browser gets its device cookie (a new one when
 * it had none), renewed for another 400 days, and the member's row notes this sign-in.
 */
export async function recogniseDevice(
  { db, now }: { db: Database; now: () => Date },
  c: Context,
  memberId: number,
  userAgent: string | null,
): Promise<'known' | 'new' | 'first'> {
  const sent = getCookie(c, DEVICE_COOKIE);
  const token = sent && DEVICE_TOKEN_FORMAT.test(sent) ? sent : randomBytes(32).toString('base64url');
  setCookie(c, DEVICE_COOKIE, token, {
    path: BFF_PREFIX,
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
  const tokenHash = tokenDigest(token);
  const at = now();
  // A browser unseen for longer than its cookie lives is gone for good.
  await db
    .delete(memberDevices)
    .where(and(eq(memberDevices.memberId, memberId), lt(memberDevices.lastSeenAt, new Date(at.getTime() - DEVICE_COOKIE_MAX_AGE_SECONDS * 1000))));
  const [inserted] = await db
    .insert(memberDevices)
    .values({ memberId, tokenHash, userAgent, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({ target: [memberDevices.memberId, memberDevices.tokenHash], set: { userAgent, lastSeenAt: at } })
    // xmax is 0 on a row this statement inserted, and set on one it updated: one statement tells them apart.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (!inserted?.inserted) return 'known';
  const [other] = await db
    .select({ tokenHash: memberDevices.tokenHash })
    .from(memberDevices)
    .where(and(eq(memberDevices.memberId, memberId), ne(memberDevices.tokenHash, tokenHash)))
    .limit(1);
  return other ? 'new' : 'first';
}
