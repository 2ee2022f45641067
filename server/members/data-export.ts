import { asc, eq, inArray, or } from 'drizzle-orm';
import type { MemberDataExport } from '../../src/contract/account-security';
import { describeDevice } from '../auth/devices';
import type { Database } from '../db/database';
import {
  brands,
  currencies,
  formSubmissions,
  hotels,
  memberBillingAddresses,
  memberBrandPreferences,
  memberDevices,
  memberEmailChanges,
  memberFavouriteHotels,
  memberLevelChanges,
  memberPasskeys,
  memberPreferences,
  memberPromoCodes,
  memberReservations,
  members,
  memberUserTypes,
  membershipLevels,
  newsletterSubscriptions,
  orders,
  pointsClaims,
  pointsLedger,
  promotions,
  reservations,
  roomTypes,
  savedCards,
  sessions,
  socialIdentities,
  stayVouchers,
  vouchers,
} from '../db/schema';
import { pickLocalized } from '../../src/contract/locales';
import { toMajor } from '../search/money';

/*
 * "Download my data" (decision record 0047): everything the site keeps about one member, read column by
 * column. Nothing is copied as a whole row, so a column added later (a hash, a token) never slips into the
 * file unnoticed: it is in the export only once someone writes it here. Kept out on purpose: password,
 * code and token hashes, refresh tokens, payment provider tokens and ids, card data beyond brand, last
 * four digits, expiry and holder, passkey credentials, and ids that could grant access (session ids are
 * the `sso` of access tokens, order ids open guest orders) or mean nothing outside the database.
 */

const iso = (moment: Date) => moment.toISOString();
const isoOrNull = (moment: Date | null) => (moment ? moment.toISOString() : null);

/** The member's data as MemberDataExportSchema describes it; undefined for an unknown member. */
export async function memberDataExport(db: Database, memberId: number, now: Date): Promise<MemberDataExport | undefined> {
  const [member] = await db
    .select({ member: members, level: membershipLevels.name })
    .from(members)
    .leftJoin(membershipLevels, eq(membershipLevels.code, members.rewardLevelCode))
    .where(eq(members.id, memberId));
  if (!member) return undefined;
  const m = member.member;
  const decimalsOf = new Map((await db.select({ code: currencies.code, decimals: currencies.decimals }).from(currencies)).map((row) => [row.code, row.decimals]));
  const amount = (amountMinor: number, currency: string) => ({
    amount: toMajor(amountMinor, { code: currency, decimals: decimalsOf.get(currency) ?? 2, ratePerEurMicros: 0 }),
    currency,
  });

  const [userType] = await db.select({ userType: memberUserTypes.userType }).from(memberUserTypes).where(eq(memberUserTypes.memberId, memberId));
  const [emailChange] = await db.select().from(memberEmailChanges).where(eq(memberEmailChanges.memberId, memberId));

  const billingAddresses = await db
    .select()
    .from(memberBillingAddresses)
    .where(eq(memberBillingAddresses.memberId, memberId))
    .orderBy(asc(memberBillingAddresses.createdAt));

  const preferences = await db
    .select({ name: memberPreferences.name, active: memberPreferences.active })
    .from(memberPreferences)
    .where(eq(memberPreferences.memberId, memberId))
    .orderBy(asc(memberPreferences.name));

  const brandPreferences = await db
    .select({ brand: brands.name, chosenAt: memberBrandPreferences.createdAt })
    .from(memberBrandPreferences)
    .innerJoin(brands, eq(brands.id, memberBrandPreferences.brandId))
    .where(eq(memberBrandPreferences.memberId, memberId))
    .orderBy(asc(brands.sortOrder));

  // The member's own, and any signed up for by the member's address before signing in.
  const newsletters = await db
    .select()
    .from(newsletterSubscriptions)
    .where(or(eq(newsletterSubscriptions.memberId, memberId), eq(newsletterSubscriptions.email, m.email)))
    .orderBy(asc(newsletterSubscriptions.createdAt));

  const favourites = await db
    .select({ hotelCode: hotels.hotelCode, hotel: hotels.name, addedAt: memberFavouriteHotels.addedAt })
    .from(memberFavouriteHotels)
    .innerJoin(hotels, eq(hotels.id, memberFavouriteHotels.hotelId))
    .where(eq(memberFavouriteHotels.memberId, memberId))
    .orderBy(asc(memberFavouriteHotels.addedAt));

  const [promoCode] = await db
    .select({ code: promotions.code, setAt: memberPromoCodes.setAt })
    .from(memberPromoCodes)
    .innerJoin(promotions, eq(promotions.id, memberPromoCodes.promotionId))
    .where(eq(memberPromoCodes.memberId, memberId));

  const orderRows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      hotel: hotels.name,
      email: orders.customerEmail,
      paymentMethod: orders.paymentMethod,
      promoCode: orders.promoCode,
      currency: orders.currency,
      amountTotalMinor: orders.amountTotalMinor,
      amountPaidMinor: orders.amountPaidMinor,
      amountAtHotelMinor: orders.amountAtHotelMinor,
      amountRefundedMinor: orders.amountRefundedMinor,
      pointsPaid: orders.pointsPaid,
      pointsEarned: orders.pointsEarned,
    })
    .from(orders)
    .innerJoin(hotels, eq(hotels.id, orders.hotelId))
    .where(eq(orders.memberId, memberId))
    .orderBy(asc(orders.createdAt));
  const reservationRows =
    orderRows.length === 0
      ? []
      : await db
          .select({
            orderId: reservations.orderId,
            reservationNumber: reservations.reservationNumber,
            room: roomTypes.saleName,
            checkInDate: reservations.checkInDate,
            checkOutDate: reservations.checkOutDate,
            status: reservations.status,
            details: reservations.details,
            cancelledAt: reservations.cancelledAt,
          })
          .from(reservations)
          .innerJoin(roomTypes, eq(roomTypes.id, reservations.roomTypeId))
          .where(
            inArray(
              reservations.orderId,
              orderRows.map((order) => order.id),
            ),
          )
          .orderBy(asc(reservations.checkInDate), asc(reservations.reservationNumber));

  const added = await db
    .select({ reservation: memberReservations, hotel: hotels.name })
    .from(memberReservations)
    .innerJoin(hotels, eq(hotels.id, memberReservations.hotelId))
    .where(eq(memberReservations.memberId, memberId))
    .orderBy(asc(memberReservations.addedAt));

  const cards = await db
    .select({
      brand: savedCards.brand,
      last4: savedCards.last4,
      expiryMonth: savedCards.expiryMonth,
      expiryYear: savedCards.expiryYear,
      holderName: savedCards.holderName,
      savedAt: savedCards.createdAt,
    })
    .from(savedCards)
    .where(eq(savedCards.memberId, memberId))
    .orderBy(asc(savedCards.createdAt));

  const ledger = await db
    .select({
      kind: pointsLedger.kind,
      points: pointsLedger.points,
      pendingPoints: pointsLedger.pendingPoints,
      balanceAfter: pointsLedger.balanceAfter,
      date: pointsLedger.postedOn,
      hotel: hotels.name,
      reservationNumber: pointsLedger.reservationNumber,
      reward: pointsLedger.rewardId,
      note: pointsLedger.note,
    })
    .from(pointsLedger)
    .leftJoin(hotels, eq(hotels.id, pointsLedger.hotelId))
    .where(eq(pointsLedger.memberId, memberId))
    .orderBy(asc(pointsLedger.id));

  const levelChanges = await db
    .select({ from: memberLevelChanges.fromCode, to: memberLevelChanges.toCode, reason: memberLevelChanges.reason, year: memberLevelChanges.year, changedAt: memberLevelChanges.changedAt })
    .from(memberLevelChanges)
    .where(eq(memberLevelChanges.memberId, memberId))
    .orderBy(asc(memberLevelChanges.changedAt));

  const voucherRows = await db
    .select({
      code: vouchers.code,
      category: vouchers.category,
      amountMinor: vouchers.amountMinor,
      currency: vouchers.currency,
      validUntil: vouchers.validUntil,
      redeemedOrderId: vouchers.redeemedOrderId,
    })
    .from(vouchers)
    .where(eq(vouchers.memberId, memberId))
    .orderBy(asc(vouchers.validUntil), asc(vouchers.code));

  const stayVoucherRows = await db
    .select({
      code: stayVouchers.code,
      nights: stayVouchers.nights,
      guests: stayVouchers.guests,
      room: stayVouchers.room,
      board: stayVouchers.board,
      description: stayVouchers.description,
      validUntil: stayVouchers.validUntil,
      redeemedAt: stayVouchers.redeemedAt,
      usedAt: stayVouchers.usedAt,
    })
    .from(stayVouchers)
    .where(eq(stayVouchers.memberId, memberId))
    .orderBy(asc(stayVouchers.redeemedAt));

  const claims = await db
    .select({ claim: pointsClaims, hotel: hotels.name })
    .from(pointsClaims)
    .innerJoin(hotels, eq(hotels.id, pointsClaims.hotelId))
    .where(eq(pointsClaims.memberId, memberId))
    .orderBy(asc(pointsClaims.createdAt));

  const sessionRows = await db
    .select({
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(asc(sessions.createdAt));

  const devices = await db
    .select({ userAgent: memberDevices.userAgent, firstSeenAt: memberDevices.firstSeenAt, lastSeenAt: memberDevices.lastSeenAt })
    .from(memberDevices)
    .where(eq(memberDevices.memberId, memberId))
    .orderBy(asc(memberDevices.firstSeenAt));

  const socialAccounts = await db
    .select({ provider: socialIdentities.provider, email: socialIdentities.email, linkedAt: socialIdentities.createdAt })
    .from(socialIdentities)
    .where(eq(socialIdentities.memberId, memberId))
    .orderBy(asc(socialIdentities.createdAt));

  // What the member sees of a passkey; its credential id and public key stay out.
  const passkeys = await db
    .select({ name: memberPasskeys.name, createdAt: memberPasskeys.createdAt, lastUsedAt: memberPasskeys.lastUsedAt })
    .from(memberPasskeys)
    .where(eq(memberPasskeys.memberId, memberId))
    .orderBy(asc(memberPasskeys.createdAt));

  const forms = await db
    .select({
      kind: formSubmissions.kind,
      name: formSubmissions.name,
      email: formSubmissions.email,
      subject: formSubmissions.subject,
      message: formSubmissions.message,
      reservationNumber: formSubmissions.reservationNumber,
      formId: formSubmissions.formId,
      fields: formSubmissions.fields,
      sentAt: formSubmissions.createdAt,
    })
    .from(formSubmissions)
    .where(eq(formSubmissions.memberId, memberId))
    .orderBy(asc(formSubmissions.createdAt));

  const address =
    m.street && m.postalCode && m.city && m.countryCode
      ? { street: m.street, postalCode: m.postalCode, city: m.city, country: m.countryCode, state: m.stateCode }
      : null;

  return {
    generatedAt: iso(now),
    profile: {
      id: m.guid,
      email: m.email,
      salutation: m.salutation,
      firstName: m.firstName,
      lastName: m.lastName,
      birthday: m.birthday,
      phone: m.phone,
      locale: m.locale,
      address,
      loyaltyId: m.dailypointMasterId,
      level: member.level,
      points: m.points,
      hasPassword: m.passwordHash !== null,
      customerType: userType?.userType ?? 'b2c',
      registrationSource: m.registrationSource,
      memberSince: iso(m.createdAt),
      activatedAt: isoOrNull(m.activatedAt),
      pendingEmailChange: emailChange ? { email: emailChange.newEmail, requestedAt: iso(emailChange.requestedAt) } : null,
    },
    billingAddresses: billingAddresses.map((row) => ({
      companyName: row.companyName,
      vatId: row.vatId,
      street: row.street,
      postalCode: row.postalCode,
      city: row.city,
      country: row.countryCode,
      state: row.stateCode,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    preferences,
    brandPreferences: brandPreferences.map((row) => ({ brand: row.brand, chosenAt: iso(row.chosenAt) })),
    newsletters: newsletters.map((row) => ({
      newsletter: row.newsletter,
      status: row.status,
      subscribedAt: iso(row.createdAt),
      confirmedAt: isoOrNull(row.confirmedAt),
    })),
    favouriteHotels: favourites.map((row) => ({ hotelCode: row.hotelCode, hotel: row.hotel, addedAt: iso(row.addedAt) })),
    promoCode: promoCode ? { code: promoCode.code, setAt: iso(promoCode.setAt) } : null,
    orders: orderRows.map((order) => ({
      bookedAt: iso(order.createdAt),
      hotel: order.hotel,
      email: order.email,
      paymentMethod: order.paymentMethod,
      promoCode: order.promoCode,
      total: amount(order.amountTotalMinor, order.currency),
      paid: amount(order.amountPaidMinor, order.currency),
      atHotel: amount(order.amountAtHotelMinor, order.currency),
      refunded: amount(order.amountRefundedMinor, order.currency),
      pointsPaid: order.pointsPaid,
      pointsEarned: order.pointsEarned,
      reservations: reservationRows
        .filter((row) => row.orderId === order.id)
        .map((row) => ({
          reservationNumber: row.reservationNumber,
          room: pickLocalized(row.room, m.locale),
          checkInDate: row.checkInDate,
          checkOutDate: row.checkOutDate,
          status: row.status,
          adults: row.details.adults,
          childAges: row.details.childAges,
          traveller: row.details.traveller,
          addons: row.details.addons,
          green: row.details.green,
          cancelledAt: isoOrNull(row.cancelledAt),
        })),
    })),
    addedReservations: added.map(({ reservation, hotel }) => ({
      reservationNumber: reservation.reservationNumber,
      hotel,
      arrivalDate: reservation.arrivalDate,
      departureDate: reservation.departureDate,
      room: reservation.roomTypeName,
      rate: reservation.rateName,
      total: amount(reservation.amountMinor, reservation.currency),
      status: reservation.status,
      addedAt: iso(reservation.addedAt),
      removedAt: isoOrNull(reservation.hiddenAt),
    })),
    savedCards: cards.map((card) => ({ ...card, savedAt: iso(card.savedAt) })),
    pointsHistory: ledger,
    levelChanges: levelChanges.map((row) => ({ ...row, changedAt: iso(row.changedAt) })),
    vouchers: voucherRows.map((row) => ({
      code: row.code,
      category: row.category,
      value: amount(row.amountMinor, row.currency),
      validUntil: row.validUntil,
      redeemed: row.redeemedOrderId !== null,
    })),
    stayVouchers: stayVoucherRows.map((row) => ({ ...row, redeemedAt: isoOrNull(row.redeemedAt), usedAt: isoOrNull(row.usedAt) })),
    pointsClaims: claims.map(({ claim, hotel }) => ({
      hotel,
      reservationNumber: claim.reservationNumber,
      arrivalDate: claim.arrivalDate,
      departureDate: claim.departureDate,
      status: claim.status,
      reason: claim.reason,
      points: claim.points,
      requestedAt: iso(claim.createdAt),
      decidedAt: isoOrNull(claim.decidedAt),
    })),
    sessions: sessionRows.map((row) => ({
      device: describeDevice(row.userAgent).label,
      signedInAt: iso(row.createdAt),
      lastUsedAt: iso(row.lastUsedAt),
      expiresAt: iso(row.expiresAt),
      endedAt: isoOrNull(row.revokedAt),
    })),
    devices: devices.map((row) => ({ device: describeDevice(row.userAgent).label, firstSeenAt: iso(row.firstSeenAt), lastSeenAt: iso(row.lastSeenAt) })),
    socialAccounts: socialAccounts.map((row) => ({ ...row, linkedAt: iso(row.linkedAt) })),
    passkeys: passkeys.map((row) => ({ name: row.name, createdAt: iso(row.createdAt), lastUsedAt: isoOrNull(row.lastUsedAt) })),
    formSubmissions: forms.map((row) => ({ ...row, sentAt: iso(row.sentAt) })),
  };
}
