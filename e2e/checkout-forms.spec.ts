import { bookFromHomeToCheckout, checkoutPageArrived } from './booking-journey';
import { expect, openFirstHotelRooms, type Page, test } from './fixtures';

/*
 * The check-out form as a guest meets it, from the home page: what was typed survives a reload, an empty
 * payment takes the keyboard to the first field to fix and its summary links to the fields, a public
 * voucher is taken, and the page logs no console error while its layout stays put.
 */

/** Layout shifts of the page since it started, as the browser reports them (not those after typing). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);

/** From the home page: Berlin, the first hotel's rooms, a rate the guest may book, on to payment. */
async function goToCheckout(page: Page) {
  await page.goto('/en/');
  await page.getByRole('combobox', { name: 'Destination' }).fill('Berlin');
  await page.keyboard.press('Escape');
  await openFirstHotelRooms(page);
  // The room page leads with member rates; the last "Select" of the first room is a standard rate.
  await page.getByRole('button', { name: 'Select', exact: true }).last().click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/en\/booking\/check-out\?/);
}

test('check-out keeps what was typed, leads to the first error, takes WELCOME50, and logs no error', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await watchLayoutShifts(page);
  await goToCheckout(page);

  const guest = page.getByRole('group', { name: /main guest/i }).first();
  await expect(guest.getByLabel('First name')).toBeVisible({ timeout: 15_000 });
  const shiftOnLoad = await layoutShift(page);
  console.info(`check-out layout shift (CLS) on load: ${shiftOnLoad.toFixed(4)}`);

  // An empty payment: the keyboard goes to the first field to fix, and the summary links to each.
  await page.getByRole('button', { name: /^(Book now|Pay .* now)$/ }).click();
  await expect(guest.getByLabel('First name')).toBeFocused();
  await expect(guest.getByText("Enter the guest's first name, up to 80 characters.")).toBeVisible();
  const summary = page.getByRole('region', { name: 'Please check these details before you pay' });
  await summary.getByRole('link', { name: /^Email address:/ }).click();
  await expect(guest.getByLabel('Email address')).toBeFocused();

  // What was typed survives a reload.
  await guest.getByLabel('First name').fill('Erika');
  await guest.getByLabel('Last name').fill('Muster');
  await guest.getByLabel('Email address').fill('erika.muster@example.com');
  await page.reload();
  await expect(guest.getByLabel('First name')).toHaveValue('Erika', { timeout: 15_000 });
  await expect(guest.getByLabel('Last name')).toHaveValue('Muster');
  await expect(guest.getByLabel('Email address')).toHaveValue('erika.muster@example.com');

  // A public voucher is taken; an unknown code says so next to the field, and stays as typed.
  const voucher = page.getByLabel('Voucher code');
  await voucher.fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply voucher' }).click();
  await expect(page.getByText('We do not know this voucher code.', { exact: false })).toBeVisible();
  await expect(voucher).toHaveValue('NOT-A-CODE');
  await voucher.fill('welcome50');
  await page.getByRole('button', { name: 'Apply voucher' }).click();
  await expect(page.getByRole('button', { name: 'Remove voucher WELCOME50' })).toBeVisible();
  await expect(voucher).toHaveValue('');

  // The refused code's 409 is the browser's own line for an answer the page expected; nothing else.
  expect(consoleErrors.filter((text) => !text.includes('status of 409 (Conflict)'))).toEqual([]);
});

const isHydrationMismatch = (text: string) => text.includes('Minified React error #418') || text.includes('Hydration failed');

/*
 * A reloaded check-out page arrives rendered by the server without the cart (the server knows no
 * session); the browser's first render must be that same page, even when the cart already runs by the
 * time the page's part is taken over, or React throws the server's markup away (error #418).
 */
for (const locale of ['en', 'ar'] as const) {
  test(`a reloaded check-out page (${locale}) takes the server page over without a hydration error`, async ({ page }) => {
    // The whole booking from the home page, then the reload.
    test.setTimeout(60_000);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await bookFromHomeToCheckout(page, { locale });
    await page.reload();
    // Taken over, the page shows the cart's form again.
    await checkoutPageArrived(page, locale);
    expect(errors.filter(isHydrationMismatch)).toEqual([]);
  });
}
