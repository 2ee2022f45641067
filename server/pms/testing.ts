import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { CHARGE_DESCRIPTIONS, createLocalPropertyManagement } from '../adapters/local-property-management';
import { createAuth } from '../auth/core';
import type { Database } from '../db/database';
import { type CommerceTestApp, createCommerceTestApp, day, stdRoom, TODAY } from '../ecommerce/testing';
import {
  type ChargeKind,
  type FolioCharge,
  type FolioKind,
  type PmsStay,
  type PropertyManagementPort,
  PropertyManagementUnavailableError,
} from '../ports/property-management';
import { setNights } from '../search/test-inventory';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createStayAccessTokens, type StayAccessTokens } from './stay-access';

/**
 * Stays for BFF tests, booked through the site as guests book them (a cart paid with the test card), so
 * the property-management system takes them in as it takes every booking. The app and the PMS share the
 * test's clock and database; the stay tokens are signed with the app's own secret.
 */

export interface PmsTestApp extends CommerceTestApp {
  /** The BFF's own property-management system on the test's database and clock (the app uses the same tables). */
  pms: PropertyManagementPort;
  /** The stay tokens the app accepts. */
  stayTokens: StayAccessTokens;
  /**
   * Books one standard room at SBTG for two adults (a guest booking, or a member's with `token`) and
   * answers its stay, expected. Default: arriving today for two nights, the flexible rate (nothing paid yet).
   */
  bookStay(options?: { arrival?: string; departure?: string; rate?: string; token?: string; key?: string }): Promise<PmsStay>;
  /** bookStay, then the key handed over: in house with its room nights and city tax on the private folio, plus these charges. */
  stayInHouse(options?: { token?: string; key?: string; charges?: TestCharge[] }): Promise<PmsStay>;
  /** Posts a charge as the hotel does while the guest stays (e.g. the minibar while they pay). */
  postCharge(stayId: string, charge: TestCharge): Promise<FolioCharge>;
}

export interface TestCharge {
  kind: ChargeKind;
  amountMinor: number;
  folio?: FolioKind;
  description?: string;
  serviceDate?: string;
}

let bookings = 0;

/** Wraps a commerce test app (or makes one) with stays. */
export function createPmsTestApp(db: Database, app: CommerceTestApp = createCommerceTestApp(db)): PmsTestApp {
  const pms = createLocalPropertyManagement({ db, now: () => app.now() });
  const auth = createAuth({ db, logger: createMemoryLogger(), now: () => app.now() });
  const stayTokens = createStayAccessTokens({ hmacKey: () => auth.keys.hmacKey(), now: () => app.now() });

  async function bookStay(options: { arrival?: string; departure?: string; rate?: string; token?: string; key?: string } = {}): Promise<PmsStay> {
    const arrival = options.arrival ?? TODAY;
    const departure = options.departure ?? day(2);
    await setNights(db, { hotelCode: 'SBTG', typeCode: 'STD', from: arrival, to: departure, available: 5, price: 10_000 });
    const cart = await app.readyToPay(await app.createCart({ hotel_code: 'SBTG', check_in_date: arrival, check_out_date: departure, room_stays: [stdRoom(options.rate)] }, options.token), {
      ...(options.token ? { token: options.token } : {}),
    });
    const paid = app.resultOf(await app.pay(cart.cart_id, options.key ?? `pms-stay-${++bookings}`, options.token));
    if (paid.status !== 'succeeded') throw new Error(`expected an order, got ${paid.status}`);
    app.rememberAccess(paid.order_id, paid.access_key ?? undefined);
    const order = app.orderOf(await app.get(ECOMMERCE_PATHS.order(paid.order_id), options.token, app.access(paid.order_id)));
    const number = order.stays[0]?.room_stays[0]?.reservation_number;
    if (!number) throw new Error('The order has no reservation number');
    const stay = await pms.stayOfReservation(number);
    if (!stay) throw new Error(`No stay for ${number}`);
    return stay;
  }

  async function postCharge(stayId: string, charge: TestCharge): Promise<FolioCharge> {
    return pms.postCharge(
      stayId,
      {
        kind: charge.kind,
        description: charge.description ?? CHARGE_DESCRIPTIONS[charge.kind],
        amountMinor: charge.amountMinor,
        serviceDate: charge.serviceDate ?? TODAY,
        ...(charge.folio ? { folio: charge.folio } : {}),
      },
      app.now(),
    );
  }

  // On top of the app (a proxy of useCommerceTests' included): its own properties are read through it.
  return Object.assign(Object.create(app) as CommerceTestApp, {
    pms,
    stayTokens,
    bookStay,
    postCharge,
    async stayInHouse(options: { token?: string; key?: string; charges?: TestCharge[] } = {}) {
      const stay = await bookStay({ ...(options.token ? { token: options.token } : {}), ...(options.key ? { key: options.key } : {}) });
      const inHouse = await pms.checkIn(stay.id, app.now());
      for (const charge of options.charges ?? []) await postCharge(inHouse.id, charge);
      return inHouse;
    },
  });
}

/** A property-management system that never answers: every method throws PropertyManagementUnavailableError. */
export function unreachablePropertyManagement(): PropertyManagementPort {
  const fail = () => Promise.reject(new PropertyManagementUnavailableError());
  return {
    findStay: fail,
    stay: fail,
    stayOfReservation: fail,
    staysArriving: fail,
    staysInHouse: fail,
    checkIn: fail,
    folio: fail,
    postCharge: fail,
    moveCharge: fail,
    recordPayment: fail,
    checkOut: fail,
  };
}
