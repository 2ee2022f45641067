import { DEMO_STAYS } from '../server/db/seed/stays';
import { siteText } from './booking-journey';
import { chooseBerlin, expect, openFirstHotelRooms, type Page, test } from './fixtures';

/*
 * Online check-in as guests live it. A guest books a room for the first night the home page offers (today,
 * or tomorrow from the evening on: both inside the days before arrival when online check-in is open, so the
 * pre-arrival mail goes out with the booking), reads the mail "Check in online" in the demo mailbox, follows
 * it, registers as a foreign guest with a travel document, leaves a card that asks for 3-D Secure, passes
 * it, and sees the confirmation with its QR code; the confirmation mail arrives too. Another guest comes
 * from "Manage my booking" to the lookup and the form; and the form in Arabic on a phone reads right to
 * left. Links are followed by clicking them.
 */

/** A page of the site opened by a click: it responds once the app has taken it over. */
async function appReady(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** From the home page: Berlin on the offered dates, the first hotel, its flexible rate, paid by card as a guest. Answers the reservation number. */
async function bookAsGuest(page: Page, guest: { firstName: string; lastName: string; email: string }): Promise<string> {
  await page.goto('/en/');
  await chooseBerlin(page);
  await openFirstHotelRooms(page);
  const flexible = page
    .locator('.rate')
    .filter({ has: page.getByText('Flexible Rate', { exact: true }) })
    .first();
  await flexible.getByRole('button', { name: 'Select' }).click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/en\/booking\/check-out\?/);
  const main = page.getByRole('group', { name: /main guest/i }).first();
  await expect(main.getByLabel('First name')).toBeVisible({ timeout: 15_000 });
  await main.getByLabel('First name').fill(guest.firstName);
  await main.getByLabel('Last name').fill(guest.lastName);
  await main.getByLabel('Email address').fill(guest.email);
  const method = page.getByRole('radio', { name: 'Credit or debit card' });
  await method.click();
  await expect(method).toBeChecked();
  const form = page.frameLocator('iframe[title="Card details"]');
  await form.getByLabel('Name on card').fill(`${guest.firstName} ${guest.lastName}`);
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: 'Use this card' }).click();
  await expect(page.getByText(/Paying with .* ending in 4242\./)).toBeVisible();
  await page.getByRole('button', { name: /^(Book now|Pay .+ now)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeVisible({ timeout: 15_000 });
  return ((await page.locator('.booking-room__number').first().textContent()) ?? '').trim();
}

/** The demo mailbox with the mails of one address. */
async function openMailbox(page: Page, email: string) {
  await page.goto('/bff/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Show' }).click();
}

test('a guest books a room, checks in from the pre-arrival mail as a foreign guest, passes 3-D Secure and gets the QR code and the mail', async ({ page, context }) => {
  // A booking, the mailbox and the check-in with a bank's page: several journeys' time on a busy machine (a limit that only catches hangs).
  test.setTimeout(120_000);
  const email = `mia.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const reservation = await bookAsGuest(page, { firstName: 'Mia', lastName: 'Muster', email });
  expect(reservation).not.toBe('');

  // The pre-arrival mail, read in the demo mailbox, and its link followed.
  const mailbox = await context.newPage();
  await openMailbox(mailbox, email);
  const invitation = mailbox.getByRole('article', { name: /^Check in online for your stay at / }).first();
  await expect(invitation).toBeVisible();
  await invitation.getByRole('link', { name: /\/en\/checkin\/personal-details\?token=/ }).first().click();
  await appReady(mailbox);
  const checkin = mailbox;

  // The registration: the mail's token has left the address; the in-house theme; the steps.
  await expect(checkin.getByRole('heading', { level: 2, name: 'Your registration' })).toBeVisible({ timeout: 15_000 });
  await expect(checkin).toHaveURL(/\/en\/checkin\/personal-details\?checkin_id=/);
  expect(checkin.url()).not.toContain('token=');
  await expect(checkin.locator('.site')).toHaveAttribute('data-theme', 'product');
  await expect(checkin.getByRole('navigation', { name: 'Check-in steps' }).locator('[aria-current="step"]')).toContainText('Your details');
  await expect(checkin.getByText(reservation, { exact: true })).toBeVisible();
  await expect(checkin.getByLabel('First name')).toHaveValue('Mia');

  // Going on with nothing filled in names what is missing.
  await checkin.getByRole('button', { name: 'Continue to the card guarantee' }).click();
  await expect(checkin.getByRole('alert').filter({ hasText: 'Please check these details:' })).toBeFocused();
  await expect(checkin.getByText('Enter your date of birth.')).toBeVisible();

  // As a guest from the United Kingdom: the travel document is asked for.
  await checkin.getByLabel('Date of birth').fill('1990-04-12');
  await checkin.getByLabel('Nationality').selectOption({ label: 'United Kingdom' });
  await checkin.getByLabel('Street and house number').fill('1 High Street');
  await checkin.getByLabel('Postal code').fill('SW1A 1AA');
  await checkin.getByLabel('City').fill('London');
  await checkin.getByLabel('Country of residence').selectOption({ label: 'United Kingdom' });
  await checkin.getByLabel('Passport or identity card number').fill('C01X00T47');
  await checkin.getByLabel('Expected arrival time').fill('15:00');
  await checkin.getByLabel('Leisure').check();
  await checkin.getByRole('button', { name: 'Continue to the card guarantee' }).click();

  // The card guarantee, with a card whose bank asks for 3-D Secure.
  await expect(checkin.getByRole('heading', { level: 2, name: 'Card guarantee' })).toBeVisible({ timeout: 15_000 });
  await expect(checkin.getByText('Held on your card')).toBeVisible();
  const form = checkin.frameLocator('iframe[title="Card details"]');
  await form.getByLabel('Name on card').fill('Mia Muster');
  await form.getByLabel('Card number').fill('4000000000003220');
  await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: 'Use this card' }).click();
  await expect(checkin.getByText(/Paying with .* ending in 3220\./)).toBeVisible();
  await checkin.getByRole('button', { name: 'Confirm and check in' }).click();

  // The bank's page, then back on the check-in page: checked in, with the QR code for the front desk.
  await expect(checkin.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible({ timeout: 15_000 });
  await checkin.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(checkin.getByRole('heading', { level: 2, name: 'You are checked in online' })).toBeVisible({ timeout: 15_000 });
  await expect(checkin.getByRole('img', { name: /^QR code of check-in confirmation / })).toBeVisible();
  await expect(checkin.getByRole('navigation', { name: 'Check-in steps' }).locator('[aria-current="step"]')).toContainText('Checked in');

  // The confirmation mail is in the mailbox too.
  const confirmationMailbox = await context.newPage();
  await openMailbox(confirmationMailbox, email);
  await expect(confirmationMailbox.getByRole('article', { name: /^You are checked in online: / }).first()).toBeVisible();
});

test('a guest goes from “Manage my booking” to the check-in lookup and on to the registration form', async ({ page }) => {
  const { reservationNumber, lastName } = DEMO_STAYS.guestArriving;
  await page.goto('/en/');
  await page.getByRole('banner').getByRole('link', { name: 'Manage my booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find your booking' })).toBeVisible();
  await page.getByRole('link', { name: 'Check in online' }).click();
  await appReady(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Check in online: reservation number and last name' })).toBeVisible();
  // A wrong name first: said at the lookup, and what was typed stays.
  await page.getByLabel('Reservation number').fill(reservationNumber.toLowerCase());
  await page.getByLabel('Last name').fill('Nowak');
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not find a booking with these details.');
  await expect(page.getByLabel('Reservation number')).toHaveValue(reservationNumber.toLowerCase());
  await page.getByLabel('Last name').fill(lastName);
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your registration' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Last name')).toHaveValue(lastName);
  await expect(page).toHaveURL(/\/en\/checkin\/personal-details\?checkin_id=/);
});

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the check-in form reads right to left and fits the screen', async ({ page }) => {
    const { reservationNumber, lastName } = DEMO_STAYS.guestLater;
    await page.goto('/ar/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('banner').getByRole('link', { name: siteText('ar', 'Manage my booking') }).click();
    // The page's own links and fields, by what they are (their words are the catalog's once translated).
    await page.locator('main a[href="/ar/checkin/personal-details"]').click();
    await appReady(page);
    await page.locator('input[name="reservation_number"]').fill(reservationNumber);
    await page.locator('input[name="last_name"]').fill(lastName);
    await page.locator('form.checkin-form button[type="submit"]').click();
    const birth = page.locator('input[name="date_of_birth"]');
    await expect(birth).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[aria-current="step"]')).toBeVisible();
    // Right to left: the form starts at the right edge, and nothing runs wider than the phone.
    const field = await page.locator('input[name="first_name"]').boundingBox();
    expect(field).not.toBeNull();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect((field?.x ?? 0) + (field?.width ?? 0)).toBeGreaterThan(width / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});
