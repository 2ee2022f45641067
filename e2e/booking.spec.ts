import type { APIRequestContext, FrameLocator } from '@playwright/test';
import { checkoutPath, findBookableStay, guestRateOfType, isoDayAhead } from '../test/booking/bookable-stay';
import type { BffJson, OfferedRate } from '../test/booking/bookable-stay';
import { expect, openFirstHotelRooms, type Page, pickCalendarDay, test } from './fixtures';

/**
 * The booking journey against the real BFF and the bundled test payment provider (its hosted card form,
 * 3-D Secure challenge and PayPal approval pages are served under /psp by the same server). Each test
 * books its own dates, so journeys running side by side never take each other's rooms. A guest's card
 * booking, a declined card then a good one, and 3-D Secure are generated from the model of what a guest
 * sees (e2e/guest-journeys.spec.ts).
 */

const PASSWORD_MEMBER = 'anna.schmidt@example.com';
const DEMO_PASSWORD = 'Demo-Password-2026';

/** The BFF's JSON through the test's request context (null for an answer that is not OK). */
function bffOf(request: APIRequestContext): BffJson {
  return async (path, body) => {
    const answer = body === undefined ? await request.get(path) : await request.post(path, { data: body });
    return answer.ok() ? ((await answer.json()) as unknown) : null;
  };
}

const findStay = (request: APIRequestContext, wanted: (offered: OfferedRate) => boolean, daysAhead: number) => findBookableStay(bffOf(request), wanted, daysAhead);

async function fillGuest(page: Page, email = 'mia.muster@example.com') {
  const guest = page.getByRole('group', { name: /main guest/i }).first();
  await guest.getByLabel('First name').fill('Mia');
  await guest.getByLabel('Last name').fill('Muster');
  await guest.getByLabel('Email address').fill(email);
}

/** The text of the newest mail of a kind to an address, waiting for it to arrive (the development outbox). */
async function latestMailText(request: APIRequestContext, to: string, kind: string): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/bff/dev/outbox?to=${encodeURIComponent(to)}`);
      text = ((await response.json()) as { data: { kind: string; text: string }[] }).data.find((mail) => mail.kind === kind)?.text;
      return text !== undefined;
    })
    .toBe(true);
  return text ?? '';
}

/** A page in a new tab of the same browser (its own sessionStorage), ready once the app has taken it over. */
async function openInNewTab(page: Page, url: string): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.goto(url);
  await tab.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  return tab;
}

function cardForm(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Card details"]');
}

/** Chooses a payment method; it is saved on the cart (the radio shows the choice at once). */
async function choosePayment(page: Page, method: string) {
  const radio = page.getByRole('radio', { name: method });
  await radio.click();
  await expect(radio).toBeChecked();
}

async function enterCard(page: Page, number: string) {
  await choosePayment(page, 'Credit or debit card');
  const form = cardForm(page);
  await form.getByLabel('Name on card').fill('Mia Muster');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: 'Use this card' }).click();
  await expect(page.getByText(/Paying with .* ending in \d{4}\./)).toBeVisible();
}

const payButton = (page: Page) => page.getByRole('button', { name: /^(Book now|Pay .+ now)$/ });

async function expectConfirmation(page: Page) {
  await expect(page).toHaveURL(/\/en\/booking\/confirmation\?order_id=/, { timeout: 15_000 });
  await expect(page.getByText(/Reservation number/i).first()).toBeVisible();
}

/** Signs the demo member in with the header's dialog on the page that is open. */
async function signInWithPassword(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const signIn = page.getByRole('dialog');
  await signIn.getByLabel('Email address').fill(PASSWORD_MEMBER);
  await signIn.getByLabel('Password').fill(DEMO_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

const holdRate = guestRateOfType(1000);

test('the rooms page comes from the server with its rooms and rates, before any script runs', async ({ request, browser }) => {
  const stay = await findStay(request, holdRate, 47);
  const query = new URLSearchParams({ location: stay.hotelCode, startDate: stay.startDate, endDate: stay.endDate, 'room-1-adults': '2' });
  const serverOnly = await browser.newContext({ javaScriptEnabled: false });
  const page = await serverOnly.newPage();
  await page.goto(`/en/booking/select-room-rate?${query.toString()}`);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Choose your room');
  await expect(page.getByRole('button', { name: 'Select', exact: true }).first()).toBeVisible();
  await serverOnly.close();
});

test('PayPal: the approval page sends the guest back booked', async ({ page, request }) => {
  const stay = await findStay(request, holdRate, 49);
  await page.goto(checkoutPath(stay));
  await fillGuest(page);
  await choosePayment(page, 'PayPal');
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expectConfirmation(page);
});

test('a booking with free cancellation is cancelled from the confirmation', async ({ page, request }) => {
  const stay = await findStay(request, holdRate, 52);
  await page.goto(checkoutPath(stay));
  await fillGuest(page);
  await enterCard(page, '4242424242424242');
  await payButton(page).click();
  await expectConfirmation(page);
  await page
    .getByRole('button', { name: /^Cancel/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button', { name: /cancel/i })
    .last()
    .click();
  await expect(page.getByText(/cancelled/i).first()).toBeVisible({ timeout: 15_000 });
});

test('a member pays with points', async ({ page, request }) => {
  const stay = await findStay(request, (offered) => offered.isMemberRate, 55);
  await page.goto('/en/');
  await signInWithPassword(page);
  await page.goto(checkoutPath(stay));
  await expect(
    page
      .getByRole('group', { name: /main guest/i })
      .first()
      .getByLabel('First name'),
  ).toHaveValue(/.+/);
  await choosePayment(page, 'Reward points');
  await payButton(page).click();
  await expectConfirmation(page);
  await expect(page.getByText(/points/i).first()).toBeVisible();
});

test('a booking is moved to other dates, with the new price shown first', async ({ page, request }) => {
  // A booking, then its change with the calendar loaded on demand: more than one journey's time on a busy
  // machine (a limit that only catches hangs).
  test.setTimeout(120_000);
  const stay = await findStay(request, holdRate, 58);
  await page.goto(checkoutPath(stay));
  await fillGuest(page);
  await enterCard(page, '4242424242424242');
  await payButton(page).click();
  await expectConfirmation(page);
  await page
    .getByRole('link', { name: /Change booking/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/en\/booking\/modify\?/);
  // The new dates on the site's calendar, as a guest picks them: open it, then the arrival and the departure.
  await page.getByRole('button', { name: /Arrival and departure/ }).click();
  const calendar = page.getByRole('group', { name: 'Choose your dates' });
  await pickCalendarDay(calendar, isoDayAhead(60));
  await pickCalendarDay(calendar, isoDayAhead(63));
  await expect(calendar).toBeHidden();
  await page
    .getByRole('button', { name: /price|Check/i })
    .first()
    .click();
  await expect(page.getByText(/new price/i).first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page).toHaveURL(/\/en\/booking\/confirmation\?order_id=/, { timeout: 15_000 });
});

test('the link in the confirmation mail opens the booking in a new tab, and the address keeps no secret', async ({ page, request }) => {
  // A booking and three more page loads: more than one journey's time on a busy machine (a limit that only catches hangs).
  test.setTimeout(120_000);
  const stay = await findStay(request, holdRate, 64);
  const email = `mia.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await page.goto(checkoutPath(stay));
  await fillGuest(page, email);
  await enterCard(page, '4242424242424242');
  await payButton(page).click();
  await expectConfirmation(page);
  const number = (await page.locator('.booking-room__number').first().textContent()) ?? '';
  const bookingAddress = page.url();

  // The order's address alone opens nothing in another tab: the key stayed with the tab that paid.
  const bare = await openInNewTab(page, bookingAddress);
  await expect(bare.getByRole('heading', { name: 'We can’t find this booking' })).toBeVisible({ timeout: 15_000 });

  const mail = await latestMailText(request, email, 'booking-confirmation');
  const link = /https?:\/\/\S+\/booking\/confirmation\S*/.exec(mail)?.[0] ?? '';
  expect(new URL(link).searchParams.get('token')).toBeTruthy();
  const opened = await openInNewTab(page, link);
  await expect(opened.getByText(number).first()).toBeVisible({ timeout: 15_000 });
  await expect(opened).toHaveURL(bookingAddress);
  // A reload in that tab still shows the booking (the key is kept for the tab).
  await opened.reload();
  await expect(opened.getByText(number).first()).toBeVisible({ timeout: 15_000 });

  // Without the mail: the tab that found nothing offers the lookup by reservation number and last name.
  await bare.getByRole('link', { name: 'Find your booking with its reservation number' }).click();
  await expect(bare.getByRole('heading', { level: 1, name: 'Find your booking' })).toBeVisible();
  await bare.getByLabel('Reservation number').fill(number);
  await bare.getByLabel('Last name or email address').fill('Muster');
  await bare.getByRole('button', { name: 'Find booking' }).click();
  await expect(bare.getByText(number).first()).toBeVisible({ timeout: 15_000 });
  await expect(bare).toHaveURL(bookingAddress);
});

/**
 * From the home page as a person goes: searches Berlin, chooses the first hotel's rooms and its first rate
 * (a member rate: the room page leads with them), and continues to payment.
 */
async function chooseFirstRateInBerlin(page: Page) {
  await page.getByRole('combobox', { name: 'Destination' }).fill('Berlin');
  await page.keyboard.press('Escape');
  await openFirstHotelRooms(page);
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/en\/booking\/check-out\?/);
}

const firstGuestName = (page: Page) =>
  page
    .getByRole('group', { name: /main guest/i })
    .first()
    .getByLabel('First name');

test('a guest signs in on the check-out page of a member rate, and the booking goes on for the member', async ({ page }) => {
  await page.goto('/en/');
  await chooseFirstRateInBerlin(page);
  await expect(page.getByText('This is a member rate: sign in to book it')).toBeVisible({ timeout: 15_000 });
  await signInWithPassword(page);
  // The cart is made for the member, with their details.
  await expect(firstGuestName(page)).toHaveValue(/.+/, { timeout: 15_000 });
  await expect(page.getByRole('radio', { name: 'Reward points' })).toBeVisible();
});

test('a member who signs out in another tab while on the check-out page leaves no details and no member cart behind', async ({ page }) => {
  await page.goto('/en/');
  await signInWithPassword(page);
  await chooseFirstRateInBerlin(page);
  await expect(firstGuestName(page)).toHaveValue(/.+/, { timeout: 15_000 });
  const email = await page
    .getByRole('group', { name: /main guest/i })
    .first()
    .getByLabel('Email address')
    .inputValue();

  // Another tab of the same browser signs out: this tab hears it at once.
  const other = await openInNewTab(page, '/en/');
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await other.close();

  await expect(page.getByText(/You signed out, so your details and your member booking were removed from this page/)).toBeVisible({ timeout: 15_000 });
  // The member rate is for members: the guest is asked to sign in again, and nothing of the member stays.
  await expect(page.getByText('This is a member rate: sign in to book it')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.locator('body').innerText()).not.toContain(email);
});
