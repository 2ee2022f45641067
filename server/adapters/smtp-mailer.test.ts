import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, OUTBOX_PATH } from '../../src/contract/auth';
import { TEST_TODAY, useServerWorkspace } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { otpMail } from '../auth/mails';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { outboxMails } from '../db/schema';
import type { MailMessage, MailPort } from '../ports/mail';
import { startServer } from '../start';
import { createSmtpMailer, MailNotSentError, withCopy } from './smtp-mailer';

/*
 * The SMTP mailer against a real SMTP server (smtp-server, by nodemailer's authors) listening on a free
 * local port: plain SMTP, no TLS, so the test needs no certificate.
 */

interface Received {
  from: string | undefined;
  to: string[];
  mail: ParsedMail;
}

interface TestSmtpServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

async function startSmtpServer(options: SMTPServerOptions = {}): Promise<TestSmtpServer> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const from = session.envelope.mailFrom;
          received.push({ from: from ? from.address : undefined, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const FROM = 'H Rewards <no-reply@hotels.example.com>';
const CODE = '493817';

let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

describe('createSmtpMailer', () => {
  it('sends a one-time-code mail: envelope, From, To, subject and text arrive as given', async () => {
    smtp = await startSmtpServer();
    const logger = createMemoryLogger();
    const mailer = createSmtpMailer({ url: smtp.url, from: FROM, logger });

    await mailer.send(otpMail('guest@example.com', 'de', CODE));

    expect(smtp.received).toHaveLength(1);
    const [{ from, to, mail }] = smtp.received as [Received];
    expect(from).toBe('no-reply@hotels.example.com');
    expect(to).toEqual(['guest@example.com']);
    expect(mail.from?.value).toEqual([{ name: 'H Rewards', address: 'no-reply@hotels.example.com' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : undefined).toEqual([{ name: '', address: 'guest@example.com' }]);
    expect(mail.subject).toBe('Ihr H Rewards Code');
    expect(mail.text?.trim()).toBe(otpMail('guest@example.com', 'de', CODE).text);
    expect(mail.text).toContain(`Ihr Code lautet ${CODE}`);

    expect(logger.lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'mail sent by SMTP', kind: 'otp', recipientDomain: 'example.com' }),
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain(CODE);
    expect(JSON.stringify(logger.lines)).not.toContain('guest@');
  });

  it('sends subjects and texts in any script (Arabic)', async () => {
    smtp = await startSmtpServer();
    await createSmtpMailer({ url: smtp.url, from: FROM, logger: createMemoryLogger() }).send(otpMail('omar@example.com', 'ar', CODE));
    const [{ mail }] = smtp.received as [Received];
    expect(mail.subject).toBe('رمز H Rewards الخاص بك');
    expect(mail.text).toContain(`رمزك هو ${CODE}`);
  });

  it('sends a mail with an HTML part as multipart/alternative: the text part and the HTML part both arrive', async () => {
    smtp = await startSmtpServer();
    const html = '<!doctype html><html lang="ar" dir="rtl"><body><h1>تم تأكيد حجزك</h1></body></html>';
    await createSmtpMailer({ url: smtp.url, from: FROM, logger: createMemoryLogger() }).send({
      to: 'omar@example.com',
      locale: 'ar',
      kind: 'booking-confirmation',
      subject: 'تم تأكيد حجزك',
      text: 'تم تأكيد حجزك',
      html,
    });
    const [{ mail }] = smtp.received as [Received];
    expect(mail.text?.trim()).toBe('تم تأكيد حجزك');
    expect(mail.html).toContain('<h1>تم تأكيد حجزك</h1>');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('sends attachments as files and the HTML part\'s data: images as inline parts', async () => {
    smtp = await startSmtpServer();
    const pdf = Buffer.from('%PDF-1.3 test invoice');
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    await createSmtpMailer({ url: smtp.url, from: FROM, logger: createMemoryLogger() }).send({
      to: 'guest@example.com',
      locale: 'en',
      kind: 'hotel_invoice',
      subject: 'Your invoice',
      text: 'Attached',
      html: `<!doctype html><html><body><img alt="QR" src="data:image/png;base64,${png}"></body></html>`,
      attachments: [{ filename: 'invoice-SBTG-2026-000001.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const [{ mail }] = smtp.received as [Received];
    const file = mail.attachments.find((attachment) => attachment.filename === 'invoice-SBTG-2026-000001.pdf');
    expect(file?.contentType).toBe('application/pdf');
    expect(file?.content.equals(pdf)).toBe(true);
    // The image became an inline part with a content id (mail programs block data: URLs); the parser puts it back in its `html`.
    const inline = mail.attachments.find((attachment) => attachment.contentType === 'image/png');
    expect(inline?.cid).toEqual(expect.any(String));
    expect(inline?.contentDisposition).toBe('inline');
  });

  it('rejects when nothing listens at SMTP_URL, and logs the failure', async () => {
    const logger = createMemoryLogger();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from: FROM, logger });

    const sent = mailer.send(otpMail('guest@example.com', 'en', CODE));

    await expect(sent).rejects.toThrow(MailNotSentError);
    await expect(sent).rejects.toThrow(/^The mail could not be sent by SMTP \(E[A-Z]+\)$/);
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'mail not sent by SMTP',
        kind: 'otp',
        recipientDomain: 'example.com',
        code: 'ESOCKET',
      }),
    ]);
    expect(logger.lines[0]?.reason).toMatch(/ECONNREFUSED/);
  });

  it('rejects a refused login without the SMTP password in the log or the error', async () => {
    smtp = await startSmtpServer({
      authOptional: false,
      // Login over plain SMTP, for this test only: a real server would require TLS first.
      allowInsecureAuth: true,
      onAuth(_auth, _session, callback) {
        callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      },
    });
    const logger = createMemoryLogger();
    const url = new URL(smtp.url);
    url.username = 'mailer';
    url.password = 'pa:ss@w0rd/secret';
    const mailer = createSmtpMailer({ url: url.toString(), from: FROM, logger });

    const error = await mailer.send(otpMail('guest@example.com', 'en', CODE)).then(
      () => undefined,
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(MailNotSentError);
    expect((error as MailNotSentError).code).toBe('EAUTH');
    expect(smtp.received).toHaveLength(0);
    expect(logger.lines).toEqual([expect.objectContaining({ level: 'error', code: 'EAUTH', responseCode: 535 })]);
    const logged = JSON.stringify(logger.lines) + String(error) + JSON.stringify(error);
    for (const secret of ['pa:ss@w0rd/secret', encodeURIComponent('pa:ss@w0rd/secret'), 'w0rd']) expect(logged).not.toContain(secret);
  });

  it('rejects a refused recipient without the address in the log', async () => {
    smtp = await startSmtpServer({
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`<${address.address}>: no such mailbox`), { responseCode: 550 }));
      },
    });
    const logger = createMemoryLogger();
    const sent = createSmtpMailer({ url: smtp.url, from: FROM, logger }).send(otpMail('gone.guest@example.com', 'en', CODE));

    await expect(sent).rejects.toThrow(MailNotSentError);
    expect(logger.lines).toEqual([
      expect.objectContaining({
        msg: 'mail not sent by SMTP',
        code: 'EENVELOPE',
        command: 'RCPT TO',
        responseCode: 550,
        recipientDomain: 'example.com',
      }),
    ]);
    expect(logger.lines[0]?.reason).toContain('no such mailbox');
    expect(JSON.stringify(logger.lines)).not.toContain('gone.guest');
  });
});

describe('withCopy', () => {
  const message = otpMail('guest@example.com', 'en', CODE);
  const recording = (fail = false) => {
    const sent: MailMessage[] = [];
    const port: MailPort = {
      send(mail) {
        if (fail) return Promise.reject(new MailNotSentError('ECONNECTION'));
        sent.push(mail);
        return Promise.resolve();
      },
    };
    return { sent, port };
  };

  it('keeps the copy of a mail that was sent', async () => {
    const [primary, copy] = [recording(), recording()];
    await withCopy(primary.port, copy.port).send(message);
    expect(primary.sent).toEqual([message]);
    expect(copy.sent).toEqual([message]);
  });

  it('keeps no copy of a mail that was not sent, and rejects as the sender did', async () => {
    const [primary, copy] = [recording(true), recording()];
    await expect(withCopy(primary.port, copy.port).send(message)).rejects.toThrow(MailNotSentError);
    expect(copy.sent).toEqual([]);
  });
});

/*
 * The whole process with SMTP_URL set: a sign-in code requested over HTTP arrives at the SMTP server.
 * With the development outbox on, the outbox keeps a copy; with it off (production), the database keeps
 * none. PGlite in a temporary data folder, or a database of its own when DATABASE_URL is set.
 */
describe('startServer with SMTP_URL', () => {
  const workspace = useServerWorkspace('bff-smtp-');

  async function requestCode(devOutbox: boolean, email: string) {
    smtp = await startSmtpServer();
    const base = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: FROM });
    const config = { ...base, host: '127.0.0.1', dataDir: join(workspace.workDir, 'data'), databaseUrl: workspace.databaseUrl, auth: { ...base.auth, devOutbox } };
    const logger = createMemoryLogger();
    const server = await startServer({ config, port: 0, serveStatic: false, logger, now: () => TEST_TODAY });
    try {
      expect(logger.lines.find((line) => line.msg === 'listening')).toMatchObject({ mail: 'smtp' });
      const answer = await fetch(`${server.url}/bff${AUTH_PATHS.otpCode}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, locale: 'en' }),
      });
      expect(answer.status).toBe(202);
      // The demo's scheduled mails (the pre-arrival mail of a stay arriving today) may go out beside it.
      const toThem = (smtp.received as Received[]).filter((received) => received.to.includes(email));
      expect(toThem.map((received) => received.to)).toEqual([[email]]);
      const [{ mail }] = toThem as [Received];
      expect(mail.subject).toBe('Your H Rewards code');
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      expect(code).toBeDefined();
      const outbox = await fetch(`${server.url}/bff${OUTBOX_PATH}?to=${encodeURIComponent(email)}`);
      return { code, outbox: { status: outbox.status, body: (await outbox.json()) as unknown } };
    } finally {
      await server.close();
    }
  }

  async function outboxRowsFor(email: string) {
    const database = await openDatabase(workspace.databaseUrl ? { databaseUrl: workspace.databaseUrl } : { dataDir: join(workspace.workDir, 'data') });
    try {
      return await database.db.select().from(outboxMails).where(eq(outboxMails.recipient, email));
    } finally {
      await database.close();
    }
  }

  it('sends by SMTP and keeps a copy in the outbox while the development outbox is on', async () => {
    const { code, outbox } = await requestCode(true, 'smtp.dev@example.com');
    expect(outbox.status).toBe(200);
    const { data } = outbox.body as { data: { text: string }[] };
    expect(data).toHaveLength(1);
    expect(data[0]?.text).toContain(code);
  });

  it('sends by SMTP only, with nothing kept in the database, when the development outbox is off', async () => {
    const { outbox } = await requestCode(false, 'smtp.production@example.com');
    expect(outbox.status).toBe(404);
    expect(await outboxRowsFor('smtp.production@example.com')).toEqual([]);
  });
});
