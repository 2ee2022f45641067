import { Hono } from 'hono';
import { ACCOUNT_SECURITY_PATHS, DATA_EXPORTS_PER_HOUR, dataExportFileName } from '../../src/contract/account-security';
import { bearerAuth, type MemberEnv } from '../auth/bearer';
import type { Auth } from '../auth/core';
import { tooManyRequests } from '../auth/http';
import type { RateLimitRule } from '../auth/rate-limit';
import { businessDate } from '../lib/calendar';
import { memberDataExport } from './data-export';

/** Each export reads every table about the member: a few an hour are plenty for a person. */
export const DATA_EXPORTS_PER_MEMBER: RateLimitRule = { name: 'data-export:member', limit: DATA_EXPORTS_PER_HOUR, windowSeconds: 60 * 60 };

/** "Download my data" (spec section 7 "Members"; decision record 0047): the member's data as a JSON file. */
export function memberDataExportRoutes(auth: Auth) {
  const bearer = bearerAuth(auth);
  return new Hono<MemberEnv>().get(ACCOUNT_SECURITY_PATHS.dataExport, bearer, async (c) => {
    const { memberId } = c.get('session');
    const verdict = await auth.limiter.hit(DATA_EXPORTS_PER_MEMBER, String(memberId));
    if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds);
    const at = auth.now();
    const data = await memberDataExport(auth.db, memberId, at);
    // The bearer check has just seen the member's live session.
    if (!data) throw new Error('The signed-in member has gone');
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="${dataExportFileName(businessDate(at))}"`);
    // Indented: the file is for a person to read as much as for a program.
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(JSON.stringify(data, null, 2), 200);
  });
}
