import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { GuestJourneyEvent } from './guest-journey.model';

/**
 * How the guest-journey model meets the real site: for each state what the guest must see, for each
 * event what the guest does, only by clicking and typing on what the page shows (roles and labels), from
 * the home page on. Every action goes through a counter, so a journey can say what it cost the guest.
 */

/** Counts what a person does: a click (or a tap, or one browser autofill) and each key typed. */
export class ActionCounter {
  clicks = 0;
  keystrokes = 0;

  async click(target: Locator): Promise<void> {
    await target.click();
    this.clicks += 1;
  }

  /** Typed text: one keystroke per character. */
  async type(target: Locator, text: string): Promise<void> {
    await target.fill(text);
    this.keystrokes += text.length;
  }

  /** A native list: one click opens it, one chooses. */
  async choose(target: Locator, value: string): Promise<void> {
    await target.selectOption(value);
    this.clicks += 2;
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
  }
}

/** The guest's stay: a month ahead, arriving on `arrivalDay` for two nights, so journeys side by side never take each other's rooms. */
export interface JourneyStay {
  arrivalDay: number;
}

export interface JourneyContext {
  /** The page the guest is on; a fresh browser replaces it. */
  page: Page;
  counter: ActionCounter;
  stay: JourneyStay;
  /** The guest's own address, so the demo mailbox shows only this journey's mails. */
  email: string;
  /** The reservation numbers the guest read on the confirmation. */
  reservationNumbers: string[];
  /** The same visitor in another browser, with none of this one's session. */
  openFreshBrowser: () => Promise<Page>;
}

const guestDetails = (email: string) => ({ 'given-name': 'Mia', 'family-name': 'Muster', email, tel: '+49 30 1234567' });
const savedCard = { 'cc-name': 'Mia Muster', 'cc-exp': '12/34' };
const cards = { good: '4242424242424242', declined: '4000000000000002', challenge: '4000000000003220' };

const room = (page: Page, number: number) => page.getByRole('region', { name: new RegExp(`^Room ${number} `) });
const summary = (page: Page) => page.getByRole('complementary', { name: /rooms? chosen/ });
const payButton = (page: Page) => page.getByRole('button', { name: /^(Book now|Pay .+ now)$/ });
const cardForm = (page: Page) => page.frameLocator('iframe[title="Card details"]');
const mainGuest = (page: Page) => page.getByRole('group', { name: /main guest/i }).first();

/** A day in the calendar: days read "Sunday, 10 January 2027"; the last month shown holds the ones wanted. */
const calendarDay = (calendar: Locator, day: number) => calendar.getByRole('button', { name: new RegExp(`^\\w+, ${day} \\w+ \\d{4}`) }).last();

async function enterCard(context: JourneyContext, number: string) {
  const { page, counter } = context;
  const card = page.getByRole('radio', { name: 'Credit or debit card' });
  // A person clicks the method only when it is not already the chosen one.
  if (!(await card.isChecked())) await counter.click(card);
  await expect(card).toBeChecked();
  const form = cardForm(page);
  await expect(form.getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  await counter.autofill(form, { ...savedCard, 'cc-number': number });
  // Browsers keep no security code: the guest types it.
  await counter.type(form.getByLabel('Security code (CVC)'), '123');
  await counter.click(form.getByRole('button', { name: 'Use this card' }));
  await expect(page.getByText(/Paying with .* ending in \d{4}\./)).toBeVisible();
}

type StateName =
  | 'home'
  | 'searchReady'
  | 'results'
  | 'roomPage'
  | 'ratesChosen'
  | 'checkout'
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
  home: async ({ page }) => {
    await expect(page.getByRole('combobox', { name: 'Destination' })).toBeVisible();
  },
  searchReady: async ({ page }) => {
    await expect(page.getByRole('combobox', { name: 'Destination' })).toHaveValue('Berlin');
    await expect(page.getByRole('button', { name: /Rooms and guests/ })).toContainText(/2 rooms/);
  },
  results: async ({ page }) => {
    await expect(page).toHaveURL(/\/en\/find-a-hotel\?/);
    await expect(page.getByText('per night for 2 rooms', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  },
  roomPage: async ({ page }) => {
    await expect(page).toHaveURL(/\/en\/booking\/select-room-rate\?/);
    await expect(summary(page)).toContainText('0 of 2 rooms chosen');
  },
  ratesChosen: async ({ page }) => {
    await expect(summary(page)).toContainText('2 of 2 rooms chosen');
  },
  checkout: async ({ page }) => {
    await expect(page).toHaveURL(/\/en\/booking\/check-out\?/);
    await expect(mainGuest(page).getByLabel('First name')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'This is a member rate: sign in to book it' })).toHaveCount(0);
  },
  detailsFilled: async ({ page }) => {
    await expect(mainGuest(page).getByLabel('First name')).toHaveValue('Mia');
    await expect(mainGuest(page).getByLabel('Email address')).toHaveValue(/@example\.com$/);
  },
  goodCardEntered: async ({ page }) => {
    await expect(page.getByText(/Paying with .* ending in 4242\./)).toBeVisible();
  },
  declinedCardEntered: async ({ page }) => {
    await expect(page.getByText(/Paying with .* ending in 0002\./)).toBeVisible();
  },
  challengeCardEntered: async ({ page }) => {
    await expect(page.getByText(/Paying with .* ending in 3220\./)).toBeVisible();
  },
  paymentDeclined: async ({ page }) => {
    await expect(page.getByText('Your payment did not go through')).toBeVisible({ timeout: 15_000 });
    // The booking and what the guest typed are kept.
    await expect(mainGuest(page).getByLabel('First name')).toHaveValue('Mia');
  },
  providerChallenge: async ({ page }) => {
    await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible({ timeout: 15_000 });
  },
  confirmation: async (context) => {
    const { page } = context;
    await expect(page).toHaveURL(/\/en\/booking\/confirmation\?order_id=/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeVisible({ timeout: 15_000 });
    // One reservation per room; the guest notes the numbers.
    const numbers = page.locator('.booking-room__number');
    await expect(numbers).toHaveCount(2);
    context.reservationNumbers = (await numbers.allTextContents()).map((number) => number.trim());
  },
  bookingFromMail: async ({ page, reservationNumbers }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeVisible({ timeout: 15_000 });
    for (const number of reservationNumbers) await expect(page.getByText(number, { exact: true }).first()).toBeVisible();
  },
  bookingFound: async ({ page, reservationNumbers }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeVisible({ timeout: 15_000 });
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
  FILL_SEARCH: async ({ page, counter, stay }) => {
    // Where: typed, then the city chosen from the suggestions.
    const destination = page.getByRole('combobox', { name: 'Destination' });
    await counter.type(destination, 'Berl');
    await counter.click(page.getByRole('option', { name: /^Berlin/ }).first());
    await expect(destination).toHaveValue('Berlin');
    // When: in the calendar, a month ahead.
    await counter.click(page.getByRole('button', { name: /Dates/ }));
    const calendar = page.getByRole('application', { name: /Arrival and departure/ });
    await expect(calendar).toBeVisible();
    await counter.click(calendar.getByRole('button', { name: 'Next month' }));
    await counter.click(calendarDay(calendar, stay.arrivalDay));
    await counter.click(calendarDay(calendar, stay.arrivalDay + 2));
    await expect(calendar).toBeHidden();
    // Who: two rooms, the second with a child of 5.
    await counter.click(page.getByRole('button', { name: /Rooms and guests/ }));
    await counter.click(page.getByRole('button', { name: 'Add a room' }));
    await counter.click(page.getByRole('button', { name: 'Add a child to room 2' }));
    await counter.choose(page.getByRole('group', { name: 'Rooms and guests' }).getByLabel('Age of child 1'), '5');
    await counter.click(page.getByRole('button', { name: 'Done' }));
  },
  SEARCH: async ({ page, counter }) => {
    await counter.click(page.getByRole('button', { name: 'Search', exact: true }));
  },
  CHOOSE_HOTEL: async ({ page, counter }) => {
    const hotel = page
      .locator('.result-card')
      .filter({ has: page.getByRole('link', { name: 'Choose a room' }) })
      .first();
    await counter.click(hotel.getByRole('link', { name: 'Choose a room' }));
  },
  SELECT_STANDARD_RATES: async ({ page, counter }) => {
    for (const number of [1, 2]) {
      // A standard rate (no member badge): the flexible one, paid at the hotel and free to cancel.
      const rate = room(page, number)
        .locator('[data-rate]')
        .filter({ hasNotText: /Member rate/ })
        .filter({ has: page.getByText('Flexible Rate', { exact: true }) })
        .first();
      await counter.click(rate.getByRole('button', { name: 'Select', exact: true }));
      await expect(rate.getByRole('button', { name: 'Selected' })).toBeVisible();
    }
  },
  CONTINUE_TO_PAYMENT: async ({ page, counter }) => {
    await counter.click(summary(page).getByRole('link', { name: 'Continue to payment' }));
  },
  AUTOFILL_DETAILS: async ({ page, counter, email }) => {
    await counter.autofill(page, guestDetails(email));
  },
  ENTER_GOOD_CARD: (context) => enterCard(context, cards.good),
  ENTER_DECLINED_CARD: (context) => enterCard(context, cards.declined),
  ENTER_3DS_CARD: (context) => enterCard(context, cards.challenge),
  PAY: async ({ page, counter }) => {
    await counter.click(payButton(page));
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
    await counter.type(mailbox.getByLabel('Email address'), email);
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
