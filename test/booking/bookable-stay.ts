/**
 * A stay that can be booked in the demo data, found through the BFF's own content and search routes, for
 * browser journeys and measurements that need a real check-out page. Each caller picks its own arrival so
 * callers running side by side never take each other's rooms.
 */

export interface OfferedRate {
  rateCode: string;
  isMemberRate: boolean;
  guaranteePolicy: { type: number | string };
}

export interface BookableStay {
  hotelCode: string;
  roomTypeCode: string;
  rateCode: string;
  startDate: string;
  endDate: string;
}

/** GET (no body) or POST (a body) a BFF path; null when the answer is not OK. */
export type BffJson = (path: string, body?: unknown) => Promise<unknown>;

const DAY_MS = 86_400_000;
export const isoDayAhead = (daysAhead: number, now = Date.now()) => new Date(now + daysAhead * DAY_MS).toISOString().slice(0, 10);

/** Guarantee policy types of the spec (section 3): hold 1000, guarantee 1001, deposit 1002 (prepaid). */
export const guestRateOfType = (type: 1000 | 1001 | 1002) => (offered: OfferedRate) => !offered.isMemberRate && Number(offered.guaranteePolicy.type) === type;

export async function findBookableStay(bff: BffJson, wanted: (offered: OfferedRate) => boolean, daysAhead: number, nights = 2): Promise<BookableStay> {
  const hotels = ((await bff('/bff/content/hotels-for-dropdown?locale=en')) as { data: { hotelCode: string }[] } | null)?.data ?? [];
  const startDate = isoDayAhead(daysAhead);
  const endDate = isoDayAhead(daysAhead + nights);
  for (const { hotelCode } of hotels) {
    const answer = (await bff('/bff/search/rooms', { hotelCode, startDate, endDate, rooms: [{ adults: 2, childAges: [] }], locale: 'en' })) as {
      data: { rooms: { offers: { typeCode: string; available: boolean; rates: OfferedRate[] }[] }[] };
    } | null;
    for (const offer of answer?.data.rooms[0]?.offers ?? []) {
      const rate = offer.available ? offer.rates.find(wanted) : undefined;
      if (rate) return { hotelCode, roomTypeCode: offer.typeCode, rateCode: rate.rateCode, startDate, endDate };
    }
  }
  throw new Error('No bookable stay found in the demo data');
}

/** The check-out page for one room of two adults, as the room page links to it. */
export function checkoutPath(stay: BookableStay, locale = 'en'): string {
  const query = new URLSearchParams({
    location: stay.hotelCode,
    startDate: stay.startDate,
    endDate: stay.endDate,
    rooms: '1',
    'room-1-adults': '2',
    'room-1-rate-code': stay.rateCode,
    'room-1-room-type-code': stay.roomTypeCode,
  });
  return `/${locale}/booking/check-out?${query.toString()}`;
}
