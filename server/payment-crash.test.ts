import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECOMMERCE_PATHS } from '../src/contract/ecommerce';
import { useServerWorkspace } from '../test/bff/database';
import { PSP_PATHS } from './adapters/test-payments';
import { addDays, businessDate } from './lib/calendar';

/*
 * The real server process dies between the provider's authorisation and the order (SIGKILL at the
 * `after-authorization` fault point, honoured only with NODE_ENV=test and BFF_FAULT_INJECTION set), is
 * started again on the same data, and the retry of the payment with the same Idempotency-Key gets the
 * order: the provider answers the authorisation's key with its first answer, never a second charge.
 * PGlite in a temporary data folder, or a scratch PostgreSQL database when DATABASE_URL is set.
 */

const workspace = useServerWorkspace('bff-payment-crash-');
const root = fileURLToPath(new URL('..', import.meta.url));
const HANG_LIMIT_MS = 180_000;
let running: ChildProcess | undefined;

interface Started {
  child: ChildProcess;
  url: string;
  lines: Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `server/main.ts` as its own process and waits for its `listening` log line. */
async function startProcess(extraEnv: Record<string, string>): Promise<Started> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: join(workspace.workDir, 'data'),
    STATIC_DIR: join(workspace.workDir, 'dist'),
    SSR_ENTRY: join(workspace.workDir, 'no-ssr.js'),
    LOG_LEVEL: 'info',
    PAYMENT_PROVIDER: 'test',
    DATABASE_URL: workspace.databaseUrl,
    BFF_FAULT_INJECTION: undefined,
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running = child;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const lines: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        lines.push(parsed);
        if (parsed.msg === 'listening') resolve(String(parsed.url));
      } catch {
        // Not a log line.
      }
    });
    void exited.then(({ code, signal }) => reject(new Error(`The server exited before listening (${code ?? signal}): ${stderr.join('')}`)));
  });
  return { child, url, lines, exited };
}

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/bff${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as { data?: Record<string, unknown>; error?: { code: string } } };
}

beforeAll(async () => {
  const staticDir = join(workspace.workDir, 'dist');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><html lang="en"><body><div id="app"></div></body></html>');
});

afterAll(async () => {
  if (running && running.exitCode === null && running.signalCode === null) {
    const exited = new Promise((resolve) => running?.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
});

describe('a BFF process that dies between authorisation and order', () => {
  it('finishes the order after a restart, and the retry with the same key gets it (never 409, never a second charge)', { timeout: HANG_LIMIT_MS * 2 }, async () => {
    const first = await startProcess({ BFF_FAULT_INJECTION: 'after-authorization' });
    const checkIn = addDays(businessDate(new Date()), 30);
    const created = await call(first.url, 'POST', ECOMMERCE_PATHS.carts, {
      locale: 'en',
      hotel_code: 'SBTG',
      check_in_date: checkIn,
      check_out_date: addDays(checkIn, 2),
      room_stays: [{ room_type_code: 'STD', rate_code: 'AX', adults_count: 2, child_ages: [] }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const cart = created.body.data as { cart_id: string; stays: { stay_id: string; room_stays: { room_stay_id: string }[] }[] };
    const stay = cart.stays[0];
    const room = stay?.room_stays[0];
    const traveller = { first_name: 'Gina', last_name: 'Guest', email: 'gina.guest@example.com' };
    expect((await call(first.url, 'PUT', ECOMMERCE_PATHS.roomStay(cart.cart_id, stay?.stay_id ?? '', room?.room_stay_id ?? ''), { traveller })).status).toBe(200);
    expect((await call(first.url, 'PUT', ECOMMERCE_PATHS.paymentMethod(cart.cart_id), { payment_method: 'card' })).status).toBe(200);
    const origin = new URL(first.url).origin;
    const tokenized = await fetch(`${first.url}${PSP_PATHS.tokens}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ number: '4242424242424242', expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 3, cvc: '123' }),
    });
    const { token } = (await tokenized.json()) as { token: string };
    expect((await call(first.url, 'PUT', ECOMMERCE_PATHS.creditCard(cart.cart_id), { credit_card_id: token })).status).toBe(200);

    const key = 'crash-between-authorisation-and-order';
    const pay = () => call(first.url, 'POST', ECOMMERCE_PATHS.pay(cart.cart_id), { locale: 'en' }, { 'idempotency-key': key });
    await expect(pay()).rejects.toThrow();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The provider had authorised when the process died.
    expect(first.lines.filter((line) => line.msg === 'test payment provider: payment').map((line) => line.state)).toEqual(['authorized']);

    const second = await startProcess({});
    const retried = await call(second.url, 'POST', ECOMMERCE_PATHS.pay(cart.cart_id), { locale: 'en' }, { 'idempotency-key': key });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    // The provider's first answer, asked again under the same key: the authorisation became the order.
    expect(retried.body.data).toMatchObject({ status: 'succeeded', order_id: expect.any(String) });
    const after = await call(second.url, 'GET', ECOMMERCE_PATHS.cart(cart.cart_id));
    expect(after.body.data).toMatchObject({ status: 'ordered', order_id: (retried.body.data as { order_id: string }).order_id });
    expect(second.lines.filter((line) => line.msg === 'test payment provider: payment')).toEqual([]);
    // Asked again, the same key answers the same.
    const again = await call(second.url, 'POST', ECOMMERCE_PATHS.pay(cart.cart_id), { locale: 'en' }, { 'idempotency-key': key });
    // (The guest's order access key is signed afresh with each answer, so it is left out of the comparison.)
    const withoutAccessKey = (data: unknown) => ({ ...(data as Record<string, unknown>), access_key: undefined });
    expect([again.status, withoutAccessKey(again.body.data)]).toEqual([200, withoutAccessKey(retried.body.data)]);
    expect(again.body.data).toMatchObject({ access_key: expect.any(String) });

    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  });
});
