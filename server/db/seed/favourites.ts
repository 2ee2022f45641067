import { and, eq, inArray } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../lib/calendar';
import type { Database } from '../database';
import { hotels, memberFavouriteHotels, members } from '../schema';
import { DEMO_MEMBERS } from './members';

/**
 * The demo member Anna Schmidt's favourite hotels (README, "Demo members"), newest first: a Berlin and a
 * Frankfurt hotel, so the member area shows a list from the first sign-in.
 */
export const DEMO_FAVOURITE_HOTELS = ['SBTG', 'SIFM'] as const;

type Writer = Pick<Database, 'insert' | 'select'>;

/** Adds Anna's favourites that are missing; those present stay as they are. */
export async function insertDemoFavourites(db: Writer, today: IsoDate): Promise<void> {
  const [anna] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.email, DEMO_MEMBERS.withPassword), eq(members.status, 'active')));
  if (!anna) return;
  const rows = await db.select({ id: hotels.id, code: hotels.hotelCode }).from(hotels).where(inArray(hotels.hotelCode, [...DEMO_FAVOURITE_HOTELS]));
  // The first of the list is the newest: fixed times the day before seeding keep the seed byte-identical, and a
  // hotel saved on the seeding day, however early, is newer.
  const values = DEMO_FAVOURITE_HOTELS.flatMap((code, index) => {
    const hotel = rows.find((row) => row.code === code);
    return hotel ? [{ memberId: anna.id, hotelId: hotel.id, addedAt: new Date(`${addDays(today, -1)}T08:0${DEMO_FAVOURITE_HOTELS.length - index}:00Z`) }] : [];
  });
  if (values.length > 0) await db.insert(memberFavouriteHotels).values(values).onConflictDoNothing();
}
