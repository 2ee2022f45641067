import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEMO_PATH, DemoResponseSchema, MAILBOX_PATH, OUTBOX_PATH } from '../../src/contract/auth';
import { BFF_PREFIX } from '../../src/contract/content';
import { useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createOutboxMailer } from '../adapters/outbox-mailer';
import { createAuthTestApp } from '../auth/testing';

/*
 * The demo's outbox: as JSON for the tests and as a mailbox page to read, with each HTML mail on a page
 * of its own. In production (the outbox off) every one of them answers 404 and the web app learns that
 * there is no mailbox to link.
 */

const database = useTestDatabase();
const TO = 'mailbox.reader@example.com';

async function writeMails() {
  const mailer = createOutboxMailer({ db: database.db, logger: createMemoryLogger(), now: () => new Date('2026-03-02T10:00:00Z') });
  await mailer.send({ to: TO, locale: 'en', kind: 'otp', subject: 'Your H Rewards code', text: 'Your code is 123456' });
  await mailer.send({
    to: TO,
    locale: 'en',
    kind: 'booking-confirmation',
    subject: 'Booked <script>alert("x")</script>',
    text: 'Text part & <b>more</b>',
    html: '<!doctype html><html lang="en"><body><h1>The HTML part</h1></body></html>',
  });
}

const page = async (app: ReturnType<typeof createAuthTestApp>['app'], path: string) => {
  const response = await app.request(`${BFF_PREFIX}${path}`);
  return { status: response.status, headers: response.headers, text: await response.text() };
};

describe('the demo mailbox', () => {
  it('lists the mails newest first with their text, escaped, and opens an HTML mail on its own page', async () => {
    await writeMails();
    const t = createAuthTestApp(database.db, { settings: { devOutbox: true } });

    const mailbox = await page(t.app, `${MAILBOX_PATH}?to=${encodeURIComponent(TO)}`);
    expect(mailbox.status).toBe(200);
    expect(mailbox.headers.get('content-type')).toMatch(/^text\/html/);
    expect(mailbox.headers.get('Cache-Control')).toBe('no-store');
    const policy = mailbox.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).not.toContain('script-src');
    // Newest first; what a mail holds is shown as text, never as markup.
    expect(mailbox.text.indexOf('Booked &lt;script&gt;')).toBeGreaterThan(0);
    expect(mailbox.text.indexOf('Booked &lt;script&gt;')).toBeLessThan(mailbox.text.indexOf('Your code is 123456'));
    expect(mailbox.text).not.toContain('<script>');
    expect(mailbox.text).toContain('Text part &amp; &lt;b&gt;more&lt;/b&gt;');

    const outbox = await t.outbox(TO);
    const withHtml = outbox.find((mail) => mail.kind === 'booking-confirmation');
    expect(withHtml?.html).toContain('The HTML part');
    expect(mailbox.text).toContain(`href="${BFF_PREFIX}${MAILBOX_PATH}/${withHtml?.id}"`);
    const htmlMail = await page(t.app, `${MAILBOX_PATH}/${withHtml?.id}`);
    expect(htmlMail.status).toBe(200);
    expect(htmlMail.text).toContain('<h1>The HTML part</h1>');
    expect(htmlMail.headers.get('Content-Security-Policy')).toContain('sandbox');
    // A mail without an HTML part, or none at all, has no such page.
    const textOnly = outbox.find((mail) => mail.kind === 'otp');
    expect((await page(t.app, `${MAILBOX_PATH}/${textOnly?.id}`)).status).toBe(404);
    expect((await page(t.app, `${MAILBOX_PATH}/999999`)).status).toBe(404);

    const demo = await t.get(DEMO_PATH);
    expect(v.parse(DemoResponseSchema, demo.body).data.mailbox).toBe(`${BFF_PREFIX}${MAILBOX_PATH}`);
  });

  it('makes the web addresses of a text mail links to follow, and nothing else', async () => {
    const to = 'link.reader@example.com';
    const mailer = createOutboxMailer({ db: database.db, logger: createMemoryLogger(), now: () => new Date('2026-03-02T10:00:00Z') });
    await mailer.send({
      to,
      locale: 'en',
      kind: 'newsletter-confirmation',
      subject: 'Please confirm',
      text: 'Confirm:\n\nhttp://127.0.0.1:4173/en/newsletter-confirmation?token=abc_1-2\n\nManage: https://site.test/en/preference-center?token=x.y-z. <b>javascript:alert(1)</b>',
    });
    const t = createAuthTestApp(database.db, { settings: { devOutbox: true } });
    const mailbox = await page(t.app, `${MAILBOX_PATH}?to=${encodeURIComponent(to)}`);
    expect(mailbox.text).toContain(
      '<a href="http://127.0.0.1:4173/en/newsletter-confirmation?token=abc_1-2">http://127.0.0.1:4173/en/newsletter-confirmation?token=abc_1-2</a>',
    );
    // The sentence's full stop stays outside the link; the rest stays text.
    expect(mailbox.text).toContain('<a href="https://site.test/en/preference-center?token=x.y-z">https://site.test/en/preference-center?token=x.y-z</a>. &lt;b&gt;javascript:alert(1)&lt;/b&gt;');
    expect(mailbox.text).not.toContain('href="javascript');
  });

  it('says so when there is no mail yet', async () => {
    const t = createAuthTestApp(database.db, { settings: { devOutbox: true } });
    const empty = await page(t.app, `${MAILBOX_PATH}?to=nobody.yet%40example.com`);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('No mails to nobody.yet@example.com yet.');
  });

  it('answers 404 for the outbox, the mailbox and its mails in production, and tells the web app there is no mailbox', async () => {
    await writeMails();
    const t = createAuthTestApp(database.db, { settings: { devOutbox: false, production: true } });
    const [mail] = (await createAuthTestApp(database.db, { settings: { devOutbox: true } }).outbox(TO)).filter((entry) => entry.html);
    expect((await page(t.app, `${OUTBOX_PATH}?to=${encodeURIComponent(TO)}`)).status).toBe(404);
    expect((await page(t.app, MAILBOX_PATH)).status).toBe(404);
    expect((await page(t.app, `${MAILBOX_PATH}/${mail?.id}`)).status).toBe(404);
    expect(v.parse(DemoResponseSchema, (await t.get(DEMO_PATH)).body).data.mailbox).toBeNull();
  });
});
