import { createApp } from '../server/app';
import { type DatabaseHandle, migrate, openDatabase } from '../server/db/database';
import { seedIfEmpty } from '../server/db/seed';
import { inventoryChanged } from '../server/db/inventory-changes';
import { sql } from 'drizzle-orm';
import { addDays, businessDate } from '../server/lib/calendar';
import { BFF_PREFIX } from '../src/contract/content';
import { ECOMMERCE_PATHS } from '../src/contract/ecommerce';
import { createFakePayments, TEST_CARDS } from '../test/bff/fake-payments';
import { createMemoryLogger } from '../test/bff/memory-logger';
import { createScratchPostgresDatabase } from '../test/bff/database';

/*
 * Time from `pay` to order (npm run bench:pay): the BFF in this process with the in-memory payment
 * provider, called through app.request (no network), on the embedded database (PGlite in memory) and,
 * with DATABASE_URL=postgres://..., on a scratch database of that server (dropped afterwards). Each
 * sample is one guest cart, prepared (traveller, card) outside the measurement; the time measured is
 * the pay call with a good card on a deposit rate (hold taken, card authorised and captured, order and
 * reservation written, confirmation mail written to the outbox). Printed: p50 and p95 in milliseconds.
 */

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARMUP = 10;
const TODAY = new Date();

async function measure(name: string, database: DatabaseHandle): Promise<void> {
  await migrate(database.db);
  await seedIfEmpty(database.db, TODAY);
  const payments = createFakePayments();
  const app = createApp({ db: database.db, logger: createMemoryLogger(), version: 'bench', payments });
  const today = businessDate(TODAY);
  const [start, end] = [addDays(today, 40), addDays(today, 42)];
  // Plenty of rooms: the bench measures payment, not sell-outs.
  await database.db.execute(sql`
    UPDATE room_inventory ri SET available_rooms = 100000 FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id
    WHERE rt.id = ri.room_type_id AND h.hotel_code = 'SBTG' AND rt.type_code = 'STD' AND ri.stay_date >= ${start}::date AND ri.stay_date < ${end}::date
  `);
  inventoryChanged(database.db);
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(`${BFF_PREFIX}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data: Record<string, unknown> };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const timings: number[] = [];
  for (let index = 0; index < SAMPLES + WARMUP; index++) {
    const cart = await call('POST', ECOMMERCE_PATHS.carts, {
      hotel_code: 'SBTG',
      check_in_date: start,
      check_out_date: end,
      locale: 'en',
      room_stays: [{ room_type_code: 'STD', rate_code: 'S07', adults_count: 2, child_ages: [] }],
    });
    const cartId = cart.cart_id as string;
    const stay = (cart.stays as { stay_id: string; room_stays: { room_stay_id: string }[] }[])[0];
    await call('PUT', ECOMMERCE_PATHS.roomStay(cartId, stay?.stay_id ?? '', stay?.room_stays[0]?.room_stay_id ?? ''), {
      traveller: { first_name: 'Bench', last_name: 'Guest', email: 'bench@example.com' },
    });
    await call('PUT', ECOMMERCE_PATHS.paymentMethod(cartId), { payment_method: 'card' });
    await call('PUT', ECOMMERCE_PATHS.creditCard(cartId), { credit_card_id: payments.tokenFor(TEST_CARDS.success) });
    const started = performance.now();
    const result = await call('POST', ECOMMERCE_PATHS.pay(cartId), { locale: 'en' }, { 'idempotency-key': `bench-${index}-${cartId}` });
    const elapsed = performance.now() - started;
    if (result.status !== 'succeeded') throw new Error(`pay answered ${JSON.stringify(result)}`);
    if (index >= WARMUP) timings.push(elapsed);
  }
  timings.sort((a, b) => a - b);
  const at = (share: number) => (timings[Math.min(timings.length - 1, Math.floor(share * timings.length))] ?? 0).toFixed(1);
  console.log(`${name}: pay to order over ${timings.length} payments: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
}

const embedded = await openDatabase({ inMemory: true });
try {
  await measure('embedded (PGlite)', embedded);
} finally {
  await embedded.close();
}
if (process.env.DATABASE_URL) {
  const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL);
  const postgres = await openDatabase({ databaseUrl: scratch.url });
  try {
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await scratch.drop();
  }
}
