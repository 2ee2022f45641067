import { chooseBerlin, expect, openFirstHotelRooms, type Page, test } from './fixtures';

/**
 * "Manage my booking": a guest who booked two rooms closes the browser, comes back in a fresh one with
 * nothing but the reservation number, finds the booking from the header's link with the number and the
 * last name, cancels one room, and sees the booking partly cancelled with its new amounts.
 */

/** From the home page as a person goes: Berlin, two rooms, the first hotel, the flexible rate for each room. */
async function chooseTwoFlexibleRoomsInBerlin(page: Page) {
  await chooseBerlin(page);
  await page.getByRole('button', { name: /Rooms and guests/ }).click();
  await page.getByRole('button', { name: 'Add a room' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await openFirstHotelRooms(page);
  for (const room of [0, 1]) {
    const section = page.locator('.room-choice').nth(room);
    // The flexible rate for guests: paid at the hotel, free cancellation until the evening of arrival.
    const flexible = section
      .locator('.rate')
      .filter({ has: page.getByText('Flexible Rate', { exact: true }) })
      .first();
    await flexible.getByRole('button', { name: 'Select' }).click();
    await expect(flexible.getByRole('button', { name: 'Selected' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/en\/booking\/check-out\?/);
}

async function payAsGuest(page: Page) {
  const rooms = page.getByRole('group', { name: /main guest/i });
  await expect(rooms).toHaveCount(2, { timeout: 15_000 });
  for (const room of [0, 1]) {
    const guest = rooms.nth(room);
    await guest.getByLabel('First name').fill('Mia');
    await guest.getByLabel('Last name').fill('Muster');
    await guest.getByLabel('Email address').fill(`mia.${crypto.randomUUID().slice(0, 8)}@example.com`);
  }
  const method = page.getByRole('radio', { name: 'Credit or debit card' });
  await method.click();
  await expect(method).toBeChecked();
  const form = page.frameLocator('iframe[title="Card details"]');
  await form.getByLabel('Name on card').fill('Mia Muster');
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: 'Use this card' }).click();
  await expect(page.getByText(/Paying with .* ending in \d{4}\./)).toBeVisible();
  await page.getByRole('button', { name: /^(Book now|Pay .+ now)$/ }).click();
  await expect(page).toHaveURL(/\/en\/booking\/confirmation\?order_id=/, { timeout: 15_000 });
}

/** An amount of the price summary as a number (the page writes it as €1,234.50). */
async function amountOf(page: Page, term: string): Promise<number> {
  const line = page
    .getByRole('region', { name: 'Price' })
    .locator('div')
    .filter({ has: page.getByText(term, { exact: true }) });
  const text = (await line.locator('dd').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

test('a guest finds a booking in a fresh browser with the reservation number and last name, cancels one of two rooms, and sees the new status and amounts', async ({
  page,
  browser,
  baseURL,
}) => {
  // A booking through check-out and a second browser: more than one journey's time on a busy machine (a limit that only catches hangs).
  test.setTimeout(120_000);
  await page.goto('/en/');
  await chooseTwoFlexibleRoomsInBerlin(page);
  await payAsGuest(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeVisible();
  const numbers = await page.locator('.booking-room__number').allTextContents();
  expect(numbers).toHaveLength(2);
  const [first = '', second = ''] = numbers.map((number) => number.trim());

  // A fresh browser: none of the first one's session, only the visitor's choices (consent, messages seen).
  const kept = await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key !== 'token'));
  const context = await browser.newContext({ baseURL });
  const guest = await context.newPage();
  await guest.addInitScript((entries) => {
    for (const [key, value] of entries) if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
  }, kept);
  await guest.goto('/en/');
  await guest.locator('html[data-app-ready]').waitFor({ state: 'attached' });

  await guest.getByRole('banner').getByRole('link', { name: 'Manage my booking' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Find your booking' })).toBeVisible();
  // A wrong name first: a clear message, and what was typed stays.
  await guest.getByLabel('Reservation number').fill(first.toLowerCase());
  await guest.getByLabel('Last name or email address').fill('Mustermann');
  await guest.getByRole('button', { name: 'Find booking' }).click();
  await expect(guest.getByRole('alert')).toContainText('We could not find a booking with these details.');
  await expect(guest.getByLabel('Reservation number')).toHaveValue(first.toLowerCase());
  await guest.getByLabel('Last name or email address').fill('muster');
  await guest.getByRole('button', { name: 'Find booking' }).click();

  await expect(guest.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeVisible({ timeout: 15_000 });
  await expect(guest.getByText(second).first()).toBeVisible();
  await expect(guest.getByRole('region', { name: 'Your hotel' }).getByRole('link', { name: /Show on map/ })).toBeVisible();
  const dueBefore = await amountOf(guest, 'Due at the hotel');
  const taxBefore = await amountOf(guest, 'City tax, paid at the hotel');
  const totalBefore = await amountOf(guest, 'Total price');
  expect(dueBefore).toBeGreaterThan(0);

  const firstRoom = guest.locator('article', { has: guest.getByText(first, { exact: true }) });
  // The room's own price and city tax, as its card shows them ("€200.00 plus city tax €10.00").
  const roomPrice = (await firstRoom.locator('dt', { hasText: 'Room price' }).locator('xpath=following-sibling::dd').textContent()) ?? '';
  const [price = 0, cityTax = 0] = (roomPrice.match(/[\d,]+\.\d{2}/g) ?? []).map((amount) => Number(amount.replace(/,/g, '')));
  expect(price).toBeGreaterThan(0);
  await firstRoom.getByRole('button', { name: 'Cancel reservation' }).click();
  await guest.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Your booking is partly cancelled' })).toBeVisible({ timeout: 15_000 });
  await expect(firstRoom.getByText('Cancelled', { exact: true })).toBeVisible();

  // The cancelled room's price leaves the total and what is due at the hotel, its city tax the city tax.
  await expect.poll(() => amountOf(guest, 'Due at the hotel')).toBeCloseTo(dueBefore - price, 2);
  expect(await amountOf(guest, 'Total price')).toBeCloseTo(totalBefore - price, 2);
  expect(await amountOf(guest, 'City tax, paid at the hotel')).toBeCloseTo(taxBefore - cityTax, 2);
  await context.close();
});
