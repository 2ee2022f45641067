import type { BrowserContext } from '@playwright/test';
import { expect, type Page, test } from './fixtures';

/*
 * The profile's email change as a member lives it, from the home page: a new member joins (the journey's
 * own, so changing an address disturbs no other journey), activates with the link from the demo mailbox,
 * signs in, opens Profile from the member area's navigation and moves the account to a new address: a
 * code to the current address first (the step-up), then a code to the new one, both read in the demo
 * mailbox the dialog links. Signed out, the member signs in with the new address.
 */

const PASSWORD = 'Profile-journey-password-1';
const MAILBOX = '/bff/dev/mailbox';

/** Addresses of this run only. */
function addresses() {
  const run = `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
  return { first: `ines.profile.${run}@example.com`, second: `ines.moved.${run}@example.com` };
}

/** Opens a page once the app has taken it over (as the fixture's `page.goto` does for the first page). */
async function openReady(target: Page, url: string) {
  await target.goto(url);
  await target.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * The newest mail to `address` with this subject, read in the demo mailbox as a person does: the address
 * typed into its filter, then the page refreshed until the mail is there.
 */
async function newestMail(mailbox: Page, address: string, subject: string): Promise<string> {
  await mailbox.getByRole('textbox', { name: 'Email address' }).fill(address);
  await mailbox.getByRole('button', { name: 'Show' }).click();
  const newest = mailbox.getByRole('article').first();
  await expect(async () => {
    await expect(newest.getByRole('heading', { name: subject })).toBeVisible({ timeout: 1_000 });
  }).toPass({ intervals: [250, 500, 1_000] });
  return (await newest.locator('pre').textContent()) ?? '';
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** The demo mailbox, opened from the link beside a code's field (a new tab, so the dialog stays as it is). */
async function openMailboxFrom(context: BrowserContext, page: Page): Promise<Page> {
  const [mailbox] = await Promise.all([context.waitForEvent('page'), page.getByRole('dialog').getByRole('link', { name: /Open the demo mailbox/ }).click()]);
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  return mailbox;
}

async function signIn(page: Page, email: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your membership' })).toContainText('Ines');
}

/** From the header's Rewards link to the member area, then its navigation's Profile. */
async function openProfile(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  await expect(page).toHaveURL(/\/en\/account\/overview$/);
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/en\/account\/profile$/);
  return page.getByRole('region', { name: 'Personal data' });
}

test('a member changes their email address with a code to the old and to the new address, and signs in with the new one', async ({ page, context }) => {
  test.setTimeout(120_000);
  const email = addresses();

  // Joining from the home page; the activation link is read in the demo mailbox and opened in its tab.
  await page.goto('/en/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Join H Rewards' }).click();
  await expect(page).toHaveURL(/\/en\/account\/registration/);
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Last name').fill('Profil');
  await page.getByLabel('Email address').fill(email.first);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('I accept the membership terms and the privacy policy.').check();
  await page.getByRole('button', { name: 'Become a member' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const inbox = await context.newPage();
  await inbox.goto(MAILBOX);
  const link = /https?:\/\/\S+/.exec(await newestMail(inbox, email.first, 'Activate your H Rewards membership'))?.[0] ?? '';
  expect(link).toContain('/en/account/activate');
  await openReady(inbox, link);
  await expect(inbox).toHaveURL(/\/en\/account\/activated/);
  await inbox.close();

  // Signed out and in again from the home page, then to the profile.
  await page.goto('/en/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, email.first);
  const personal = await openProfile(page);
  await expect(personal).toContainText(email.first);

  // The step-up: a code to the current address.
  await personal.getByRole('button', { name: 'Change email address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your email address' });
  await expect(dialog.getByText(/We have sent a 6-digit code to/)).toBeVisible();
  const mailbox = await openMailboxFrom(context, page);
  const stepUpCode = codeIn(await newestMail(mailbox, email.first, 'Your H Rewards security code'));
  expect(stepUpCode).toMatch(/^\d{6}$/);
  await dialog.getByLabel('6-digit code').fill(stepUpCode);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The new address, and the code mailed to it.
  await dialog.getByLabel('New email address').fill(email.second);
  await dialog.getByRole('button', { name: 'Send a code to this address' }).click();
  await expect(dialog).toContainText(`If ${email.second} can be used for your account, we have sent a 6-digit code to it.`);
  const changeCode = codeIn(await newestMail(mailbox, email.second, 'Your H Rewards confirmation code'));
  expect(changeCode).toMatch(/^\d{6}$/);
  await mailbox.close();
  await dialog.getByLabel('6-digit code').fill(changeCode);
  await dialog.getByRole('button', { name: 'Change my email address' }).click();
  await expect(dialog).toContainText(`Your email address is now ${email.second}.`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(personal).toContainText(email.second);

  // The session went on with the new token; signed out, the new address signs in.
  await page.goto('/en/');
  await expect(page.getByRole('region', { name: 'Your membership' })).toContainText('Ines');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, email.second);
  await expect(await openProfile(page)).toContainText(email.second);
});
