import type { Database } from '../db/database';
import { outboxMails } from '../db/schema';
import type { Logger } from '../logger';
import type { MailPort } from '../ports/mail';

/**
 * The default mailer: every mail becomes a row of the outbox table, and a log line says one was written
 * (its id, kind and recipient domain, never its text: codes and links in it are secrets). Outside
 * production `GET /bff/dev/outbox` shows the mails; tests read one-time codes from there.
 */
export function createOutboxMailer({ db, logger, now }: { db: Database; logger: Logger; now: () => Date }): MailPort {
  return {
    async send(message) {
      const [row] = await db
        .insert(outboxMails)
        .values({
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          html: message.html ?? null,
          attachments: message.attachments?.length
            ? message.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, contentBase64: content.toString('base64') }))
            : null,
          kind: message.kind,
          locale: message.locale,
          createdAt: now(),
        })
        .returning({ id: outboxMails.id });
      logger.log('info', 'mail written to the outbox', {
        mailId: row?.id,
        kind: message.kind,
        recipientDomain: message.to.split('@')[1] ?? '',
      });
    },
  };
}
