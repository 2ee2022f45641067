import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { GuestJourneyEvent } from './guest-journey.model';
import { literally } from './wording';
import type { JourneyLocale, Say } from './wording';

/**
 * How the guest-journey model meets the real site: for each state what the guest must see, for each
 * event what the guest does, only by clicking and typing on what the page shows (roles and labels), from
 * the home page on. Every action goes through a counter, so a journey can say what it cost the guest.
 */

/** Counts what a person does: a click (or a tap, or one browser autofill) and each key typed. */
export class ActionCounter {
  clicks = 0;
  keystrokes = 0;
  /** What each action was, in order ("click getByRole(…)"), so a journey can show where its clicks went. */
  readonly log: string[] = [];

  async click(target: Locator): Promise<void> {
    await target.click();
    this.clicks += 1;
    this.log.push(`click ${target.toString()}`);
  }

  /** Typed text: one keystroke per character. */
  async type(target: Locator, text: string): Promise<void> {
    await target.fill(text);
    this.keystrokes += text.length;
    this.log.push(`type ${text.length} keys into ${target.toString()}`);
  }

  /** A native list: one click opens it, one chooses. */
  async choose(target: Locator, value: string): Promise<void> {
    await target.selectOption(value);
    this.clicks += 2;
    this.log.push(`2 clicks to choose "${value}" in ${target.toString()}`);
  }

  /**
   * The browser's autofill: one choice in its suggestion fills every field of the form that asks for a
   * value the browser keeps (the fields' autocomplete attributes), so it counts as one click.
   */
  async autofill(scope: Page | FrameLocator, values: Record<string, string>): Promise<void> {
    const fields = scope.locator('input[autocomplete]:visible');
    let filled = 0;
    for (const field of await fields.all()) {
      const token = (await field.getAttribute('autocomplete')) ?? '';
      const value = values[token];
      if (value !== undefined && (await field.inputValue()) === '') {
        await field.fill(value);
        filled += 1;
      }
    }
    expect(filled, 'the browser found fields to fill in').toBeGreaterThan(0);
    this.clicks += 1;
    this.log.push(`click one autofill suggestion: ${filled} fields filled`);
  }
}

/** The guest's stay: a month ahead, arriving on `arrivalDay` for two nights, so journeys side by side never take each other's rooms. */
export interface JourneyStay {
  arrivalDay: number;
}

export interface JourneyContext {
  /** The page the guest is on; a fresh browser replaces it. */
  page: Page;
  /** The site language the guest reads; `say` gives the site's wording in it. */
  locale: JourneyLocale;
  say: Say;
  counter: ActionCounter;
  stay: JourneyStay;
  /** The guest's own address, so the demo mailbox shows only this journey's mails. */
  email: string;
  /** The reservation numbers the guest read on the confirmation. */
  reservationNumbers: string[];
  /** The same visitor in another browser, with none of this one's session. */
  openFreshBrowser: () => Promise<Page>;
}

/** The demo member who signs in with a password (server/db/seed/members.ts). */
const member = { email: 'anna.schmidt@example.com', password: 'Demo-Password-2026', givenName: 'Anna', familyName: 'Schmidt' };

const guestDetails = (email: string) => ({ 'given-name': 'Mia', 'family-name': 'Muster', email, tel: '+49 30 1234567' });
const savedCard = { 'cc-name': 'Mia Muster', 'cc-exp': '12/34' };
const cards = { good: '4242424242424242', declined: '4000000000000002', challenge: '4000000000003220' };

/** Where the guest wants to stay, as typed and as the suggestion reads in each language (server/db/seed/geography.ts). */
const destination: Record<JourneyLocale, { typed: string; city: string }> = { en: { typed: 'Berl', city: 'Berlin' }, ar: { typed: 'برل', city: 'برلين' } };
/** The standard rate the guest books, by the name the room page shows (server/db/seed/catalogue.ts). */
const flexibleRate: Record<JourneyLocale, string> = { en: 'Flexible Rate', ar: 'سعر مرن' };

const room = ({ page, say }: JourneyContext, number: number) => page.getByRole('region', { name: new RegExp(`^${literally(say('Room {number}', { number }))} `) });
const summary = ({ page }: JourneyContext) => page.getByRole('complementary').filter({ has: page.locator('#rooms-summary-title') });
const roomsChosen = ({ say }: JourneyContext, chosenCount: number) =>
  say('{roomCount, plural, one {{chosenCount} of # room chosen} other {{chosenCount} of # rooms chosen}}', { roomCount: 2, chosenCount });
const payButton = ({ page, say }: JourneyContext) =>
  page.getByRole('button', { name: new RegExp(`^(${literally(say('Book now'))}|${literally(say('Pay {payNow} now', { payNow: '\u0000' })).replace('\u0000', '.+')})$`) });
const cardForm = ({ page, say }: JourneyContext) => page.frameLocator(`iframe[title="${say('Card details')}"]`);
const mainGuest = ({ page, say }: JourneyContext) => page.getByRole('group', { name: new RegExp(literally(say('Main guest')), 'i') }).first();
const payingWith = ({ page, say }: JourneyContext, last4: string) =>
  page.getByText(new RegExp(literally(say('Paying with {0} ending in {1}.', { 0: '\u0000', 1: last4 })).replace('\u0000', '.*')));
const bookingConfirmed = ({ page, say }: JourneyContext) => page.getByRole('heading', { level: 1, name: say('Your booking is confirmed') });

/**
 * A day in the second of the two months the calendar shows, by the number on it (Latin digits in every
 * language, as the site writes booking dates).
 */
const calendarDay = (calendar: Locator, day: number) =>
  calendar
    .getByRole('grid')
    .last()
    .getByRole('button')
    .filter({ has: calendar.page().locator('.calendar__day').getByText(String(day), { exact: true }) });

async function enterCard(context: JourneyContext, number: string) {
  const { page, counter, say } = context;
  const card = page.getByRole('radio', { name: say('Credit or debit card') });
  // A person clicks the method only when it is not already the chosen one.
  if (!(await card.isChecked())) await counter.click(card);
  await expect(card).toBeChecked();
  // A member may have saved cards: a new one is chosen for the card typed in here.
  const newCard = page.getByRole('radio', { name: say('A new card') });
  await expect(newCard.or(page.locator(`iframe[title="${say('Card details')}"]`)).first()).toBeVisible({ timeout: 15_000 });
  if ((await newCard.isVisible()) && !(await newCard.isChecked())) await counter.click(newCard);
  // The provider's own form, in its own words: its fields by what they hold, its one button.
  const form = cardForm(context);
  await expect(form.locator('input[autocomplete="cc-number"]')).toBeVisible({ timeout: 15_000 });
  await counter.autofill(form, { ...savedCard, 'cc-number': number });
  // Browsers keep no security code: the guest types it.
  await counter.type(form.locator('input[autocomplete="cc-csc"]'), '123');
  await counter.click(form.locator('button[type="submit"]'));
  await expect(payingWith(context, number.slice(-4))).toBeVisible();
}

type StateName =
  | 'home'
  | 'searchReady'
  | 'results'
  | 'roomPage'
  | 'ratesChosen'
  | 'checkout'
  | 'memberCheckout'
  | 'memberDetailsFilled'
  | 'signedOutCheckout'
  | 'detailsFilled'
  | 'goodCardEntered'
  | 'declinedCardEntered'
  | 'challengeCardEntered'
  | 'paymentDeclined'
  | 'providerChallenge'
  | 'confirmation'
  | 'bookingFromMail'
  | 'bookingFound'
  | 'partlyCancelled';

/** What the guest sees in each state of the model. */
export const stateAssertions: Record<StateName, (context: JourneyContext) => Promise<void>> = {
  home: async ({ page, say }) => {
    await expect(page.getByRole('combobox', { name: say('Destination') })).toBeVisible();
  },
  searchReady: async ({ page, say, locale }) => {
    await expect(page.getByRole('combobox', { name: say('Destination') })).toHaveValue(destination[locale].city);
    await expect(page.getByRole('button', { name: new RegExp(literally(say('Rooms and guests'))) })).toContainText(
      say('{roomCount, plural, one {# room} other {# rooms}}', { roomCount: 2 }),
    );
  },
  results: async ({ page, say, locale }) => {
    await expect(page).toHaveURL(new RegExp(`/${locale}/find-a-hotel\\?`));
    const total = say('total for {nights, plural, one {# night} other {# nights}}, {roomCount, plural, one {# room} other {# rooms}}', { nights: 2, roomCount: 2 });
    await expect(page.getByText(total, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  },
  roomPage: async (context) => {
    await expect(context.page).toHaveURL(new RegExp(`/${context.locale}/booking/select-room-rate\\?`));
    await expect(summary(context)).toContainText(roomsChosen(context, 0));
  },
  ratesChosen: async (context) => {
    await expect(summary(context)).toContainText(roomsChosen(context, 2));
  },
  checkout: async (context) => {
    const { page, say, locale } = context;
    await expect(page).toHaveURL(new RegExp(`/${locale}/booking/check-out\\?`));
    await expect(mainGuest(context).getByLabel(say('First name'))).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: say('This is a member rate: sign in to book it') })).toHaveCount(0);
  },
  memberCheckout: async (context) => {
    const { page } = context;
    // Signed in: the member's own details fill the form, and the header offers to sign out.
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your membership' })).toContainText(member.givenName);
    await expect(mainGuest(context).getByLabel('First name')).toHaveValue(member.givenName, { timeout: 15_000 });
    await expect(mainGuest(context).getByLabel('Email address')).toHaveValue(member.email);
  },
  memberDetailsFilled: async ({ page }) => {
    const secondRoom = page.getByRole('group', { name: 'Room 2: main guest' });
    await expect(secondRoom.getByLabel('First name')).toHaveValue(member.givenName);
    await expect(secondRoom.getByLabel('Email address')).toHaveValue(member.email);
  },
  signedOutCheckout: async (context) => {
    const { page } = context;
    await expect(page.getByText(/You signed out, so your details and your member booking were removed from this page/).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The guest's form, empty, with the rooms chosen; nothing of the member on the screen: no name, no
    // address, no membership, no points to pay with, no member rate.
    await expect(mainGuest(context).getByLabel('First name')).toHaveValue('', { timeout: 15_000 });
    await expect(mainGuest(context).getByLabel('Email address')).toHaveValue('');
    await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your membership' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Reward points' })).toHaveCount(0);
    await expect(page.getByText('Member rate', { exact: true })).toHaveCount(0);
    const screen = await page.locator('body').innerText();
    expect(screen).not.toContain(member.email);
    expect(screen).not.toContain(member.familyName);
  },
  detailsFilled: async (context) => {
    await expect(mainGuest(context).getByLabel(context.say('First name'))).toHaveValue('Mia');
    await expect(mainGuest(context).getByLabel(context.say('Email address'))).toHaveValue(/@example\.com$/);
  },
  goodCardEntered: async (context) => {
    await expect(payingWith(context, '4242')).toBeVisible();
  },
  declinedCardEntered: async (context) => {
    await expect(payingWith(context, '0002')).toBeVisible();
  },
  challengeCardEntered: async (context) => {
    await expect(payingWith(context, '3220')).toBeVisible();
  },
  paymentDeclined: async (context) => {
    await expect(context.page.getByText(context.say('Your payment did not go through'))).toBeVisible({ timeout: 15_000 });
    // The booking and what the guest typed are kept.
    await expect(mainGuest(context).getByLabel(context.say('First name'))).toHaveValue('Mia');
  },
  providerChallenge: async ({ page }) => {
    await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible({ timeout: 15_000 });
  },
  confirmation: async (context) => {
    const { page } = context;
    await expect(page).toHaveURL(new RegExp(`/${context.locale}/booking/confirmation\\?order_id=`), { timeout: 15_000 });
    await expect(bookingConfirmed(context)).toBeVisible({ timeout: 15_000 });
    // One reservation per room; the guest notes the numbers.
    const numbers = page.locator('.booking-room__number');
    await expect(numbers).toHaveCount(2);
    context.reservationNumbers = (await numbers.allTextContents()).map((number) => number.trim());
  },
  bookingFromMail: async (context) => {
    const { page, reservationNumbers } = context;
    await expect(bookingConfirmed(context)).toBeVisible({ timeout: 15_000 });
    for (const number of reservationNumbers) await expect(page.getByText(number, { exact: true }).first()).toBeVisible();
  },
  bookingFound: async (context) => {
    const { page, reservationNumbers } = context;
    await expect(bookingConfirmed(context)).toBeVisible({ timeout: 15_000 });
    for (const number of reservationNumbers) await expect(page.getByText(number, { exact: true }).first()).toBeVisible();
  },
  partlyCancelled: async ({ page, reservationNumbers }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your booking is partly cancelled' })).toBeVisible({ timeout: 15_000 });
    const cancelledRoom = page.locator('article', { has: page.getByText(reservationNumbers[0] ?? '', { exact: true }) });
    await expect(cancelledRoom.getByText('Cancelled', { exact: true })).toBeVisible();
  },
};

/** What the guest does for each event of the model. */
export const eventDrivers: Record<GuestJourneyEvent['type'], (context: JourneyContext) => Promise<void>> = {
  FILL_SEARCH: async ({ page, counter, stay, say, locale }) => {
    // Where: typed, then the city chosen from the suggestions.
    const where = page.getByRole('combobox', { name: say('Destination') });
    await counter.type(where, destination[locale].typed);
    await counter.click(page.getByRole('option', { name: new RegExp(`^${destination[locale].city}`) }).first());
    await expect(where).toHaveValue(destination[locale].city);
    // When: in the calendar, in the second of the two months it shows.
    await counter.click(page.getByRole('button', { name: new RegExp(literally(say('Dates'))) }));
    const calendar = page.getByRole('application', { name: new RegExp(literally(say('Arrival and departure'))) });
    await expect(calendar).toBeVisible();
    await counter.click(calendarDay(calendar, stay.arrivalDay));
    await counter.click(calendarDay(calendar, stay.arrivalDay + 2));
    await expect(calendar).toBeHidden();
    // Who: two rooms, the second with a child of 5.
    await counter.click(page.getByRole('button', { name: new RegExp(literally(say('Rooms and guests'))) }));
    await counter.click(page.getByRole('button', { name: say('Add a room') }));
    await counter.click(page.getByRole('button', { name: say('Add a child to room {number}', { number: 2 }) }));
    await counter.choose(page.getByRole('group', { name: say('Rooms and guests') }).getByLabel(say('Age of child {0}', { 0: 1 })), '5');
    // No "Done" where Search is in sight: the panel closes when the guest presses Search. Where the panel
    // covers it (a phone), "Done" closes the panel first.
    const [panel, search] = await Promise.all([
      page.getByRole('group', { name: say('Rooms and guests') }).boundingBox(),
      page.getByRole('button', { name: say('Search'), exact: true }).boundingBox(),
    ]);
    const covered = Boolean(
      panel && search && panel.x < search.x + search.width && search.x < panel.x + panel.width && panel.y < search.y + search.height && search.y < panel.y + panel.height,
    );
    if (covered) await counter.click(page.getByRole('button', { name: say('Done'), exact: true }));
  },
  SEARCH: async ({ page, counter, say }) => {
    await counter.click(page.getByRole('button', { name: say('Search'), exact: true }));
  },
  CHOOSE_HOTEL: async ({ page, counter, say }) => {
    const hotel = page
      .locator('.result-card')
      .filter({ has: page.getByRole('link', { name: say('Choose a room') }) })
      .first();
    await counter.click(hotel.getByRole('link', { name: say('Choose a room') }));
  },
  SELECT_STANDARD_RATES: async (context) => {
    const { page, counter, say, locale } = context;
    for (const number of [1, 2]) {
      // A standard rate (no member badge): the flexible one, paid at the hotel and free to cancel.
      const rate = room(context, number)
        .locator('[data-rate]')
        .filter({ hasNotText: say('Member rate') })
        .filter({ has: page.getByText(flexibleRate[locale], { exact: true }) })
        .first();
      await counter.click(rate.getByRole('button', { name: say('Select'), exact: true }));
      await expect(rate.getByRole('button', { name: say('Selected') })).toBeVisible();
    }
  },
  CONTINUE_TO_PAYMENT: async (context) => {
    await context.counter.click(summary(context).getByRole('link', { name: context.say('Continue to payment') }));
  },
  AUTOFILL_DETAILS: async ({ page, counter, email }) => {
    await counter.autofill(page, guestDetails(email));
  },
  SIGN_IN_AS_MEMBER: async ({ page, counter }) => {
    // With the header's sign-in, as on any page; the check-out page stays where it was.
    await counter.click(page.getByRole('banner').getByRole('button', { name: 'Sign in' }));
    const signIn = page.getByRole('dialog');
    await counter.type(signIn.getByLabel('Email address'), member.email);
    await counter.type(signIn.getByLabel('Password'), member.password);
    await counter.click(signIn.getByRole('button', { name: 'Sign in', exact: true }));
    await expect(signIn).toBeHidden();
  },
  SAME_GUEST_IN_EVERY_ROOM: async ({ page, counter }) => {
    await counter.click(page.getByRole('group', { name: 'Room 2: main guest' }).getByRole('button', { name: 'Same guest as room 1' }));
  },
  SIGN_OUT: async ({ page, counter }) => {
    await counter.click(page.getByRole('button', { name: 'Sign out' }));
  },
  ENTER_GOOD_CARD: (context) => enterCard(context, cards.good),
  ENTER_DECLINED_CARD: (context) => enterCard(context, cards.declined),
  ENTER_3DS_CARD: (context) => enterCard(context, cards.challenge),
  PAY: async (context) => {
    await context.counter.click(payButton(context));
  },
  COMPLETE_AUTHENTICATION: async ({ page, counter }) => {
    await counter.click(page.getByRole('button', { name: 'Complete authentication' }));
  },
  OPEN_MAIL_LINK_IN_FRESH_BROWSER: async (context) => {
    const { counter, email } = context;
    // The guest's mail, read as a person reads it: in the demo mailbox, in another browser.
    const mailbox = await context.openFreshBrowser();
    await mailbox.goto('/bff/dev/mailbox');
    await expect(mailbox.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
    await counter.type(mailbox.getByRole('textbox', { name: 'Email address' }), email);
    await counter.click(mailbox.getByRole('button', { name: 'Show' }));
    const mail = mailbox.getByRole('article').filter({ hasText: 'Booking confirmation' }).first();
    await counter.click(mail.getByRole('link', { name: /Open the HTML mail/ }));
    await counter.click(mailbox.getByRole('link', { name: 'Open your booking' }));
    await mailbox.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    context.page = mailbox;
  },
  FIND_BOOKING_IN_FRESH_BROWSER: async (context) => {
    const { counter, reservationNumbers } = context;
    const guest = await context.openFreshBrowser();
    await guest.goto('/en/');
    await counter.click(guest.getByRole('banner').getByRole('link', { name: 'Manage my booking' }));
    await expect(guest.getByRole('heading', { level: 1, name: 'Find your booking' })).toBeVisible();
    await counter.type(guest.getByLabel('Reservation number'), reservationNumbers[0] ?? '');
    await counter.type(guest.getByLabel('Last name or email address'), 'Muster');
    await counter.click(guest.getByRole('button', { name: 'Find booking' }));
    context.page = guest;
  },
  CANCEL_ONE_ROOM: async ({ page, counter, reservationNumbers }) => {
    const firstRoom = page.locator('article', { has: page.getByText(reservationNumbers[0] ?? '', { exact: true }) });
    await counter.click(firstRoom.getByRole('button', { name: 'Cancel reservation' }));
    await counter.click(page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }));
  },
};
