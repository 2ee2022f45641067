import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { STEP_UP_HEADER, STEP_UP_PATHS, StepUpResponseSchema } from '../../src/contract/account-security';
import { BFF_PREFIX } from '../../src/contract/content';
import type { Database } from '../db/database';
import { outboxMails } from '../db/schema';

/** What of a test app the step-up needs: its request function (every test app exposes its Hono app). */
interface RequestingApp {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** The code in the newest code mail (kind `otp`) to this address, read from the outbox. */
export async function lastCodeMailedTo(db: Database, email: string): Promise<string> {
  const [mail] = await db
    .select({ body: outboxMails.body })
    .from(outboxMails)
    .where(and(eq(outboxMails.recipient, email), eq(outboxMails.kind, 'otp')))
    .orderBy(desc(outboxMails.id))
    .limit(1);
  const code = mail && /\b(\d{6})\b/.exec(mail.body)?.[1];
  if (!code) throw new Error(`No code mailed to ${email}`);
  return code;
}

/**
 * A step-up token for the session of `token` (whose member's address is `email`), the way the web app
 * gets one: a code mailed to the member, traded at the verify route.
 */
export async function stepUpToken(app: RequestingApp, db: Database, { token, email }: { token: string; email: string }): Promise<string> {
  const post = (path: string, body: unknown) =>
    app.request(`${BFF_PREFIX}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const asked = await post(STEP_UP_PATHS.code, { locale: 'en' });
  if (asked.status !== 202) throw new Error(`The step-up code was refused: ${asked.status} ${await asked.text()}`);
  const verified = await post(STEP_UP_PATHS.verify, { code: await lastCodeMailedTo(db, email) });
  if (verified.status !== 200) throw new Error(`The step-up code did not check: ${verified.status} ${await verified.text()}`);
  return v.parse(StepUpResponseSchema, await verified.json()).data.step_up_token;
}

/** The header that carries a step-up token. */
export const stepUpHeader = (stepUp: string): Record<string, string> => ({ [STEP_UP_HEADER]: stepUp });
