import type { Locator } from '@playwright/test';
import { chooseBerlin, expect, openFirstHotelRooms, type Page, test } from './fixtures';

/*
 * Corporate self-enrolment as an employee lives it, from the home page: the footer's "Company rates" leads
 * to the enrolment page; a work email at a demo company's domain (Northwind Traders, server/db/seed/
 * companies.ts) gets a code, read in the demo mailbox the page links; the code and the employee's name
 * enrol them and sign them in; their search of Berlin then offers the company's rate, which they choose
 * and see on the check-out page. A new address on every run, so the work email was never enrolled before.
 */

const COMPANY = 'Northwind Traders';

/** A work email at the company's domain no other run or journey uses. */
const newWorkEmail = () => `enrol.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@northwind.example`;

/** Opens the demo mailbox from the page's link (a new tab), reads the code of the newest mail to the address, closes the tab. */
async function codeFromMailbox(page: Page, link: Locator, email: string): Promise<string> {
  const [mailbox] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  await mailbox.getByLabel('Email address').fill(email);
  await mailbox.getByRole('button', { name: 'Show' }).click();
  const newest = mailbox.getByRole('article').first();
  await expect(newest.getByRole('heading', { name: 'Your code to enrol with your company' })).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await newest.locator('pre').textContent()) ?? '')?.[1] ?? '';
  await mailbox.close();
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

test('an employee enrols with a work email and books the company rate', async ({ page }) => {
  // A mailed code, an enrolment, a search and the check-out: longer than one page's journey.
  test.setTimeout(120_000);
  const email = newWorkEmail();

  await page.goto('/en/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Company rates' }).click();
  await expect(page).toHaveURL(/\/en\/enroll$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company rates for business travel' })).toBeVisible();

  // The work email, then the code from the mailbox.
  await page.getByRole('textbox', { name: 'Work email' }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = page.getByLabel('6-digit code');
  await expect(code).toBeFocused();
  await code.fill(await codeFromMailbox(page, page.getByRole('link', { name: /Open the demo mailbox/ }), email));
  await page.getByRole('button', { name: 'Continue' }).click();

  // Not signed in: the name for the member account the enrolment makes.
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Lund');
  await page.getByRole('button', { name: 'Enrol' }).click();

  // Enrolled and signed in.
  await expect(page.getByRole('heading', { name: `You’re enrolled with ${COMPANY}` })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('region', { name: 'Your membership' })).toContainText('Nora');

  // A search of Berlin from the home page offers the company's rate, marked as such.
  await page.getByRole('link', { name: 'Search hotels' }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  await chooseBerlin(page);
  await openFirstHotelRooms(page);
  const companyRate = page.locator('[data-rate]').filter({ hasText: `Your company rate: ${COMPANY}` }).first();
  await expect(companyRate).toBeVisible({ timeout: 15_000 });

  // Chosen, it is the rate of the check-out.
  await companyRate.getByRole('button', { name: 'Select' }).click();
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/en\/booking\/check-out\?/);
  await expect(page.getByTestId('price-summary')).toContainText(`Your company rate: ${COMPANY}`, { timeout: 15_000 });
});
