import { devPageStyle } from './dev-page-style';
import type { outboxMails } from '../db/schema';
import { BFF_PREFIX } from '../../src/contract/content';
import { type Html, html } from '../ecommerce/mail-html';
import { HOTEL_DESK_PATH } from '../pms/hotel-desk-page';

/**
 * The demo's mailbox page: the mails of the outbox, newest first, each with its text (one-time codes
 * and links readable at once) and, for mails with an HTML part, a link to it. A page of the demo for
 * whoever tries the site, in English like the local sign-in stand-ins' pages. No scripts; every value
 * escaped (mails hold what guests typed).
 */

type MailRow = typeof outboxMails.$inferSelect;

/** Its inline styles only; the filter form sends to the page itself. */
export const mailboxPagePolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/** An HTML mail: its inline styles and inline images, no scripts (sandboxed), links open on the site. */
export const mailboxMailPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation";

const KIND_LABELS: Record<MailRow['kind'], string> = {
  otp: 'One-time code',
  activation: 'Activation',
  'password-reset': 'Password reset',
  'booking-confirmation': 'Booking confirmation',
  'booking-cancellation': 'Cancellation',
  'booking-modification': 'Booking change',
  'security-notice': 'Security notice',
  'newsletter-confirmation': 'Newsletter confirmation',
  contact: 'Contact form',
  'content-form': 'Content form',
  'membership-cancellation': 'Membership cancellation',
  'corporate-otp': 'Company enrolment code',
  'corporate-invite': 'Company invite',
  pre_arrival: 'Pre-arrival (check in online)',
  checkin_confirmation: 'Check-in confirmation',
  hotel_invoice: 'Hotel invoice',
};

const dateTime = (value: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(value);

/** A web address in a mail's text, up to the next space (a sentence's closing mark is not part of it). */
const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/**
 * A text mail's body with its web addresses as links, so a reader follows a mailed link with a click as
 * in a mail program. Everything else stays text, escaped; only http and https addresses become links.
 */
function withLinks(text: string): Html {
  const parts: (Html | string)[] = [];
  let from = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(text.slice(from, match.index), html`<a href="${match[0]}">${match[0]}</a>`);
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return html`${parts}`;
}

export function mailboxPage({
  to,
  mails,
  mailPath,
  selfPath,
  attachmentPath,
}: {
  to: string | undefined;
  mails: MailRow[];
  mailPath: (id: number) => string;
  selfPath: string;
  /** Where a mail's file `n` downloads; without it files are not listed. */
  attachmentPath?: (id: number, n: number) => string;
}): string {
  const items = mails.map(
    (mail) =>
      html`<li>
        <article aria-labelledby="mail-${mail.id}">
          <h2 id="mail-${mail.id}">${mail.subject}</h2>
          <p class="meta">
            <span class="kind">${KIND_LABELS[mail.kind]}</span> to <a href="${selfPath}?to=${encodeURIComponent(mail.recipient)}">${mail.recipient}</a>,
            <time datetime="${mail.createdAt.toISOString()}">${dateTime(mail.createdAt)} UTC</time>
          </p>
          <pre dir="auto" lang="${mail.locale}">${withLinks(mail.body)}</pre>
          ${
            mail.html
              ? html`<p>
                  <a href="${mailPath(mail.id)}">Open the HTML mail<span class="visually-hidden">: ${mail.subject}</span></a>
                </p>`
              : ''
          }
          ${
            attachmentPath && mail.attachments?.length
              ? html`<ul class="attachments" aria-label="Attachments">
                  ${mail.attachments.map((file, n) => html`<li><a href="${attachmentPath(mail.id, n)}" download="${file.filename}">${file.filename}</a></li>`)}
                </ul>`
              : ''
          }
        </article>
      </li>`,
  );
  return `<!doctype html>${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>Demo mailbox</title>
      <style>${devPageStyle(760, `        form {
          display: flex;
          flex-wrap: wrap;
          gap: 8px;
          align-items: end;
          margin: 16px 0;
        }
        label {
          display: flex;
          flex-direction: column;
          font-weight: 600;
        }
        h2 {
          font-size: 18px;
          margin: 0 0 4px;
        }
        .kind {
          font-weight: 600;
        }
        pre {
          white-space: pre-wrap;
          font: inherit;
          background: #f4f4f2;
          padding: 12px;
          border-radius: 6px;
          margin: 0;
        }
`)}
      </style>
    </head>
    <body>
      <main>
        <h1>Demo mailbox</h1>
        <p>The mails this demo sent (one-time codes, links, booking mails), newest first. Nothing leaves the demo: no mail reaches a real mailbox.</p>
        <p>Guests arriving and in house are at the <a href="${`${BFF_PREFIX}${HOTEL_DESK_PATH}`}">demo hotel desk</a>: hand over a key, post a charge, open a room's card.</p>
        <form method="get" action="${selfPath}" role="search">
          <label>Email address<input type="email" name="to" value="${to ?? ''}" autocomplete="email" /></label>
          <button type="submit">Show</button>
          ${to ? html`<a href="${selfPath}">All mails</a>` : ''}
        </form>
        <p><a href="${to ? `${selfPath}?to=${encodeURIComponent(to)}` : selfPath}">Refresh</a></p>
        ${
          mails.length === 0
            ? html`<p role="status">No mails${to ? html` to ${to}` : ''} yet. Ask for a one-time code in the sign-in dialog, then refresh this page.</p>`
            : html`<ol>
                ${items}
              </ol>`
        }
      </main>
    </body>
  </html>`}`;
}
