import type { Locale } from '../../src/contract/locales';
import type { OutboxMailKind } from '../db/schema';

/** A mail the BFF sends, already in the recipient's language: a text part, and an HTML part for some. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A whole HTML document with the same content as `text`; every interpolated value escaped (server/lib/html.ts). */
  html?: string;
  /** What the mail is for; the development outbox filters and labels by it. */
  kind: OutboxMailKind;
  locale: Locale;
  /** Files sent with the mail (the hotel invoices' PDFs). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends mail. The default adapter keeps it in the outbox table (server/adapters/outbox-mailer.ts). */
export interface MailPort {
  send(message: MailMessage): Promise<void>;
}
