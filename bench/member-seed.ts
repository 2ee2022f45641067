import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/database';
import { resultRows } from '../server/db/rows';
import { DEMO_MEMBERS } from '../server/db/seed/members';

/**
 * More members with a history, for the member-area load test: `count` active members, each a copy of the
 * demo member Anna Schmidt's rewards history (her points entries of about three years, so the same balance
 * of 12,500 and this year's entries) and of her three bookings (one ahead, one cancelled, one past), the
 * bookings `bookingCopies` times, each further copy 90 days earlier than the one before (past stays by then).
 * New ids are md5 of the original id, the member number and the copy, so the same seed gives the same
 * rows. Everything is copied with INSERT ... SELECT; run it on a freshly seeded database, once.
 * Emails are `bench.member.<n>@example.com`, dailypoint ids `DP2` and nine digits.
 */
export async function addBenchMembers(db: Database, count: number, bookingCopies: number): Promise<{ members: number; entries: number; orders: number }> {
  if (!Number.isInteger(count) || count < 1 || count > 100_000) throw new Error('count must be a whole number from 1 to 100000');
  if (!Number.isInteger(bookingCopies) || bookingCopies < 1 || bookingCopies > 50) throw new Error('bookingCopies must be a whole number from 1 to 50');
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO members (guid, email, first_name, last_name, salutation, locale, dailypoint_master_id, status, activated_at,
                           reward_level_code, points, crs_id, newsletter, registration_source, created_at)
      SELECT md5('bench-member:' || n)::uuid, 'bench.member.' || n || '@example.com', a.first_name, 'Bench ' || n, a.salutation, 'en',
             'DP2' || lpad(n::text, 9, '0'), 'active', a.activated_at, a.reward_level_code, a.points, 'CRS-9' || lpad(n::text, 6, '0'),
             false, 'website', a.created_at
      FROM members a CROSS JOIN generate_series(1, ${count}) AS n
      WHERE a.email = ${DEMO_MEMBERS.withPassword}
    `);
    await tx.execute(sql`
      CREATE TEMPORARY TABLE bench_members ON COMMIT DROP AS
      SELECT m.id, n, a.id AS original_id
      FROM generate_series(1, ${count}) AS n
      JOIN members m ON m.email = 'bench.member.' || n || '@example.com'
      JOIN members a ON a.email = ${DEMO_MEMBERS.withPassword}
    `);
    // Every order of Anna's for every member and copy, with its new ids and how far back it moves.
    await tx.execute(sql`
      CREATE TEMPORARY TABLE bench_orders ON COMMIT DROP AS
      SELECT bm.id AS member_id, bm.n, c.copy, o.id AS original_id, (c.copy * 90) AS days_back,
             md5(o.id::text || ':' || bm.n || ':' || c.copy)::uuid AS order_id,
             md5('cart:' || o.cart_id::text || ':' || bm.n || ':' || c.copy)::uuid AS cart_id
      FROM bench_members bm JOIN orders o ON o.member_id = bm.original_id CROSS JOIN generate_series(0, ${bookingCopies - 1}) AS c(copy)
    `);
    await tx.execute(sql`
      INSERT INTO carts (id, member_id, status, hotel_id, stay_id, check_in_date, check_out_date, currency, locale, promo_code, business,
                         pay_with_points, room_stays, payment_method, order_id, created_at, updated_at)
      SELECT bo.cart_id, bo.member_id, c.status, c.hotel_id, md5('stay:' || bo.cart_id::text)::uuid, c.check_in_date - bo.days_back,
             c.check_out_date - bo.days_back, c.currency, c.locale, c.promo_code, c.business, c.pay_with_points, c.room_stays,
             c.payment_method, bo.order_id, c.created_at - make_interval(days => bo.days_back), c.updated_at - make_interval(days => bo.days_back)
      FROM bench_orders bo JOIN orders o ON o.id = bo.original_id JOIN carts c ON c.id = o.cart_id
    `);
    await tx.execute(sql`
      INSERT INTO orders (id, cart_id, member_id, hotel_id, created_at, currency, locale, promo_code, customer_email, payment_method,
                          amount_paid_minor, points_paid, amount_at_hotel_minor, amount_total_minor, city_tax_minor, points_earned, snapshot)
      SELECT bo.order_id, bo.cart_id, bo.member_id, o.hotel_id, o.created_at - make_interval(days => bo.days_back), o.currency, o.locale,
             o.promo_code, 'bench.member.' || bo.n || '@example.com', o.payment_method, o.amount_paid_minor, o.points_paid,
             o.amount_at_hotel_minor, o.amount_total_minor, o.city_tax_minor, o.points_earned, o.snapshot
      FROM bench_orders bo JOIN orders o ON o.id = bo.original_id
    `);
    await tx.execute(sql`
      INSERT INTO reservations (id, order_id, reservation_number, room_type_id, check_in_date, check_out_date, status, details,
                                gross_eur_minor, paid_minor, points_paid, points_earned, points_credited_at, free_cancellation_until, cancelled_at)
      SELECT md5(r.id::text || ':' || bo.n || ':' || bo.copy)::uuid, bo.order_id, r.reservation_number || '-B' || bo.n || 'C' || bo.copy,
             r.room_type_id, r.check_in_date - bo.days_back, r.check_out_date - bo.days_back, r.status, r.details, r.gross_eur_minor,
             r.paid_minor, r.points_paid, r.points_earned, r.points_credited_at, r.free_cancellation_until - make_interval(days => bo.days_back),
             r.cancelled_at - make_interval(days => bo.days_back)
      FROM bench_orders bo JOIN reservations r ON r.order_id = bo.original_id
    `);
    // The points entries once per member (the balance they add up to is the member row's), referring to
    // the member's own first copy of each booking; vouchers and requests stay Anna's, so they are left out.
    await tx.execute(sql`
      INSERT INTO points_ledger (member_id, kind, points, pending_points, balance_after, qualifying_nights, qualifying_points, posted_on,
                                 created_at, hotel_id, reservation_id, reservation_number, order_id, arrival_date, departure_date,
                                 reward_id, note, idempotency_key)
      SELECT bm.id, l.kind, l.points, l.pending_points, l.balance_after, l.qualifying_nights, l.qualifying_points, l.posted_on, l.created_at,
             l.hotel_id, CASE WHEN l.reservation_id IS NULL THEN NULL ELSE md5(l.reservation_id::text || ':' || bm.n || ':0')::uuid END,
             l.reservation_number, CASE WHEN l.order_id IS NULL THEN NULL ELSE md5(l.order_id::text || ':' || bm.n || ':0')::uuid END,
             l.arrival_date, l.departure_date, l.reward_id, l.note, 'bench:' || bm.n || ':' || l.id
      FROM bench_members bm JOIN points_ledger l ON l.member_id = bm.original_id
      ORDER BY bm.n, l.id
    `);
  });
  await db.execute(sql`ANALYZE members, orders, reservations, carts, points_ledger`);
  const [totals] = resultRows<{ members: number; entries: number; orders: number }>(
    await db.execute(sql`
      SELECT (SELECT count(*)::int FROM members) AS members, (SELECT count(*)::int FROM points_ledger) AS entries,
             (SELECT count(*)::int FROM orders) AS orders
    `),
  );
  if (!totals) throw new Error('No totals');
  return totals;
}
