import type { Page } from '@playwright/test';
import { appReady, expect, openDemoMails } from '../fixtures';
import type { CheckinEvent, CheckinState } from './checkin.model';
import { bookFirstNightOffered, enterCard, fullName, TEST_CARDS } from './stay-booking';
import type { BookingGuest } from './stay-booking';
import { literally } from './wording';
import type { JourneyLocale, Say } from './wording';

/**
 * How the check-in model meets the real site: for each state what the guest must see, for each event what
 * the guest does, by clicking and typing on what the page shows (roles and labels). The demo mailbox is
 * opened in a tab of its own, as a guest reads mail beside the site.
 */

export interface CheckinContext {
  /** The tab the guest is on: the site, or the demo mailbox (whose link the check-in then goes on from). */
  page: Page;
  /** The site language the guest reads; `say` gives the site's wording in it. */
  locale: JourneyLocale;
  say: Say;
  /** The guest who books: a new address on every journey, so the demo mailbox shows only this journey's mails. */
  guest: BookingGuest;
  /** The reservation number read on the booking's confirmation. */
  reservationNumber: string;
  /** The booking made at the hotel that the lookup finds: a seeded stay no other journey uses at the same time (none for a journey that books). */
  seededStay: { reservationNumber: string; lastName: string } | null;
}

function seededStayOf({ seededStay }: CheckinContext) {
  if (!seededStay) throw new Error('This journey finds a booking made at the hotel: give it a seeded stay of its own');
  return seededStay;
}

/** A last name that is not the booking's: what a guest who mistypes or mixes up bookings gives. */
const WRONG_LAST_NAME = 'Nowak';
/** A card whose bank asks for 3-D Secure (the bundled test payment provider's). */
const CHALLENGE_CARD = TEST_CARDS.asksFor3DSecure;
/** A guest from the United Kingdom: from abroad, so the law asks for the travel document. */
const FOREIGN_GUEST = {
  nationality: 'United Kingdom',
  dateOfBirth: '1990-04-12',
  street: '1 High Street',
  postalCode: 'SW1A 1AA',
  city: 'London',
  document: 'C01X00T47',
  arrival: '15:00',
};

const checkinSteps = ({ page, say }: CheckinContext) => page.getByRole('navigation', { name: say('Check-in steps') }).locator('[aria-current="step"]');
const continueToGuarantee = ({ page, say }: CheckinContext) => page.getByRole('button', { name: say('Continue to the payment guarantee') });
const registrationHeading = ({ page, say }: CheckinContext) => page.getByRole('heading', { level: 2, name: say('Your registration') });

/** The registration form, reached by a link that carried a token or by the lookup: the token has left the address. */
async function expectRegistrationForm(context: CheckinContext) {
  const { page, locale, say } = context;
  await expect(registrationHeading(context)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/${locale}/checkin/personal-details\\?checkin_id=`));
  expect(page.url()).not.toContain('token=');
  // The in-house theme, and the first of the steps.
  await expect(page.locator('.site')).toHaveAttribute('data-theme', 'product');
  await expect(checkinSteps(context)).toContainText(say('Your details'));
  await expect(page.getByLabel(say('Date of birth'))).toBeVisible();
}

/** The mail of a subject (its start) in the demo mailbox tab. */
const mail = ({ page }: CheckinContext, subjectStart: string) => page.getByRole('article', { name: new RegExp(`^${literally(subjectStart)}`) }).first();

/** What the guest sees in each state of the model. */
export const checkinStateAssertions: Record<CheckinState, (context: CheckinContext) => Promise<void>> = {
  home: async ({ page, say }) => {
    await expect(page.getByRole('combobox', { name: say('Destination') })).toBeVisible();
  },
  booked: async ({ page, say, reservationNumber }) => {
    await expect(page.getByRole('heading', { level: 1, name: say('Your booking is confirmed') })).toBeVisible();
    expect(reservationNumber).not.toBe('');
  },
  preArrivalMail: async (context) => {
    await expect(mail(context, 'Check in online for your stay at ')).toBeVisible();
  },
  registration: async (context) => {
    await expectRegistrationForm(context);
    const { page, say, guest, reservationNumber } = context;
    // The booking's own details, filled in already.
    await expect(page.getByText(reservationNumber, { exact: true })).toBeVisible();
    await expect(page.getByLabel(say('First name'))).toHaveValue(guest.firstName);
  },
  detailsMissing: async ({ page, say }) => {
    await expect(page.getByRole('alert').filter({ hasText: say('Please check these details:') })).toBeFocused();
    await expect(page.getByText(say('Enter your date of birth.'))).toBeVisible();
  },
  travelDocumentAsked: async ({ page, say }) => {
    await expect(page.getByLabel(say('Passport or identity card number'))).toBeVisible();
  },
  paymentGuarantee: async ({ page, say }) => {
    await expect(page.getByRole('heading', { level: 2, name: say('Payment guarantee') })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(say('Held on your card'))).toBeVisible();
  },
  challengeCardEntered: async ({ page, say }) => {
    const payingWith = literally(say('Paying with {0} ending in {1}.', { 0: '\u0000', 1: CHALLENGE_CARD.last4 })).replace('\u0000', '.*');
    await expect(page.getByText(new RegExp(payingWith))).toBeVisible();
  },
  bankChallenge: async ({ page }) => {
    // The provider's page, in its own words.
    await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible({ timeout: 15_000 });
  },
  paypalChosen: async ({ page, say }) => {
    await expect(page.getByRole('radio', { name: say('PayPal') })).toBeChecked();
    // No card form, and the page says where the guest goes next.
    await expect(page.locator('iframe[title="Card details"]')).toHaveCount(0);
    await expect(page.getByText(say('After you confirm, you continue at {0} to approve the payment, then come back here.', { 0: 'PayPal' }))).toBeVisible();
    await expect(page.getByText(say('Reserved with PayPal'))).toBeVisible();
  },
  paypalApproval: async ({ page }) => {
    // PayPal's test page, in its own words.
    await expect(page.getByRole('heading', { level: 1, name: 'Pay with PayPal' })).toBeVisible({ timeout: 15_000 });
  },
  checkedIn: async (context) => {
    const { page, locale, say } = context;
    await expect(page.getByRole('heading', { level: 2, name: say('You are checked in online') })).toBeVisible({ timeout: 15_000 });
    // Back on the check-in page, from the bank's or PayPal's.
    await expect(page).toHaveURL(new RegExp(`/${locale}/checkin/personal-details\\?checkin_id=`));
    // The QR code for the front desk.
    await expect(page.getByRole('img', { name: /^QR code of check-in confirmation / })).toBeVisible();
    await expect(checkinSteps(context)).toContainText(say('Checked in'));
  },
  confirmationMail: async (context) => {
    await expect(mail(context, 'You are checked in online: ')).toBeVisible();
  },
  findBooking: async ({ page, say }) => {
    await expect(page.getByRole('heading', { level: 1, name: say('Find your booking') })).toBeVisible();
  },
  lookup: async ({ page, say }) => {
    await expect(page.getByRole('heading', { level: 2, name: say('Check in online: reservation number and last name') })).toBeVisible();
  },
  lookupRefused: async (context) => {
    const { page, say } = context;
    await expect(page.getByRole('alert')).toContainText(
      say('We could not find a booking with these details. Check the reservation number in your confirmation email and the last name of the guest.'),
    );
    // What was typed stays, as typed.
    await expect(page.getByLabel(say('Reservation number'))).toHaveValue(seededStayOf(context).reservationNumber.toLowerCase());
    await expect(page.getByLabel(say('Last name'))).toHaveValue(WRONG_LAST_NAME);
  },
  foundRegistration: async (context) => {
    await expectRegistrationForm(context);
    await expect(context.page.getByLabel(context.say('Last name'))).toHaveValue(seededStayOf(context).lastName);
  },
};

/** What the guest does for each event of the model. */
export const checkinEventDrivers: Record<CheckinEvent['type'], (context: CheckinContext) => Promise<void>> = {
  BOOK_THE_FIRST_NIGHT_OFFERED: async (context) => {
    context.reservationNumber = await bookFirstNightOffered(context.page, context.guest);
  },
  READ_PRE_ARRIVAL_MAIL: async (context) => {
    context.page = await openDemoMails(context.page, context.guest.email);
  },
  FOLLOW_CHECKIN_LINK: async (context) => {
    const invitation = mail(context, 'Check in online for your stay at ');
    await invitation.getByRole('link', { name: /\/en\/checkin\/personal-details\?token=/ }).first().click();
    await appReady(context.page);
  },
  CONTINUE_WITH_NOTHING_FILLED: async (context) => {
    await continueToGuarantee(context).click();
  },
  CHOOSE_FOREIGN_NATIONALITY: async ({ page, say }) => {
    await page.getByLabel(say('Nationality')).selectOption({ label: FOREIGN_GUEST.nationality });
  },
  FILL_THE_REST_AND_CONTINUE: async (context) => {
    const { page, say } = context;
    await page.getByLabel(say('Date of birth')).fill(FOREIGN_GUEST.dateOfBirth);
    await page.getByLabel(say('Street and house number')).fill(FOREIGN_GUEST.street);
    await page.getByLabel(say('Postal code')).fill(FOREIGN_GUEST.postalCode);
    await page.getByLabel(say('City')).fill(FOREIGN_GUEST.city);
    await page.getByLabel(say('Country of residence')).selectOption({ label: FOREIGN_GUEST.nationality });
    await page.getByLabel(say('Passport or identity card number')).fill(FOREIGN_GUEST.document);
    await page.getByLabel(say('Expected arrival time')).fill(FOREIGN_GUEST.arrival);
    await page.getByLabel(say('Leisure')).check();
    await continueToGuarantee(context).click();
  },
  ENTER_3DS_CARD: async ({ page, guest }) => {
    await enterCard(page, fullName(guest), CHALLENGE_CARD.number);
  },
  CHOOSE_PAYPAL: async ({ page, say }) => {
    await page.getByRole('radio', { name: say('PayPal') }).click();
  },
  CONFIRM_CHECKIN: async ({ page, say }) => {
    await page.getByRole('button', { name: say('Confirm and check in') }).click();
  },
  APPROVE_AT_PAYPAL: async ({ page }) => {
    await page.getByRole('button', { name: 'Approve payment' }).click();
  },
  COMPLETE_AUTHENTICATION: async ({ page }) => {
    await page.getByRole('button', { name: 'Complete authentication' }).click();
  },
  READ_CONFIRMATION_MAIL: async (context) => {
    context.page = await openDemoMails(context.page, context.guest.email);
  },
  OPEN_MANAGE_MY_BOOKING: async ({ page, say }) => {
    await page.getByRole('banner').getByRole('link', { name: say('Manage my booking') }).click();
  },
  OPEN_CHECKIN_LOOKUP: async ({ page, say }) => {
    await page.getByRole('link', { name: say('Check in online') }).click();
    await appReady(page);
  },
  FIND_WITH_WRONG_NAME: async (context) => {
    const { page, say } = context;
    // The number as a guest may type it, in small letters.
    await page.getByLabel(say('Reservation number')).fill(seededStayOf(context).reservationNumber.toLowerCase());
    await page.getByLabel(say('Last name')).fill(WRONG_LAST_NAME);
    await page.getByRole('button', { name: say('Find my booking') }).click();
  },
  FIND_WITH_RIGHT_NAME: async (context) => {
    const { page, say } = context;
    await page.getByLabel(say('Last name')).fill(seededStayOf(context).lastName);
    await page.getByRole('button', { name: say('Find my booking') }).click();
  },
};

/** On a phone in a right-to-left language, in every state: the page reads right to left and nothing runs wider than the screen. */
export async function expectRightToLeftOnPhone({ page }: CheckinContext): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The registration form in a right-to-left language: it starts at the right edge. */
export async function expectFormFromTheRight({ page, say }: CheckinContext): Promise<void> {
  const field = await page.getByLabel(say('First name')).boundingBox();
  expect(field).not.toBeNull();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect((field?.x ?? 0) + (field?.width ?? 0)).toBeGreaterThan(width / 2);
}
