import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull } from 'drizzle-orm';
import { MEMBER_ACCOUNT_LIMITS, type MemberPromoCode } from '../../src/contract/member-account';
import type { Locale } from '../../src/contract/locales';
import type { Database } from '../db/database';
import {
  brands,
  carts,
  formSubmissions,
  hotels,
  memberBillingAddresses,
  memberBrandPreferences,
  memberCancellations,
  memberEmailChanges,
  memberFavouriteHotels,
  memberPasskeys,
  memberPreferences,
  memberPromoCodes,
  members,
  memberUserTypes,
  newsletterSubscriptions,
  oneTimeCodes,
  orders,
  promotionBrands,
  promotions,
  reservations,
  savedCards,
  sessions,
  socialIdentities,
  stayVouchers,
  vouchers,
} from '../db/schema';
import { addDays, businessDate } from '../lib/calendar';
import { ledgerTotals, postEntry } from '../loyalty/ledger';
import { bookingsOf } from './bookings';

/**
 * The member account's data (decision record 0046): favourite hotels, the member's promo code, form
 * submissions, and ending a membership. Every check-then-act locks the member's row first.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function lockMember(tx: Tx, memberId: number) {
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
  return row;
}

// ---------- favourites ----------

export async function favouritesOf(db: Database, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ code: hotels.hotelCode })
    .from(memberFavouriteHotels)
    .innerJoin(hotels, eq(hotels.id, memberFavouriteHotels.hotelId))
    .where(eq(memberFavouriteHotels.memberId, memberId))
    .orderBy(desc(memberFavouriteHotels.addedAt), asc(hotels.hotelCode));
  return rows.map((row) => row.code);
}

const hotelIdOf = async (db: Database, hotelCode: string) =>
  (await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.hotelCode, hotelCode)))[0]?.id;

/**
 * Adds a favourite; one already there stays where it is (PUT is idempotent). The count is taken under
 * the member's row lock, so two additions at once cannot pass the limit together.
 */
export async function addFavourite(db: Database, memberId: number, hotelCode: string, now: Date): Promise<'added' | 'unknown-hotel' | 'full'> {
  const hotelId = await hotelIdOf(db, hotelCode);
  if (hotelId === undefined) return 'unknown-hotel';
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [present] = await tx
      .select({ hotelId: memberFavouriteHotels.hotelId })
      .from(memberFavouriteHotels)
      .where(and(eq(memberFavouriteHotels.memberId, memberId), eq(memberFavouriteHotels.hotelId, hotelId)));
    if (present) return 'added';
    const [counted] = await tx.select({ n: count() }).from(memberFavouriteHotels).where(eq(memberFavouriteHotels.memberId, memberId));
    if ((counted?.n ?? 0) >= MEMBER_ACCOUNT_LIMITS.favourites) return 'full';
    await tx.insert(memberFavouriteHotels).values({ memberId, hotelId, addedAt: now }).onConflictDoNothing();
    return 'added';
  });
}

/** Removes a favourite (nothing to remove is fine); false for a hotel code nobody knows. */
export async function removeFavourite(db: Database, memberId: number, hotelCode: string): Promise<boolean> {
  const hotelId = await hotelIdOf(db, hotelCode);
  if (hotelId === undefined) return false;
  await db.delete(memberFavouriteHotels).where(and(eq(memberFavouriteHotels.memberId, memberId), eq(memberFavouriteHotels.hotelId, hotelId)));
  return true;
}

// ---------- promo codes ----------

interface Promotion {
  id: number;
  view: MemberPromoCode;
}

async function promotionView(db: Database, row: typeof promotions.$inferSelect, today: string): Promise<Promotion> {
  const limited = await db
    .select({ code: brands.code })
    .from(promotionBrands)
    .innerJoin(brands, eq(brands.id, promotionBrands.brandId))
    .where(eq(promotionBrands.promotionId, row.id))
    .orderBy(asc(brands.code));
  return {
    id: row.id,
    view: {
      code: row.code,
      percentOff: row.percentOff,
      stayFrom: row.stayFrom,
      stayUntil: row.stayUntil,
      brands: limited.map((brand) => brand.code),
      // A code applies while nights of its window are still ahead (its first night may be later).
      applies: row.stayUntil >= today,
    },
  };
}

/** The promotion of a code (codes are kept in capitals; the contract upper-cases what is typed). */
export async function promotionByCode(db: Database, code: string, now: Date): Promise<Promotion | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.code, code));
  return row ? promotionView(db, row, businessDate(now)) : undefined;
}

export async function promoCodeOf(db: Database, memberId: number, now: Date): Promise<MemberPromoCode | null> {
  const [row] = await db
    .select({ promotion: promotions })
    .from(memberPromoCodes)
    .innerJoin(promotions, eq(promotions.id, memberPromoCodes.promotionId))
    .where(eq(memberPromoCodes.memberId, memberId));
  return row ? (await promotionView(db, row.promotion, businessDate(now))).view : null;
}

export async function setPromoCode(db: Database, memberId: number, promotionId: number | null, now: Date): Promise<void> {
  if (promotionId === null) {
    await db.delete(memberPromoCodes).where(eq(memberPromoCodes.memberId, memberId));
    return;
  }
  await db
    .insert(memberPromoCodes)
    .values({ memberId, promotionId, setAt: now })
    .onConflictDoUpdate({ target: memberPromoCodes.memberId, set: { promotionId, setAt: now } });
}

// ---------- forms ----------

export type NewSubmission =
  | { kind: 'contact'; subject: string; message: string; reservationNumber: string | null }
  | { kind: 'content-form'; formId: string; fields: Record<string, string> };

export async function storeSubmission(
  db: Database,
  submission: NewSubmission,
  sender: { memberId: number | null; name: string | null; email: string | null; locale: Locale },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db.insert(formSubmissions).values({
    id,
    kind: submission.kind,
    memberId: sender.memberId,
    name: sender.name,
    email: sender.email,
    locale: sender.locale,
    createdAt: now,
    ...(submission.kind === 'contact'
      ? { subject: submission.subject, message: submission.message, reservationNumber: submission.reservationNumber }
      : { formId: submission.formId, fields: submission.fields }),
  });
  return id;
}

// ---------- leaving ----------

export interface CancellationFigures {
  points: number;
  vouchers: number;
  upcomingBookings: number;
}

/** Gift vouchers not redeemed and stay vouchers not used, whose last day is today or later (Berlin). */
async function validVouchers(db: Database | Tx, memberId: number, today: string): Promise<number> {
  const [gift] = await db
    .select({ n: count() })
    .from(vouchers)
    .where(and(eq(vouchers.memberId, memberId), isNull(vouchers.redeemedOrderId), gte(vouchers.validUntil, today)));
  const [stay] = await db
    .select({ n: count() })
    .from(stayVouchers)
    .where(and(eq(stayVouchers.memberId, memberId), isNull(stayVouchers.usedAt), gte(stayVouchers.validUntil, today)));
  return (gift?.n ?? 0) + (stay?.n ?? 0);
}

/** What leaving would mean for the member now. */
export async function cancellationFigures(db: Database, memberId: number, points: number, now: Date): Promise<CancellationFigures> {
  const upcoming = (await bookingsOf(db, memberId, now)).upcoming.length;
  return { points, vouchers: await validVouchers(db, memberId, businessDate(now)), upcomingBookings: upcoming };
}

/** The email a cancelled member is left with: no address at all (no `@`), so no route accepts it and it stays unique. */
export const cancelledEmailOf = (guid: string) => `cancelled:${guid}`;

export type CancellationOutcome =
  | { ok: true; figures: CancellationFigures; oldEmail: string; locale: Locale }
  | { ok: false };

/**
 * Ends the membership in one transaction (decision record 0046), with the member's row locked: a second
 * confirmation finds it cancelled and changes nothing. The points are forfeited with an `adjusted`
 * entry (pending points of booked stays too, and those stays will earn nothing), valid vouchers expire,
 * everything that names the person is erased or deleted, and the member is marked cancelled. Orders,
 * reservations and the points ledger stay for the accounts; they refer to the member row, which no
 * longer names anyone.
 */
export async function cancelMembership(db: Database, memberId: number, now: Date): Promise<CancellationOutcome> {
  // Counted before the transaction: PGlite runs one session, and the bookings are read outside it.
  const upcomingBookings = (await bookingsOf(db, memberId, now)).upcoming.length;
  const today = businessDate(now);
  return db.transaction(async (tx): Promise<CancellationOutcome> => {
    const member = await lockMember(tx, memberId);
    if (!member || member.status !== 'active') return { ok: false };

    const { pending } = await ledgerTotals(tx, memberId);
    if (member.points > 0 || pending > 0) {
      await postEntry(
        tx,
        { memberId, kind: 'adjusted', points: -member.points, pendingPoints: -pending, note: 'Membership cancelled: points forfeited', idempotencyKey: `cancellation:${memberId}` },
        { now },
      );
    }
    // Booked stays not yet credited earn nothing now (their pending points were just withdrawn), so the
    // crediting job never puts points on a cancelled member. The bookings themselves stay as they are.
    const ownOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.memberId, memberId));
    await tx
      .update(reservations)
      .set({ pointsEarned: 0 })
      .where(and(inArray(reservations.orderId, ownOrders), isNull(reservations.pointsCreditedAt), gt(reservations.pointsEarned, 0)));

    const yesterday = addDays(today, -1);
    const giftExpired = await tx
      .update(vouchers)
      .set({ validUntil: yesterday })
      .where(and(eq(vouchers.memberId, memberId), isNull(vouchers.redeemedOrderId), gte(vouchers.validUntil, today)))
      .returning({ id: vouchers.id });
    const stayExpired = await tx
      .update(stayVouchers)
      .set({ validUntil: yesterday })
      .where(and(eq(stayVouchers.memberId, memberId), isNull(stayVouchers.usedAt), gte(stayVouchers.validUntil, today)))
      .returning({ id: stayVouchers.id });

    // What names or describes the person, or lets anyone act as them.
    for (const table of [
      memberPreferences,
      memberBrandPreferences,
      memberUserTypes,
      newsletterSubscriptions,
      memberEmailChanges,
      memberBillingAddresses,
      memberFavouriteHotels,
      memberPromoCodes,
      socialIdentities,
      memberPasskeys,
      savedCards,
      formSubmissions,
    ] as const) {
      await tx.delete(table).where(eq(table.memberId, memberId));
    }
    // Carts still being filled hold travellers' names; a cart with a payment under way or done is the
    // booking journey's (its recovery may still finish it), and an ordered one is part of the order.
    await tx.delete(carts).where(and(eq(carts.memberId, memberId), eq(carts.status, 'open')));
    // Refresh tokens, exchange codes and passkey challenges go with their sessions (ON DELETE CASCADE).
    await tx.delete(sessions).where(eq(sessions.memberId, memberId));
    await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.email, member.email));
    await tx
      .update(members)
      .set({
        status: 'cancelled',
        email: cancelledEmailOf(member.guid),
        firstName: '',
        lastName: '',
        salutation: null,
        birthday: null,
        street: null,
        postalCode: null,
        city: null,
        countryCode: null,
        stateCode: null,
        phone: null,
        passwordHash: null,
        dailypointMasterId: null,
        crsId: null,
        rewardLevelCode: null,
        newsletter: false,
        registrationSource: null,
      })
      .where(eq(members.id, memberId));

    const figures = { points: member.points, vouchers: giftExpired.length + stayExpired.length, upcomingBookings };
    await tx.insert(memberCancellations).values({
      memberId,
      cancelledAt: now,
      pointsForfeited: figures.points,
      vouchersExpired: figures.vouchers,
      upcomingBookingsKept: upcomingBookings,
    });
    return { ok: true, figures, oldEmail: member.email, locale: member.locale };
  });
}
