import { randomUUID } from 'node:crypto';
import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays, nightsBetween } from '../../src/contract/calendar-dates';
import type { Database } from '../db/database';
import { cities, crsReservations, currencies, hotels, memberReservations, orders, pmsFolioCharges, pmsFolioPayments, pmsStays, reservations, roomTypes } from '../db/schema';
import {
  type ChargeKind,
  type FolioCharge,
  FolioChangedError,
  type FolioKind,
  FolioNotSettledError,
  type FolioPayment,
  type NewCharge,
  type PmsStay,
  type PropertyManagementPort,
  StayNotFoundError,
  StayStateError,
  type StayFolio,
} from '../ports/property-management';
import { comparableName } from '../ports/reservation-system';
import { convertMinor, type CurrencyRate, EURO } from '../search/money';
import { cityTaxPerGuestNightMinor } from '../search/taxes';

type StayRow = typeof pmsStays.$inferSelect;
type NewStayRow = typeof pmsStays.$inferInsert;
type ChargeRow = typeof pmsFolioCharges.$inferSelect;
type PaymentRow = typeof pmsFolioPayments.$inferSelect;
/** The database or one of its transactions. */
type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** Key space of the advisory lock that keeps two check-ins at one hotel from taking the same room. */
const ROOM_ASSIGNMENT_LOCK = 4_711_053;

/** What the hotel's system calls each kind of charge on the folio (the demo hotels' systems speak English). */
export const CHARGE_DESCRIPTIONS: Record<ChargeKind, string> = {
  room: 'Room',
  city_tax: 'City tax',
  breakfast: 'Breakfast',
  minibar: 'Minibar',
  restaurant: 'Restaurant',
  parking: 'Parking',
};

function view(row: StayRow, hotelCode: string): PmsStay {
  return {
    id: row.id,
    reservationNumber: row.reservationNumber,
    hotelCode,
    status: row.status,
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    roomNumber: row.roomNumber,
    roomTypeName: row.roomTypeName,
    guest: { firstName: row.guestFirstName, lastName: row.guestLastName, email: row.guestEmail, memberId: row.memberId },
    adults: row.adults,
    children: row.children,
    currency: row.currency,
    checkedInAt: row.checkedInAt,
    checkedOutAt: row.checkedOutAt,
    booked: { roomTotalMinor: row.roomTotalMinor, cityTaxMinor: row.cityTaxMinor, prepaidMinor: row.prepaidMinor, paidWithPoints: row.paidWithPoints },
  };
}

const chargeView = (row: ChargeRow): FolioCharge => ({
  id: row.id,
  folio: row.folio,
  kind: row.kind,
  description: row.description,
  serviceDate: row.serviceDate,
  amountMinor: row.amountMinor,
  postedAt: row.postedAt,
});

const paymentView = (row: PaymentRow): FolioPayment => ({
  id: row.id,
  folio: row.folio,
  amountMinor: row.amountMinor,
  method: row.method,
  providerPaymentId: row.providerPaymentId,
  paidAt: row.paidAt,
});

/** Per folio: charges minus payments. */
export function folioBalances(charges: readonly { folio: FolioKind; amountMinor: number }[], payments: readonly { folio: FolioKind; amountMinor: number }[]): Record<FolioKind, number> {
  const balances: Record<FolioKind, number> = { private: 0, business: 0 };
  for (const charge of charges) balances[charge.folio] += charge.amountMinor;
  for (const payment of payments) balances[payment.folio] -= payment.amountMinor;
  return balances;
}

/** A total split into `parts` whole amounts that add up to it, the remainder on the first parts (room nights). */
function split(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, index) => base + (index < total - base * parts ? 1 : 0));
}

/** Ids are uuids: anything else names no stay (and is not sent to the database, which would refuse it). */
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const rateOf = (row: { code: string; decimals: number; ratePerEurMicros: number }): CurrencyRate => ({ code: row.code, decimals: row.decimals, ratePerEurMicros: row.ratePerEurMicros });

/**
 * The property-management system as the BFF runs it without a real one (decision record 0053): stays and
 * folios in its own tables (`pms_stays`, `pms_folio_charges`, `pms_folio_payments`), seeded for the demo.
 * A booking of this site (`reservations`) or of the reservation system (`crs_reservations`) becomes a stay
 * the first time it is looked up (by number, or among the arrivals), with an insert that a second look-up
 * at the same moment cannot double; while the stay is expected, a later look-up brings it up to date with
 * the booking (changed dates, a cancellation). Every change of a folio locks the stay's row for its
 * transaction, checks the version the caller computed from and bumps it, so a payment computed before a
 * charge was posted is refused rather than leaving the folio short.
 */
export function createLocalPropertyManagement({ db, now }: { db: Database; now: () => Date }): PropertyManagementPort {
  const selectStays = (q: Queryable = db) => q.select({ stay: pmsStays, hotelCode: hotels.hotelCode }).from(pmsStays).innerJoin(hotels, eq(hotels.id, pmsStays.hotelId));

  /** Rows for stays of site bookings matching `where` (on `reservations`). */
  async function siteBookings(where: SQL): Promise<NewStayRow[]> {
    const rows = await db
      .select({ reservation: reservations, order: orders, roomTypeName: roomTypes.saleName, cityCode: cities.code, currency: currencies })
      .from(reservations)
      .innerJoin(orders, eq(orders.id, reservations.orderId))
      .innerJoin(hotels, eq(hotels.id, orders.hotelId))
      .innerJoin(cities, eq(cities.id, hotels.cityId))
      .innerJoin(roomTypes, eq(roomTypes.id, reservations.roomTypeId))
      .innerJoin(currencies, eq(currencies.code, orders.currency))
      .where(where);
    return rows.map(({ reservation, order, roomTypeName, cityCode, currency }) => {
      const room = reservation.details;
      // The traveller named on the room; a cart is only paid with one, but older snapshots are read too.
      const snapshotRoom = order.snapshot.stays.flatMap((stay) => stay.room_stays).find((candidate) => candidate.room_stay_id === reservation.id);
      const traveller = room.traveller ?? snapshotRoom?.traveller ?? null;
      const rate = rateOf(currency);
      const nights = nightsBetween(reservation.checkInDate, reservation.checkOutDate);
      const roomTotal = convertMinor(reservation.grossEurMinor, EURO, rate);
      const adults = Math.max(1, room.adults);
      return {
        id: randomUUID(),
        reservationNumber: reservation.reservationNumber.toUpperCase(),
        source: 'site' as const,
        hotelId: order.hotelId,
        status: reservation.status === 'cancelled' ? ('cancelled' as const) : ('expected' as const),
        arrivalDate: reservation.checkInDate,
        departureDate: reservation.checkOutDate,
        roomTypeName: roomTypeName.en,
        guestFirstName: traveller?.first_name ?? '',
        guestLastName: traveller?.last_name ?? '',
        guestEmail: (traveller?.email ?? order.customerEmail).toLowerCase(),
        memberId: order.memberId,
        adults,
        children: room.childAges.length,
        currency: order.currency,
        roomTotalMinor: roomTotal,
        // As the booking computed it: per guest and night in euro, shown in the booking's currency.
        cityTaxMinor: convertMinor(cityTaxPerGuestNightMinor(cityCode) * adults * nights, EURO, rate),
        // Add-ons paid with the booking are settled with it; what was paid towards the room is on the folio.
        prepaidMinor: Math.min(roomTotal, Math.max(0, reservation.paidMinor - reservation.refundedMinor)),
        paidWithPoints: reservation.pointsPaid > 0,
        createdAt: now(),
      };
    });
  }

  /** Rows for stays of the reservation system's bookings matching `where` (on `crs_reservations`). */
  async function reservationSystemBookings(where: SQL): Promise<NewStayRow[]> {
    const rows = await db
      .select({ reservation: crsReservations, memberId: memberReservations.memberId, cityCode: cities.code, currency: currencies })
      .from(crsReservations)
      .innerJoin(hotels, eq(hotels.id, crsReservations.hotelId))
      .innerJoin(cities, eq(cities.id, hotels.cityId))
      .innerJoin(currencies, eq(currencies.code, crsReservations.currency))
      .leftJoin(memberReservations, eq(memberReservations.reservationNumber, crsReservations.reservationNumber))
      .where(where);
    return rows.map(({ reservation, memberId, cityCode, currency }) => {
      const nights = nightsBetween(reservation.arrivalDate, reservation.departureDate);
      // The reservation system tells no party size: one adult, as its rate is for the room.
      return {
        id: randomUUID(),
        reservationNumber: reservation.reservationNumber,
        source: 'reservation-system' as const,
        hotelId: reservation.hotelId,
        status: reservation.status === 'cancelled' ? ('cancelled' as const) : ('expected' as const),
        arrivalDate: reservation.arrivalDate,
        departureDate: reservation.departureDate,
        roomTypeName: reservation.roomTypeName,
        guestFirstName: reservation.guestFirstName,
        guestLastName: reservation.guestLastName,
        guestEmail: reservation.guestEmail,
        memberId,
        adults: 1,
        children: 0,
        currency: reservation.currency,
        roomTotalMinor: reservation.amountMinor,
        cityTaxMinor: convertMinor(cityTaxPerGuestNightMinor(cityCode) * nights, EURO, rateOf(currency)),
        prepaidMinor: 0,
        paidWithPoints: reservation.pointsPaid > 0,
        createdAt: now(),
      };
    });
  }

  /**
   * Makes stays of these bookings: a new one for a booking without a stay (two look-ups at once make one,
   * the unique reservation number decides), and an expected one brought up to date with its booking.
   */
  async function take(found: NewStayRow[]): Promise<void> {
    // One row per number (a site booking wins), in the order of the unique index: two look-ups taking the
    // same bookings at once then lock them in the same order and cannot deadlock.
    const byNumber = new Map<string, NewStayRow>();
    for (const row of found) if (!byNumber.has(row.reservationNumber)) byNumber.set(row.reservationNumber, row);
    const rows = [...byNumber.values()].sort((a, b) => (a.reservationNumber < b.reservationNumber ? -1 : a.reservationNumber > b.reservationNumber ? 1 : 0));
    if (rows.length === 0) return;
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    const fromSite = sql`${excluded('source')} = 'site'`;
    // What the stay becomes. The reservation system tells no party size and no member: a stay of it keeps
    // what the hotel knows (its city tax, computed for one adult, is for the stay's adults).
    const next = {
      status: sql`${excluded('status')}`,
      arrivalDate: sql`${excluded('arrival_date')}`,
      departureDate: sql`${excluded('departure_date')}`,
      roomTypeName: sql`${excluded('room_type_name')}`,
      guestFirstName: sql`${excluded('guest_first_name')}`,
      guestLastName: sql`${excluded('guest_last_name')}`,
      guestEmail: sql`${excluded('guest_email')}`,
      memberId: sql`coalesce(${excluded('member_id')}, ${pmsStays.memberId})`,
      adults: sql`case when ${fromSite} then ${excluded('adults')} else ${pmsStays.adults} end`,
      children: sql`case when ${fromSite} then ${excluded('children')} else ${pmsStays.children} end`,
      roomTotalMinor: sql`${excluded('room_total_minor')}`,
      cityTaxMinor: sql`case when ${fromSite} then ${excluded('city_tax_minor')} else ${excluded('city_tax_minor')} * ${pmsStays.adults} end`,
      prepaidMinor: sql`${excluded('prepaid_minor')}`,
      paidWithPoints: sql`${excluded('paid_with_points')}`,
    };
    const current = sql.join(
      (Object.keys(next) as (keyof typeof next)[]).map((column) => sql`${pmsStays[column]}`),
      sql`, `,
    );
    const incoming = sql.join(Object.values(next), sql`, `);
    await db
      .insert(pmsStays)
      .values(rows)
      .onConflictDoUpdate({
        target: pmsStays.reservationNumber,
        set: next,
        // Only a stay nobody has checked in yet follows its booking, and only when the booking changed
        // (no write, no row lock, for the usual look-up of an unchanged booking).
        setWhere: sql`${pmsStays.status} = 'expected' and ${pmsStays.source} = ${excluded('source')} and (${current}) is distinct from (${incoming})`,
      });
  }

  async function takeBookings(numbers: string[]): Promise<void> {
    await take([
      ...(await siteBookings(inArray(reservations.reservationNumber, numbers))),
      ...(await reservationSystemBookings(inArray(crsReservations.reservationNumber, numbers))),
    ]);
  }

  async function byNumber(reservationNumber: string): Promise<PmsStay | undefined> {
    const number = reservationNumber.trim().toUpperCase();
    if (number === '' || number.length > 64) return undefined;
    // Site numbers are stored as made (capitals); the reservation system keeps its numbers in capitals.
    await takeBookings([number]);
    const [found] = await selectStays().where(eq(pmsStays.reservationNumber, number));
    return found ? view(found.stay, found.hotelCode) : undefined;
  }

  /** The stay's row, locked until the transaction ends; StayNotFoundError when there is none. */
  async function lock(tx: Queryable, stayId: string): Promise<{ stay: StayRow; hotelCode: string }> {
    if (!isUuid(stayId)) throw new StayNotFoundError();
    const [found] = await selectStays(tx).where(eq(pmsStays.id, stayId)).for('update', { of: pmsStays });
    if (!found) throw new StayNotFoundError();
    return found;
  }

  /** A folio may change while the guest is expected or in house; not once the stay is over or cancelled. */
  function assertOpen(stay: StayRow): void {
    if (stay.status === 'checked_out' || stay.status === 'cancelled') throw new StayStateError(stay.status);
  }

  async function bump(tx: Queryable, stay: StayRow): Promise<void> {
    await tx
      .update(pmsStays)
      .set({ version: sql`${pmsStays.version} + 1` })
      .where(eq(pmsStays.id, stay.id));
  }

  async function readFolio(q: Queryable, stayId: string): Promise<StayFolio> {
    // The stay (its version) first, then the lines: lines read after the version are at least as new, so
    // an amount computed from them with that version is refused if anything changed in between.
    const [found] = await selectStays(q).where(eq(pmsStays.id, stayId));
    if (!found) throw new StayNotFoundError();
    const charges = await q.select().from(pmsFolioCharges).where(eq(pmsFolioCharges.stayId, stayId)).orderBy(asc(pmsFolioCharges.serviceDate), asc(pmsFolioCharges.postedAt), asc(pmsFolioCharges.id));
    const payments = await q.select().from(pmsFolioPayments).where(eq(pmsFolioPayments.stayId, stayId)).orderBy(asc(pmsFolioPayments.paidAt), asc(pmsFolioPayments.id));
    return {
      stay: view(found.stay, found.hotelCode),
      version: found.stay.version,
      charges: charges.map(chargeView),
      payments: payments.map(paymentView),
      balances: folioBalances(charges, payments),
    };
  }

  /**
   * A free room for the stay: floor by room type (the hotel's room types in order, one floor each), then
   * the first number on it no guest in house has. Under a lock per hotel, so two check-ins take two rooms.
   */
  async function freeRoom(tx: Queryable, stay: StayRow): Promise<string> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROOM_ASSIGNMENT_LOCK}, ${stay.hotelId})`);
    const taken = new Set(
      (
        await tx
          .select({ roomNumber: pmsStays.roomNumber })
          .from(pmsStays)
          .where(and(eq(pmsStays.hotelId, stay.hotelId), eq(pmsStays.status, 'in_house')))
      ).map((row) => row.roomNumber),
    );
    const types = await tx.select({ name: roomTypes.saleName, rooms: roomTypes.roomCount }).from(roomTypes).where(eq(roomTypes.hotelId, stay.hotelId)).orderBy(asc(roomTypes.id));
    const own = types.findIndex((type) => type.name.en === stay.roomTypeName || Object.values(type.name).includes(stay.roomTypeName));
    const floors = own >= 0 ? [own, ...types.keys()] : [...types.keys()];
    for (const floor of floors) {
      const rooms = Math.min(Math.max(types[floor]?.rooms ?? 0, 1), 99);
      for (let index = 1; index <= rooms; index++) {
        const number = `${floor + 1}${String(index).padStart(2, '0')}`;
        if (!taken.has(number)) return number;
      }
    }
    // Every room of the catalogue taken (the demo's inventory can promise more): a room on the top floor.
    for (let index = 1; ; index++) {
      const number = `${types.length + 1}${String(index).padStart(2, '0')}`;
      if (!taken.has(number)) return number;
    }
  }

  return {
    async findStay(reservationNumber, lastName) {
      const stay = await byNumber(reservationNumber);
      // Compared here rather than in SQL, as the reservation system compares: accents removed, any case.
      if (!stay || comparableName(stay.guest.lastName) !== comparableName(lastName)) return undefined;
      return stay;
    },
    async stay(stayId) {
      if (!isUuid(stayId)) return undefined;
      const [found] = await selectStays().where(eq(pmsStays.id, stayId));
      return found ? view(found.stay, found.hotelCode) : undefined;
    },
    stayOfReservation: (reservationNumber) => byNumber(reservationNumber),
    async staysArriving(from, to) {
      await take([
        ...(await siteBookings(between(reservations.checkInDate, from, to))),
        ...(await reservationSystemBookings(between(crsReservations.arrivalDate, from, to))),
      ]);
      const rows = await selectStays()
        .where(and(eq(pmsStays.status, 'expected'), between(pmsStays.arrivalDate, from, to)))
        .orderBy(asc(pmsStays.arrivalDate), asc(pmsStays.reservationNumber));
      return rows.map((row) => view(row.stay, row.hotelCode));
    },
    async staysInHouse(hotelCode) {
      const rows = await selectStays()
        .where(and(eq(pmsStays.status, 'in_house'), hotelCode === undefined ? undefined : eq(hotels.hotelCode, hotelCode)))
        .orderBy(asc(hotels.hotelCode), asc(pmsStays.roomNumber));
      return rows.map((row) => view(row.stay, row.hotelCode));
    },
    async checkIn(stayId, at) {
      return db.transaction(async (tx) => {
        const { stay, hotelCode } = await lock(tx, stayId);
        if (stay.status === 'in_house') return view(stay, hotelCode);
        if (stay.status !== 'expected') throw new StayStateError(stay.status);
        const roomNumber = stay.roomNumber ?? (await freeRoom(tx, stay));
        const nights = Math.max(1, nightsBetween(stay.arrivalDate, stay.departureDate));
        const charges: { kind: ChargeKind; description: string; serviceDate: string; amountMinor: number }[] = split(stay.roomTotalMinor, nights).map((amountMinor, night) => ({
          kind: 'room',
          description: `${CHARGE_DESCRIPTIONS.room} ${roomNumber}, ${stay.roomTypeName}`,
          serviceDate: addDays(stay.arrivalDate, night),
          amountMinor,
        }));
        charges.push({ kind: 'city_tax', description: CHARGE_DESCRIPTIONS.city_tax, serviceDate: stay.arrivalDate, amountMinor: stay.cityTaxMinor });
        const posted = charges.filter((charge) => charge.amountMinor > 0);
        if (posted.length > 0) {
          await tx.insert(pmsFolioCharges).values(posted.map((charge) => ({ id: randomUUID(), stayId, folio: 'private' as const, ...charge, postedAt: at })));
        }
        // What the booking already paid towards the room settles that much of it.
        const paid = stay.paidWithPoints ? { method: 'points', amountMinor: stay.roomTotalMinor } : { method: 'prepaid', amountMinor: stay.prepaidMinor };
        if (paid.amountMinor > 0) {
          await tx
            .insert(pmsFolioPayments)
            .values({ id: randomUUID(), stayId, folio: 'private', ...paid, providerPaymentId: null, idempotencyKey: `booking:${stay.reservationNumber}`, paidAt: at })
            .onConflictDoNothing();
        }
        const [updated] = await tx
          .update(pmsStays)
          .set({ status: 'in_house', roomNumber, checkedInAt: at, version: sql`${pmsStays.version} + 1` })
          .where(eq(pmsStays.id, stayId))
          .returning();
        return view(updated ?? stay, hotelCode);
      });
    },
    folio: (stayId) => (isUuid(stayId) ? readFolio(db, stayId) : Promise.reject(new StayNotFoundError())),
    async postCharge(stayId, charge: NewCharge, at) {
      return db.transaction(async (tx) => {
        const { stay } = await lock(tx, stayId);
        assertOpen(stay);
        const [row] = await tx
          .insert(pmsFolioCharges)
          .values({
            id: randomUUID(),
            stayId,
            folio: charge.folio ?? 'private',
            kind: charge.kind,
            description: charge.description,
            serviceDate: charge.serviceDate,
            amountMinor: charge.amountMinor,
            postedAt: at,
          })
          .returning();
        await bump(tx, stay);
        if (!row) throw new Error('The charge was not posted');
        return chargeView(row);
      });
    },
    async moveCharge(stayId, chargeId, to, expectedVersion) {
      return db.transaction(async (tx) => {
        const { stay } = await lock(tx, stayId);
        assertOpen(stay);
        if (expectedVersion !== undefined && expectedVersion !== stay.version) throw new FolioChangedError(stay.version);
        const [charge] = isUuid(chargeId)
          ? await tx
              .select()
              .from(pmsFolioCharges)
              .where(and(eq(pmsFolioCharges.stayId, stayId), eq(pmsFolioCharges.id, chargeId)))
          : [];
        // A charge of another stay is no charge of this one.
        if (!charge) throw new StayNotFoundError();
        if (charge.folio !== to) {
          await tx.update(pmsFolioCharges).set({ folio: to }).where(eq(pmsFolioCharges.id, chargeId));
          await bump(tx, stay);
        }
        return readFolio(tx, stayId);
      });
    },
    async recordPayment(stayId, payment, at) {
      return db.transaction(async (tx) => {
        const { stay } = await lock(tx, stayId);
        // A retry of a payment recorded before answers it again, whatever happened to the folio since.
        const [earlier] = await tx
          .select()
          .from(pmsFolioPayments)
          .where(and(eq(pmsFolioPayments.stayId, stayId), eq(pmsFolioPayments.idempotencyKey, payment.idempotencyKey)));
        if (earlier) return paymentView(earlier);
        assertOpen(stay);
        if (payment.expectedVersion !== stay.version) throw new FolioChangedError(stay.version);
        const [row] = await tx
          .insert(pmsFolioPayments)
          .values({
            id: randomUUID(),
            stayId,
            folio: payment.folio,
            amountMinor: payment.amountMinor,
            method: payment.method,
            providerPaymentId: payment.providerPaymentId,
            idempotencyKey: payment.idempotencyKey,
            paidAt: at,
          })
          .returning();
        await bump(tx, stay);
        if (!row) throw new Error('The payment was not recorded');
        return paymentView(row);
      });
    },
    async checkOut(stayId, at) {
      return db.transaction(async (tx) => {
        const { stay, hotelCode } = await lock(tx, stayId);
        if (stay.status === 'checked_out') return view(stay, hotelCode);
        if (stay.status !== 'in_house') throw new StayStateError(stay.status);
        const charges = await tx.select({ folio: pmsFolioCharges.folio, amountMinor: pmsFolioCharges.amountMinor }).from(pmsFolioCharges).where(eq(pmsFolioCharges.stayId, stayId));
        const payments = await tx.select({ folio: pmsFolioPayments.folio, amountMinor: pmsFolioPayments.amountMinor }).from(pmsFolioPayments).where(eq(pmsFolioPayments.stayId, stayId));
        const balances = folioBalances(charges, payments);
        if (balances.private !== 0 || balances.business !== 0) throw new FolioNotSettledError(balances);
        const [updated] = await tx.update(pmsStays).set({ status: 'checked_out', checkedOutAt: at }).where(eq(pmsStays.id, stayId)).returning();
        return view(updated ?? stay, hotelCode);
      });
    },
  };
}
