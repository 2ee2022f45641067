import type { Page } from '@playwright/test';
import { chooseBerlin, expect, openFirstHotelRooms } from '../fixtures';
import type { EnrolmentEvent, EnrolmentState } from './enrolment.model';

/**
 * How the enrolment model meets the real site: for each state what the employee must see, for each event
 * what the employee does, by clicking and typing on what the page shows. The code is read in the demo
 * mailbox the page links (a new tab), as an employee reads it in their mail.
 */

export interface EnrolmentContext {
  page: Page;
  /** A work email at the company's domain that no other run or journey uses, so it was never enrolled before. */
  email: string;
  employee: { firstName: string; lastName: string };
}

/** The demo company whose domain the work email has (server/db/seed/companies.ts). */
export const COMPANY = { name: 'Northwind Traders', domain: 'northwind.example' };

const codeField = (page: Page) => page.getByLabel('6-digit code');
const companyRate = (page: Page) => page.locator('[data-rate]').filter({ hasText: `Your company rate: ${COMPANY.name}` }).first();

/** Opens the demo mailbox from the page's link (a new tab), reads the code of the newest mail to the address, closes the tab. */
async function codeFromMailbox({ page, email }: EnrolmentContext): Promise<string> {
  const [mailbox] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /Open the demo mailbox/ }).click()]);
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  await mailbox.getByRole('textbox', { name: 'Email address' }).fill(email);
  await mailbox.getByRole('button', { name: 'Show' }).click();
  const newest = mailbox.getByRole('article').first();
  await expect(newest.getByRole('heading', { name: 'Your code to enrol with your company' })).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await newest.locator('pre').textContent()) ?? '')?.[1] ?? '';
  await mailbox.close();
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

/** The code with its last digit mistyped: never the right one. */
const mistyped = (code: string) => `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;

async function enterCode(page: Page, code: string) {
  await codeField(page).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function expectNameAsked({ page }: EnrolmentContext) {
  // Not signed in: the name for the member account the enrolment makes.
  await expect(page.getByLabel('First name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enrol' })).toBeVisible();
}

/** What the employee sees in each state of the model. */
export const enrolmentStateAssertions: Record<EnrolmentState, (context: EnrolmentContext) => Promise<void>> = {
  home: async ({ page }) => {
    await expect(page.getByRole('combobox', { name: 'Destination' })).toBeVisible();
  },
  enrolmentPage: async ({ page }) => {
    await expect(page).toHaveURL(/\/en\/enroll$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Company rates for business travel' })).toBeVisible();
  },
  codeAsked: async ({ page, email }) => {
    await expect(codeField(page)).toBeFocused();
    await expect(page.getByText(`We have sent a 6-digit code to ${email}.`, { exact: false })).toBeVisible();
  },
  nameAsked: expectNameAsked,
  nameAskedForMistypedCode: expectNameAsked,
  codeRefused: async ({ page, email }) => {
    // Said at the code, which takes the focus again; the email it was sent to is kept.
    await expect(page.getByText(/^This code is not valid\. Check the latest email: you can try \d+ more times?\.$/)).toBeVisible();
    await expect(codeField(page)).toBeFocused();
    await expect(page.getByText(`We have sent a 6-digit code to ${email}.`, { exact: false })).toBeVisible();
  },
  nameKept: async ({ page, employee }) => {
    await expect(page.getByLabel('First name')).toHaveValue(employee.firstName);
    await expect(page.getByLabel('Last name')).toHaveValue(employee.lastName);
  },
  enrolled: async ({ page, employee }) => {
    await expect(page.getByRole('heading', { name: `You’re enrolled with ${COMPANY.name}` })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('region', { name: 'Your membership' })).toContainText(employee.firstName);
  },
  homeAsMember: async ({ page, employee }) => {
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.getByRole('combobox', { name: 'Destination' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('region', { name: 'Your membership' })).toContainText(employee.firstName);
  },
  companyRateOffered: async ({ page }) => {
    // The company's rate among the rooms' rates, marked as such.
    await expect(companyRate(page)).toBeVisible({ timeout: 15_000 });
  },
  checkoutWithCompanyRate: async ({ page }) => {
    await expect(page).toHaveURL(/\/en\/booking\/check-out\?/);
    await expect(page.getByTestId('price-summary')).toContainText(`Your company rate: ${COMPANY.name}`, { timeout: 15_000 });
  },
};

/** What the employee does for each event of the model. */
export const enrolmentEventDrivers: Record<EnrolmentEvent['type'], (context: EnrolmentContext) => Promise<void>> = {
  OPEN_COMPANY_RATES: async ({ page }) => {
    await page.getByRole('contentinfo').getByRole('link', { name: 'Company rates' }).click();
  },
  ASK_FOR_CODE: async ({ page, email }) => {
    await page.getByRole('textbox', { name: 'Work email' }).fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
  },
  ENTER_CODE_FROM_MAILBOX: async (context) => {
    await enterCode(context.page, await codeFromMailbox(context));
  },
  ENTER_MISTYPED_CODE: async (context) => {
    await enterCode(context.page, mistyped(await codeFromMailbox(context)));
  },
  ENTER_NAME_AND_ENROL: async ({ page, employee }) => {
    await page.getByLabel('First name').fill(employee.firstName);
    await page.getByLabel('Last name').fill(employee.lastName);
    await page.getByRole('button', { name: 'Enrol' }).click();
  },
  ENROL: async ({ page }) => {
    await page.getByRole('button', { name: 'Enrol' }).click();
  },
  SEARCH_HOTELS: async ({ page }) => {
    await page.getByRole('link', { name: 'Search hotels' }).click();
  },
  FIND_BERLIN_ROOMS: async ({ page }) => {
    await chooseBerlin(page);
    await openFirstHotelRooms(page);
  },
  CHOOSE_COMPANY_RATE: async ({ page }) => {
    await companyRate(page).getByRole('button', { name: 'Select' }).click();
    await page.getByRole('link', { name: 'Continue to payment' }).click();
  },
};
