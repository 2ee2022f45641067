import { checkoutPageArrived } from './booking-journey';
import { chooseBerlin, expect, openFirstHotelRooms, type Page, test } from './fixtures';

/*
 * Paying for a stay with the methods besides a plain card, as guests live it. Each guest books a room of
 * their own from the home page for the first night it offers (today, or tomorrow from the evening on:
 * inside the days online check-in is open, and among the arrivals the demo hotel desk lists). One checks
 * in from the pre-arrival mail and guarantees the stay with PayPal, approving it at PayPal's page and
 * coming back to the check-in page. Two more are handed their key at the demo hotel desk and check out
 * from their room card's link: one pays the bill with a card whose bank asks for 3-D Secure, the other
 * with iDEAL; both come back to the bill page, which checks them out. No seeded demo stay is used, and no
 * address is built from data: links and buttons are clicked.
 */

interface Guest {
  firstName: string;
  lastName: string;
  email: string;
}

/** A guest no other journey (or an earlier run) books as: the mailbox and the desk show only theirs. */
function newGuest(firstName: string, lastName: string): Guest {
  return { firstName, lastName, email: `${firstName.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@example.com` };
}

const fullName = (guest: Guest) => `${guest.firstName} ${guest.lastName}`;

/** A page of the site opened by a click: it responds once the app has taken it over. */
async function appReady(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** The provider's hosted card form, filled with a test card and handed to the page. */
async function enterCard(page: Page, holder: string, number: string) {
  const form = page.frameLocator('iframe[title="Card details"]');
  await form.getByLabel('Name on card').fill(holder);
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: 'Use this card' }).click();
  await expect(page.getByText(new RegExp(`Paying with .* ending in ${number.slice(-4)}\\.`))).toBeVisible();
}

/**
 * From the home page: Berlin on the dates it offers, the first hotel, its flexible rate (paid at the
 * hotel, so the bill is open at check-out), booked as a guest with a card. Answers the reservation number.
 */
async function bookFirstNight(page: Page, guest: Guest): Promise<string> {
  await page.goto('/en/');
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
  await enterCard(page, fullName(guest), '4242424242424242');
  await page.getByRole('button', { name: /^(Book now|Pay .+ now)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeVisible({ timeout: 15_000 });
  const reservation = ((await page.locator('.booking-room__number').first().textContent()) ?? '').trim();
  expect(reservation).not.toBe('');
  return reservation;
}

/** The demo mailbox page (a page of the BFF, not of the app: reached without waiting for the app). */
async function openMailbox(page: Page) {
  await page.evaluate(() => window.location.assign('/bff/dev/mailbox'));
  await expect(page.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
}

/** The demo mailbox showing one address's mails. */
async function readMail(page: Page, email: string) {
  await openMailbox(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Show' }).click();
}

/** The guest's stay at the demo hotel desk, reached from the mailbox page's link. */
async function stayAtDesk(page: Page, guest: Guest, reservation: string) {
  await openMailbox(page);
  await page.getByRole('link', { name: 'demo hotel desk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo hotel desk' })).toBeVisible();
  return page.getByRole('article', { name: `${fullName(guest)}, ${reservation}` });
}

/** Hands over the key to the guest at the desk, then follows the link of their room's card to the bill, and on to paying it. */
async function checkInAtDeskAndOpenPayment(page: Page, guest: Guest, reservation: string) {
  const arriving = await stayAtDesk(page, guest, reservation);
  await arriving.getByRole('button', { name: /^Hand over the key/ }).click();
  await expect(page.getByText('The key was handed over: the guest is in house.')).toBeVisible();
  // The card in the room: its link stands in for the QR code.
  await page
    .getByRole('article', { name: `${fullName(guest)}, ${reservation}` })
    .getByRole('link', { name: /^Check out online/ })
    .click();
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your bill' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/en\/checkout\/folio\?checkout_id=/);
  await page.getByRole('button', { name: 'Continue to invoice addresses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice addresses' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay your bill' })).toBeVisible();
}

/** Back from the provider on the bill page: the bill is paid and the guest checked out. */
async function expectCheckedOut(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'You’re checked out' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/en\/checkout\/folio\?/);
  await expect(page.getByRole('button', { name: 'Download the private invoice (PDF)' })).toBeVisible();
}

test('a guest books a room for today, checks in from the pre-arrival mail and guarantees the stay with PayPal', async ({ page }) => {
  // A booking, the mailbox and the check-in with PayPal's page: several journeys' time on a busy machine (a limit that only catches hangs).
  test.setTimeout(120_000);
  const guest = newGuest('Noor', 'Vermeulen');
  const reservation = await bookFirstNight(page, guest);

  // The pre-arrival mail, read in the demo mailbox, and its link followed.
  await readMail(page, guest.email);
  const invitation = page.getByRole('article', { name: /^Check in online for your stay at / }).first();
  await expect(invitation).toBeVisible();
  await invitation.getByRole('link', { name: /\/en\/checkin\/personal-details\?token=/ }).first().click();
  await appReady(page);

  // The registration, as a guest from the Netherlands (a travel document is asked for).
  await expect(page.getByRole('heading', { level: 2, name: 'Your registration' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(reservation, { exact: true })).toBeVisible();
  await page.getByLabel('Date of birth').fill('1988-06-03');
  await page.getByLabel('Nationality').selectOption({ label: 'Netherlands' });
  await page.getByLabel('Street and house number').fill('Prinsengracht 263');
  await page.getByLabel('Postal code').fill('1016 GV');
  await page.getByLabel('City').fill('Amsterdam');
  await page.getByLabel('Country of residence').selectOption({ label: 'Netherlands' });
  await page.getByLabel('Passport or identity card number').fill('NX4R81C26');
  await page.getByLabel('Expected arrival time').fill('16:30');
  await page.getByLabel('Leisure').check();
  await page.getByRole('button', { name: 'Continue to the card guarantee' }).click();

  // The guarantee with PayPal instead of a card: no card form, and where the guest goes next.
  await expect(page.getByRole('heading', { level: 2, name: 'Card guarantee' })).toBeVisible({ timeout: 15_000 });
  const paypal = page.getByRole('radio', { name: 'PayPal' });
  await paypal.click();
  await expect(paypal).toBeChecked();
  await expect(page.locator('iframe[title="Card details"]')).toHaveCount(0);
  await expect(page.getByText('After you confirm, you continue at PayPal to approve the payment, then come back here.')).toBeVisible();
  await expect(page.getByText('Reserved with PayPal')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and check in' }).click();

  // PayPal's page, then back on the check-in page: checked in, with the QR code for the front desk.
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with PayPal' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'You are checked in online' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/en\/checkin\/personal-details\?checkin_id=/);
  await expect(page.getByRole('img', { name: /^QR code of check-in confirmation / })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Check-in steps' }).locator('[aria-current="step"]')).toContainText('Checked in');
});

test('a guest in house pays the bill with a card that asks for 3-D Secure, passes it and is checked out back on the bill page', async ({ page }) => {
  test.setTimeout(120_000);
  const guest = newGuest('Tomasz', 'Wiśniewski');
  const reservation = await bookFirstNight(page, guest);
  await checkInAtDeskAndOpenPayment(page, guest, reservation);

  const card = page.getByRole('radio', { name: 'Credit or debit card' });
  await card.click();
  await expect(card).toBeChecked();
  await enterCard(page, fullName(guest), '4000000000003220');
  await page.getByRole('button', { name: /^Pay .* and check out$/ }).click();

  // The bank's page, then back on the bill page, which checks the guest out.
  await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expectCheckedOut(page);
});

test('a guest in house pays the bill with iDEAL, approves it at the bank’s page and is checked out back on the bill page', async ({ page }) => {
  test.setTimeout(120_000);
  const guest = newGuest('Sanne', 'de Boer');
  const reservation = await bookFirstNight(page, guest);
  await checkInAtDeskAndOpenPayment(page, guest, reservation);

  // Every method the booking offers: Apple Pay and iDEAL besides card and PayPal.
  const methods = page.getByRole('group', { name: 'Payment method' });
  await expect(methods.getByRole('radio')).toHaveCount(4);
  await expect(methods.getByRole('radio', { name: 'Apple Pay' })).toBeVisible();
  const ideal = methods.getByRole('radio', { name: 'iDEAL' });
  await ideal.click();
  await expect(ideal).toBeChecked();
  await expect(page.getByText('After you confirm, you continue at iDEAL to approve the payment, then come back here.')).toBeVisible();
  await page.getByRole('button', { name: /^Pay .* and check out$/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Pay with iDEAL' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expectCheckedOut(page);
});
