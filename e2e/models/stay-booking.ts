import type { Page } from '@playwright/test';
import { checkoutPageArrived } from '../booking-journey';
import { chooseBerlin, expect, openFirstHotelRooms } from '../fixtures';

/**
 * Booking a stay of one's own from the home page, as the journeys that need a stay no other journey uses
 * do (the check-in from the pre-arrival mail, the checkout of a guest who booked on the site): Berlin on
 * the dates the home page offers, whose first night is today (or tomorrow from the evening on), inside
 * the days online check-in is open and among the arrivals the demo hotel desk lists.
 */

/** The guest who books: a new address on every journey, so the demo mailbox and the desk show only this journey's. */
export interface BookingGuest {
  firstName: string;
  lastName: string;
  email: string;
}

export function newGuest(firstName: string, lastName: string): BookingGuest {
  return { firstName, lastName, email: `${firstName.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@example.com` };
}

export const fullName = (guest: BookingGuest) => `${guest.firstName} ${guest.lastName}`;

/** The bundled test payment provider's cards: one its bank accepts at once, one whose bank asks for 3-D Secure. */
export const TEST_CARDS = {
  accepted: { number: '4242424242424242', last4: '4242' },
  asksFor3DSecure: { number: '4000000000003220', last4: '3220' },
} as const;

/** The provider's hosted card form, in its own words, filled with a test card and handed to the page. */
export async function enterCard(page: Page, holder: string, number: string): Promise<void> {
  const form = page.frameLocator('iframe[title="Card details"]');
  await form.getByLabel('Name on card').fill(holder);
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: 'Use this card' }).click();
}

/**
 * From the home page: Berlin on the offered dates, the first hotel, its flexible rate (paid at the hotel,
 * so the bill is open at check-out), booked as a guest with a card. Answers the reservation number.
 */
export async function bookFirstNightOffered(page: Page, guest: BookingGuest): Promise<string> {
  await chooseBerlin(page);
  await openFirstHotelRooms(page);
  await page
    .locator('.rate')
    .filter({ has: page.getByText('Flexible Rate', { exact: true }) })
    .first()
    .getByRole('button', { name: 'Select' })
    .click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await checkoutPageArrived(page, 'en');
  const mainGuest = page.getByRole('group', { name: /main guest/i }).first();
  await mainGuest.getByLabel('First name').fill(guest.firstName);
  await mainGuest.getByLabel('Last name').fill(guest.lastName);
  await mainGuest.getByLabel('Email address').fill(guest.email);
  const card = page.getByRole('radio', { name: 'Credit or debit card' });
  await card.click();
  await expect(card).toBeChecked();
  await enterCard(page, fullName(guest), TEST_CARDS.accepted.number);
  await expect(page.getByText(new RegExp(`Paying with .* ending in ${TEST_CARDS.accepted.last4}\\.`))).toBeVisible();
  await page.getByRole('button', { name: /^(Book now|Pay .+ now)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeVisible({ timeout: 15_000 });
  const reservation = ((await page.locator('.booking-room__number').first().textContent()) ?? '').trim();
  expect(reservation).not.toBe('');
  return reservation;
}
