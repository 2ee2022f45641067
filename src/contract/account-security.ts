import * as v from 'valibot';
import { RegisterRequestSchema } from './auth';
import { TravellerSchema } from './ecommerce';

// The step-up itself: its own module, so that pages needing only it (rewards) do not carry the rest.
export * from './step-up';

/**
 * The account's own security and data (spec section 7 "Auth", "Members"; decision record 0047). Paths
 * relative to BFF_PREFIX; every route takes the member's bearer token (401 without one, before the input
 * is looked at).
 */
export const ACCOUNT_SECURITY_PATHS = {
  /**
   * POST `{ password, password_confirmation }` with `X-Step-Up-Token`: sets the member's password (also
   * a first one for a member who signs in with codes only); 204. The member's other sessions end, the
   * calling one goes on, and a mail tells the member.
   */
  password: '/auth/password',
  /** GET: the member's live sessions, newest use first. */
  sessions: '/auth/sessions',
  /** DELETE: ends one of the member's sessions (the calling one too); 204, 404 for an unknown or another member's. */
  session: '/auth/sessions/:sessionId',
  /** POST: ends every session of the member, the calling one included; 204. */
  signOutEverywhere: '/auth/sessions/sign-out-everywhere',
  /** GET: everything the site keeps about the member, as a JSON file (MemberDataExportSchema); 5 an hour. */
  dataExport: '/members/export',
} as const;

export const sessionPath = (sessionId: string) => `/auth/sessions/${encodeURIComponent(sessionId)}`;

/** Downloads of the member's data per member and hour. */
export const DATA_EXPORTS_PER_HOUR = 5;

/** The export's file name for the day it was made (`yyyy-MM-dd`, Berlin). */
export const dataExportFileName = (isoDate: string) => `h-rewards-data-${isoDate}.json`;

/**
 * The rules of a new password are registration's (and the password reset's): the same schema. The two
 * entries must match; a mismatch is an issue at `password_confirmation`.
 */
export const ChangePasswordRequestSchema = v.pipe(
  v.object({ password: v.unwrap(RegisterRequestSchema.entries.password), password_confirmation: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, 'The passwords do not match'),
    ['password_confirmation'],
  ),
);
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequestSchema>;

export const SessionParamsSchema = v.object({ sessionId: v.pipe(v.string(), v.uuid('Not a session id')) });

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const nullableText = v.nullable(v.string());

/** The kinds of device a User-Agent names; `unknown` when it names none (or none was sent). */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'unknown'] as const;

/**
 * A browser as its User-Agent describes it. `label` is a short English name such as "Chrome on Windows"
 * ("Unknown device" when nothing is known); `browser` and `os` are the product names it is made of, for a
 * page that words the label in another language.
 */
export const DeviceSchema = v.object({
  label: v.string(),
  browser: nullableText,
  os: nullableText,
  type: v.picklist(DEVICE_TYPES),
});
export type Device = v.InferOutput<typeof DeviceSchema>;

export const MemberSessionSchema = v.object({
  /** The session's id, for DELETE ACCOUNT_SECURITY_PATHS.session. */
  id: v.string(),
  device: DeviceSchema,
  createdAt: timestamp,
  /** Sign-in, refreshes and calls with its token, to within a few minutes. */
  lastUsedAt: timestamp,
  /** The session of the token that asked. */
  current: v.boolean(),
});
export type MemberSession = v.InferOutput<typeof MemberSessionSchema>;
export const MemberSessionsResponseSchema = v.object({ data: v.array(MemberSessionSchema) });

// ---------- "Download my data" ----------

const address = v.object({ street: v.string(), postalCode: v.string(), city: v.string(), country: v.string(), state: nullableText });
const money = v.object({ amount: v.number(), currency: v.string() });

/**
 * The member's data file (GET ACCOUNT_SECURITY_PATHS.dataExport). Dates are `yyyy-MM-dd`, moments ISO
 * timestamps, amounts in the currency's units (2 decimals). Nothing that grants access is in it: no
 * password or code hashes, no tokens, no card data beyond brand, last four digits and expiry.
 */
export const MemberDataExportSchema = v.object({
  /** When the file was made. */
  generatedAt: timestamp,
  profile: v.object({
    id: v.string(),
    email: v.string(),
    salutation: nullableText,
    firstName: v.string(),
    lastName: v.string(),
    birthday: nullableText,
    phone: nullableText,
    locale: v.string(),
    address: v.nullable(address),
    loyaltyId: nullableText,
    level: nullableText,
    points: v.number(),
    hasPassword: v.boolean(),
    customerType: v.picklist(['b2c', 'b2b']),
    registrationSource: nullableText,
    memberSince: timestamp,
    activatedAt: v.nullable(timestamp),
    /** A new address asked for and not yet confirmed with its code. */
    pendingEmailChange: v.nullable(v.object({ email: v.string(), requestedAt: timestamp })),
  }),
  billingAddresses: v.array(
    v.object({ ...address.entries, companyName: nullableText, vatId: nullableText, createdAt: timestamp, updatedAt: timestamp }),
  ),
  preferences: v.array(v.object({ name: v.string(), active: v.boolean() })),
  brandPreferences: v.array(v.object({ brand: v.string(), chosenAt: timestamp })),
  newsletters: v.array(v.object({ newsletter: v.string(), status: v.string(), subscribedAt: timestamp, confirmedAt: v.nullable(timestamp) })),
  favouriteHotels: v.array(v.object({ hotelCode: v.string(), hotel: v.string(), addedAt: timestamp })),
  promoCode: v.nullable(v.object({ code: v.string(), setAt: timestamp })),
  /** Bookings made on this site (each room has its reservation number; the order's id is not shown: a guest's grants access). */
  orders: v.array(
    v.object({
      bookedAt: timestamp,
      hotel: v.string(),
      email: v.string(),
      paymentMethod: v.string(),
      promoCode: nullableText,
      total: money,
      paid: money,
      atHotel: money,
      refunded: money,
      pointsPaid: v.number(),
      pointsEarned: v.number(),
      reservations: v.array(
        v.object({
          reservationNumber: v.string(),
          room: v.string(),
          checkInDate: v.string(),
          checkOutDate: v.string(),
          status: v.string(),
          adults: v.number(),
          childAges: v.array(v.number()),
          traveller: v.nullable(TravellerSchema),
          addons: v.array(v.object({ code: v.string(), quantity: v.number() })),
          green: v.boolean(),
          cancelledAt: v.nullable(timestamp),
        }),
      ),
    }),
  ),
  addedReservations: v.array(
    v.object({
      reservationNumber: v.string(),
      hotel: v.string(),
      arrivalDate: v.string(),
      departureDate: v.string(),
      room: v.string(),
      rate: v.string(),
      total: money,
      status: v.string(),
      addedAt: timestamp,
      removedAt: v.nullable(timestamp),
    }),
  ),
  savedCards: v.array(v.object({ brand: v.string(), last4: v.string(), expiryMonth: v.number(), expiryYear: v.number(), holderName: nullableText, savedAt: timestamp })),
  pointsHistory: v.array(
    v.object({
      kind: v.string(),
      points: v.number(),
      pendingPoints: v.number(),
      balanceAfter: v.number(),
      date: v.string(),
      hotel: nullableText,
      reservationNumber: nullableText,
      reward: nullableText,
      note: nullableText,
    }),
  ),
  levelChanges: v.array(v.object({ from: nullableText, to: v.string(), reason: v.string(), year: v.number(), changedAt: timestamp })),
  vouchers: v.array(v.object({ code: v.string(), category: v.string(), value: money, validUntil: v.string(), redeemed: v.boolean() })),
  stayVouchers: v.array(
    v.object({
      code: v.string(),
      nights: v.number(),
      guests: v.number(),
      room: v.string(),
      board: v.string(),
      description: v.string(),
      validUntil: v.string(),
      redeemedAt: v.nullable(timestamp),
      usedAt: v.nullable(timestamp),
    }),
  ),
  pointsClaims: v.array(
    v.object({
      hotel: v.string(),
      reservationNumber: v.string(),
      arrivalDate: v.string(),
      departureDate: v.string(),
      status: v.string(),
      reason: v.string(),
      points: v.number(),
      requestedAt: timestamp,
      decidedAt: v.nullable(timestamp),
    }),
  ),
  /** Sessions, live and ended, until they are deleted after their expiry. */
  sessions: v.array(v.object({ device: v.string(), signedInAt: timestamp, lastUsedAt: timestamp, expiresAt: timestamp, endedAt: v.nullable(timestamp) })),
  /** Browsers the member signed in with (the device cookie), for the new-device mail. */
  devices: v.array(v.object({ device: v.string(), firstSeenAt: timestamp, lastSeenAt: timestamp })),
  socialAccounts: v.array(v.object({ provider: v.string(), email: nullableText, linkedAt: timestamp })),
  passkeys: v.array(v.object({ name: v.string(), createdAt: timestamp, lastUsedAt: v.nullable(timestamp) })),
  formSubmissions: v.array(
    v.object({
      kind: v.string(),
      name: nullableText,
      email: nullableText,
      subject: nullableText,
      message: nullableText,
      reservationNumber: nullableText,
      formId: nullableText,
      fields: v.nullable(v.record(v.string(), v.string())),
      sentAt: timestamp,
    }),
  ),
});
export type MemberDataExport = v.InferOutput<typeof MemberDataExportSchema>;
