import { createTransport } from 'nodemailer';
import type { Logger } from '../logger';
import type { MailMessage, MailPort } from '../ports/mail';

export interface SmtpMailerOptions {
  /** `smtp://` (STARTTLS when the server offers it) or `smtps://` (TLS from the start), with user and password if needed. */
  url: string;
  /** The From header: `address` or `Name <address>` (MAIL_FROM, checked by server/config.ts). */
  from: string;
  logger: Logger;
}

/** Thrown for a mail the SMTP server did not take; says nothing the log line does not (no address, no text). */
export class MailNotSentError extends Error {
  constructor(readonly code: string | undefined) {
    super(`The mail could not be sent by SMTP${code ? ` (${code})` : ''}`);
    this.name = 'MailNotSentError';
  }
}

/*
 * A request that sends mail (a one-time code, say) waits for the SMTP server, so a server that does not
 * answer must fail the request in seconds, not after nodemailer's defaults (2 and 10 minutes). Query
 * parameters of SMTP_URL (`?connectionTimeout=...`) override these.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends each mail through the SMTP server of `url`, one connection per mail (a few mails a minute do
 * not need a pool, and nothing is left open at shutdown). A mail the server does not take is logged and
 * the promise rejects, as the outbox mailer's does when its insert fails. Log lines carry the kind, the
 * recipient's domain and the server's reply code, never the text (codes and links in it are secrets),
 * the full address or the SMTP credentials.
 */
export function createSmtpMailer({ url, from, logger }: SmtpMailerOptions): MailPort {
  const transport = createTransport({ ...TIMEOUTS, url });
  const credentials = credentialsOf(url);

  return {
    async send(message) {
      const fields = { kind: message.kind, recipientDomain: message.to.split('@')[1] ?? '' };
      let messageId: string;
      try {
        ({ messageId } = await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          // `data:` images of the HTML part (the check-in's QR code) go as inline parts: mail programs block data URLs.
          attachDataUrls: true,
          ...(message.attachments?.length
            ? { attachments: message.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })) }
            : {}),
        }));
      } catch (error) {
        const details = smtpErrorDetails(error, [message.to, ...credentials]);
        logger.log('error', 'mail not sent by SMTP', { ...fields, ...details });
        throw new MailNotSentError(details.code);
      }
      logger.log('info', 'mail sent by SMTP', { ...fields, messageId });
    },
  };
}

/**
 * Sends by `primary`, then keeps a copy through `copy`: with the development outbox on, mail sent by
 * SMTP is also written to the outbox table, where the outbox page and the browser tests read codes.
 * The copy is written only once the mail went out, so the outbox never shows a mail nobody got.
 */
export function withCopy(primary: MailPort, copy: MailPort): MailPort {
  return {
    async send(message: MailMessage) {
      await primary.send(message);
      await copy.send(message);
    },
  };
}

/** The URL's user name and password, decoded as nodemailer uses them, to be cut out of anything logged. */
function credentialsOf(url: string): string[] {
  const { username, password } = new URL(url);
  return [username, password].filter((part) => part.length > 0).flatMap((part) => [part, safeDecode(part)]);
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * What the log may say about a failed send: nodemailer's error code (ECONNECTION, EAUTH, EENVELOPE...),
 * the SMTP command and reply code, and the message with the given strings (recipient, credentials) cut
 * out: replies such as "550 <guest@example.com>: unknown user" repeat the address.
 */
function smtpErrorDetails(error: unknown, hidden: string[]) {
  const fields = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  let reason = error instanceof Error ? error.message : String(error);
  for (const secret of hidden) if (secret) reason = reason.split(secret).join('[hidden]');
  return {
    code: text(fields.code),
    command: text(fields.command),
    responseCode: typeof fields.responseCode === 'number' ? fields.responseCode : undefined,
    reason,
  };
}
