import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { OUTBOX_PATH } from '../../src/contract/auth';
import type { Database } from '../db/database';
import { outboxMails } from '../db/schema';
import type { AppEnv } from '../env';
import { notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';

const OutboxQuerySchema = v.object({ to: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254))) });

/**
 * GET /bff/dev/outbox?to=email: the latest 50 mails of the outbox (to that address), newest first. Only
 * when enabled (outside production, or ENABLE_DEV_OUTBOX=1): mails hold sign-in codes and links.
 */
export function devOutboxRoutes({ db, enabled }: { db: Database; enabled: boolean }) {
  return new Hono<AppEnv>().get(OUTBOX_PATH, validate('query', OutboxQuerySchema), async (c) => {
    if (!enabled) return notFound(c, `No route for GET ${c.req.path}`);
    const { to } = c.req.valid('query');
    const rows = await db
      .select()
      .from(outboxMails)
      .where(to ? eq(outboxMails.recipient, to) : undefined)
      .orderBy(desc(outboxMails.id))
      .limit(50);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        data: rows.map((row) => ({
          id: String(row.id),
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          sentAt: row.createdAt.toISOString(),
          kind: row.kind,
        })),
      },
      200,
    );
  });
}
