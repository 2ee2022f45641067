import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { DEMO_PATH, MAILBOX_PATH, OUTBOX_PATH } from '../../src/contract/auth';
import { BFF_PREFIX } from '../../src/contract/content';
import type { Database } from '../db/database';
import { outboxMails } from '../db/schema';
import type { AppEnv } from '../env';
import { notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { mailboxMailPolicy, mailboxPage, mailboxPagePolicy } from './mailbox-page';

const OutboxQuerySchema = v.object({ to: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254))) });
const MailIdSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[0-9]{1,10}$/), v.transform(Number)) });
const AttachmentParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9]{1,10}$/), v.transform(Number)),
  n: v.pipe(v.string(), v.regex(/^[0-9]{1,3}$/), v.transform(Number)),
});

/** Where the mailbox offers a mail's file `n` (from 0) for download. */
const attachmentPath = (mailId: number, n: number) => `${BFF_PREFIX}${MAILBOX_PATH}/${mailId}/attachments/${n}`;

/**
 * The outbox of the demo (decision 0030): every mail the BFF wrote, as JSON at GET /bff/dev/outbox?to=email
 * and as a page to read at GET /bff/dev/mailbox (the latest 50, newest first; an HTML mail opens at
 * /bff/dev/mailbox/{id}). Only when enabled (the demo, or ENABLE_DEV_OUTBOX=1): mails hold sign-in codes
 * and links. GET /bff/dev/demo tells the web app whether to link the mailbox from the sign-in dialog.
 */
export function devOutboxRoutes({ db, enabled }: { db: Database; enabled: boolean }) {
  const latest = (to: string | undefined) =>
    db
      .select()
      .from(outboxMails)
      .where(to ? eq(outboxMails.recipient, to) : undefined)
      .orderBy(desc(outboxMails.id))
      .limit(50);
  return new Hono<AppEnv>()
    .get(DEMO_PATH, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: { mailbox: enabled ? `${BFF_PREFIX}${MAILBOX_PATH}` : null } }, 200);
    })
    .get(OUTBOX_PATH, validate('query', OutboxQuerySchema), async (c) => {
      if (!enabled) return notFound(c, `No route for GET ${c.req.path}`);
      const rows = await latest(c.req.valid('query').to);
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          data: rows.map((row) => ({
            id: String(row.id),
            to: row.recipient,
            subject: row.subject,
            text: row.body,
            html: row.html,
            attachments: (row.attachments ?? []).map((file, n) => ({ filename: file.filename, contentType: file.contentType, url: attachmentPath(row.id, n) })),
            sentAt: row.createdAt.toISOString(),
            kind: row.kind,
          })),
        },
        200,
      );
    })
    .get(MAILBOX_PATH, validate('query', OutboxQuerySchema), async (c) => {
      if (!enabled) return notFound(c, `No route for GET ${c.req.path}`);
      const { to } = c.req.valid('query');
      const rows = await latest(to);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Security-Policy', mailboxPagePolicy);
      return c.html(mailboxPage({ to, mails: rows, mailPath: (id) => `${BFF_PREFIX}${MAILBOX_PATH}/${id}`, selfPath: `${BFF_PREFIX}${MAILBOX_PATH}`, attachmentPath }));
    })
    .get(`${MAILBOX_PATH}/:id`, validate('param', MailIdSchema), async (c) => {
      if (!enabled) return notFound(c, `No route for GET ${c.req.path}`);
      const { id } = c.req.valid('param');
      const [row] = await db.select({ html: outboxMails.html }).from(outboxMails).where(eq(outboxMails.id, id));
      if (!row?.html) return notFound(c, `No HTML mail ${id}`);
      c.header('Cache-Control', 'no-store');
      // The mail as a mail program shows it: its own styles, no scripts, nothing loaded from elsewhere.
      c.header('Content-Security-Policy', mailboxMailPolicy);
      return c.html(row.html);
    })
    .get(`${MAILBOX_PATH}/:id/attachments/:n`, validate('param', AttachmentParamsSchema), async (c) => {
      if (!enabled) return notFound(c, `No route for GET ${c.req.path}`);
      const { id, n } = c.req.valid('param');
      const [row] = await db.select({ attachments: outboxMails.attachments }).from(outboxMails).where(eq(outboxMails.id, id));
      const file = row?.attachments?.[n];
      if (!file) return notFound(c, `No file ${n} of mail ${id}`);
      // A download, never shown inline on the BFF's origin: the file is what the mail carried.
      return c.body(new Uint8Array(Buffer.from(file.contentBase64, 'base64')), 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    });
}
