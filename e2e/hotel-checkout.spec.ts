import { readFile } from 'node:fs/promises';
import { DEMO_STAYS } from '../server/db/seed/stays';
import { expect, type Page, test } from './fixtures';

/*
 * The hotel checkout as in-house guests live it, from the demo's front desk (reached from the demo mailbox
 * page). Omar arrives today: the desk hands over his key and posts a minibar charge, and the link on his
 * room's card (standing in for the QR code in the room) opens his bill; he moves the minibar to the business
 * bill, gives his company's address, pays by card, checks out, downloads both invoices (PDFs) and finds them
 * in his mail. Lukas, in house since yesterday, has read his bill and is about to pay when the restaurant
 * posts a charge at the desk: the page says the bill changed, shows the new charge, and he pays the new total.
 * Links and buttons are clicked; no address is built from data. Each journey has a stay no other journey uses.
 */

const OMAR = { name: 'Omar Haddad', email: 'omar.haddad@example.com', ...DEMO_STAYS.omarArriving };
const LUKAS = { name: 'Lukas Brandt', ...DEMO_STAYS.guestInHouse };

/** A page of the site opened by a click: it responds once the app has taken it over. */
async function appReady(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** The demo mailbox page (a page of the BFF, not of the app: opened without waiting for the app to take over). */
async function openMailboxPage(page: Page) {
  await page.evaluate(() => window.location.assign('/bff/dev/mailbox'));
  await expect(page.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
}

/** The demo hotel desk, from the demo mailbox page's link. */
async function openDesk(page: Page) {
  await openMailboxPage(page);
  await page.getByRole('link', { name: 'demo hotel desk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo hotel desk' })).toBeVisible();
}

const stayAtDesk = (page: Page, guest: { name: string; reservationNumber: string }) => page.getByRole('article', { name: `${guest.name}, ${guest.reservationNumber}` });

/** Posts a charge for a guest in house, as the restaurant or the minibar would. */
async function postCharge(page: Page, guest: { name: string; reservationNumber: string }, kind: string, amount: string) {
  const stay = stayAtDesk(page, guest);
  await stay.getByRole('combobox', { name: 'Charge' }).selectOption({ label: kind });
  await stay.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await stay.getByRole('combobox', { name: 'Folio' }).selectOption({ label: 'Private folio' });
  await stay.getByRole('button', { name: /^Post charge/ }).click();
  await expect(page.getByText('The charge was posted.')).toBeVisible();
}

/** The provider's hosted card form: a test card that succeeds. */
async function enterCard(page: Page, name: string) {
  const method = page.getByRole('radio', { name: 'Credit or debit card' });
  await method.click();
  await expect(method).toBeChecked();
  const form = page.frameLocator('iframe[title="Card details"]');
  await form.getByLabel('Name on card').fill(name);
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: 'Use this card' }).click();
  await expect(page.getByText(/Paying with .* ending in 4242\./)).toBeVisible();
}

/** Downloads an invoice with its button and answers the file's first bytes. */
async function downloadInvoice(page: Page, name: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const path = await download.path();
  return (await readFile(path)).subarray(0, 4).toString('latin1');
}

test('a guest checks out from the room card: moves the minibar to the business bill, pays, and gets both invoices', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/en/');
  await openDesk(page);
  await stayAtDesk(page, OMAR)
    .getByRole('button', { name: /^Hand over the key/ })
    .click();
  await expect(page.getByText('The key was handed over: the guest is in house.')).toBeVisible();
  await postCharge(page, OMAR, 'Minibar', '12.50');

  // The card in the room: its link stands in for the QR code.
  await stayAtDesk(page, OMAR)
    .getByRole('link', { name: /^Check out online/ })
    .click();
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your bill' })).toBeVisible({ timeout: 15_000 });
  // The token leaves the address: the bill is at the checkout page.
  await expect(page).toHaveURL(/\/en\/checkout\/folio\?checkout_id=/);
  expect(page.url()).not.toContain('token=');

  const privateBill = page.getByRole('region', { name: 'Private bill' });
  const businessBill = page.getByRole('region', { name: 'Business bill' });
  await expect(privateBill.getByRole('cell', { name: 'Minibar', exact: true })).toBeVisible();
  await privateBill.getByRole('button', { name: 'Move Minibar to the business bill' }).click();
  await expect(businessBill.getByRole('cell', { name: 'Minibar', exact: true })).toBeVisible();
  await expect(privateBill.getByRole('cell', { name: 'Minibar', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Continue to invoice addresses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice addresses' })).toBeVisible();
  const company = page.getByRole('group', { name: 'Business invoice' });
  await company.getByLabel('Company name').fill('Haddad Consulting GmbH');
  await company.getByLabel('VAT number').fill('DE 123 456 789');
  await company.getByLabel('Street and number').fill('Torstraße 1');
  await company.getByLabel('Postal code').fill('10119');
  await company.getByLabel('City').fill('Berlin');
  await company.getByLabel('Country code').fill('DE');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Pay your bill' })).toBeVisible();
  await enterCard(page, OMAR.name);
  await page.getByRole('button', { name: /^Pay .* and check out$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re checked out' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('We have also mailed them to you.')).toBeVisible();

  expect(await downloadInvoice(page, 'Download the private invoice (PDF)')).toBe('%PDF');
  expect(await downloadInvoice(page, 'Download the business invoice (PDF)')).toBe('%PDF');

  // Both invoices in his mail, attached.
  await openMailboxPage(page);
  await page.getByLabel('Email address').fill(OMAR.email);
  await page.getByRole('button', { name: 'Show' }).click();
  const mail = page.getByRole('article', { name: /^Your invoice – / }).first();
  await expect(mail).toBeVisible();
  await expect(mail.getByRole('list', { name: 'Attachments' }).getByRole('link')).toHaveCount(2);
});

test('a charge posted at the desk while the guest pays: the page shows it and the guest pays the new total', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/en/');
  await openDesk(page);
  await stayAtDesk(page, LUKAS)
    .getByRole('link', { name: /^Check out online/ })
    .click();
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your bill' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continue to invoice addresses' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay your bill' })).toBeVisible();
  await enterCard(page, LUKAS.name);
  const firstPay = page.getByRole('button', { name: /^Pay .* and check out$/ });
  const firstLabel = (await firstPay.textContent()) ?? '';

  // Meanwhile the restaurant's bill arrives at the desk (another tab).
  const desk = await context.newPage();
  await desk.goto('/bff/dev/mailbox');
  await desk.getByRole('link', { name: 'demo hotel desk' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Demo hotel desk' })).toBeVisible();
  await postCharge(desk, LUKAS, 'Restaurant', '34.00');
  await desk.close();

  await firstPay.click();
  await expect(page.getByRole('heading', { name: 'Your bill changed' })).toBeVisible({ timeout: 15_000 });
  const changed = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Your bill changed' }) });
  await expect(changed.getByText(/Nothing was taken\. You now have .* to pay instead of .*\./)).toBeVisible();
  await expect(changed.getByRole('row').filter({ hasText: 'Restaurant' })).toContainText('New');
  await changed.getByRole('button', { name: 'Pay the new total' }).click();

  const newPay = page.getByRole('button', { name: /^Pay .* and check out$/ });
  await expect(newPay).toBeVisible();
  expect(await newPay.textContent()).not.toBe(firstLabel);
  await newPay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re checked out' })).toBeVisible({ timeout: 15_000 });
});
