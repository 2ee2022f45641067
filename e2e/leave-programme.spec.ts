import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, type Page, test } from './fixtures';

/*
 * Leaving the programme as a person lives it, from the home page: a new member of this journey's own
 * (no other journey knows the address) joins through the sign-in dialog's one-time code, reads every code
 * in the demo mailbox the dialogs link, ends the membership from the profile and is signed out; the same
 * address then no longer signs anyone in: the site offers to register it anew. Only clicks and typing,
 * from the home page.
 */

const FIRST_NAME = 'Lena';

/** An address no other journey uses, new on every run. */
const newAddress = () => `leaving.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Opens the demo mailbox from a dialog's link (a new tab), reads the code of the newest mail to the address, closes the tab. */
async function codeFromMailbox(page: Page, link: Locator, email: string, subject: string): Promise<string> {
  const [mailbox] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  await mailbox.getByRole('textbox', { name: 'Email address' }).fill(email);
  await mailbox.getByRole('button', { name: 'Show' }).click();
  const newest = mailbox.getByRole('article').first();
  await expect(newest.getByRole('heading', { name: subject })).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await newest.locator('pre').textContent()) ?? '')?.[1] ?? '';
  await mailbox.close();
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

/** The header's Sign in, a one-time code to the address, the code from the mailbox: what the site does next is the caller's to see. */
async function signInWithCode(page: Page, email: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Get a one-time code by email instead' }).click();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const code = await codeFromMailbox(page, dialog.getByRole('link', { name: /Open the demo mailbox/ }), email, 'Your H Rewards code');
  await dialog.getByLabel('6-digit code').fill(code);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The sign-in dialog after a code for an address without an account: it says so and offers the registration. */
async function offeredRegistration(page: Page, email: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Finish your registration' });
  await expect(dialog).toContainText(`There is no complete account for ${email} yet.`);
  await expect(dialog.getByRole('link', { name: 'Complete registration' })).toBeVisible();
  return dialog;
}

const signedOut = async (page: Page) => {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
};

test('a new member leaves the programme with the mailed code, is signed out, and the address no longer signs in', async ({ page }) => {
  // Three mailed codes, a registration and the whole leaving: longer than one page's journey.
  test.setTimeout(90_000);
  const email = newAddress();

  // Joining: a code to an address without an account leads to the registration, which signs in at once.
  await page.goto('/en/');
  await signInWithCode(page, email);
  const joining = await offeredRegistration(page, email);
  await joining.getByRole('link', { name: 'Complete registration' }).click();
  await expect(page).toHaveURL(/\/en\/account\/registration\?registration_token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finish your registration' })).toBeVisible();
  await page.getByLabel('First name').fill(FIRST_NAME);
  await page.getByLabel('Last name').fill('Berg');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('I accept the membership terms and the privacy policy.').check();
  await page.getByRole('button', { name: 'Become a member' }).click();
  await expect(page).toHaveURL(/\/en\/account\/activated/);
  await expect(page.getByRole('banner').getByRole('region', { name: 'Your membership' })).toContainText(FIRST_NAME);

  // The member area, and its Profile.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  await expect(page).toHaveURL(/\/en\/account\/overview$/);
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/en\/account\/profile$/);

  // Before leaving, the member keeps a copy of their data: a file saved by the browser.
  const myData = page.getByRole('region', { name: 'My data' });
  const [download] = await Promise.all([page.waitForEvent('download'), myData.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^h-rewards-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(myData.getByRole('status')).toHaveText(`Your data was saved as ${download.suggestedFilename()}.`);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { profile: { email: string; firstName: string } };
  expect(saved.profile).toMatchObject({ email, firstName: FIRST_NAME });

  // What leaving means, said before anything can be confirmed.
  await page.getByRole('region', { name: 'Leave H Rewards' }).getByRole('button', { name: 'End my membership…' }).click();
  const review = page.getByRole('dialog', { name: 'What leaving means for you' });
  await expect(review).toBeVisible();
  await expect(review.getByRole('listitem')).toHaveCount(4);
  await expect(review).toContainText('Your name, address, preferences, favourite hotels, saved cards and newsletter subscriptions are erased.');
  await review.getByRole('button', { name: 'Continue' }).click();

  // The code from the mail, and the ticked understanding.
  const confirm = page.getByRole('dialog', { name: 'Confirm with the code from your email' });
  await expect(confirm.getByLabel('6-digit code')).toBeFocused();
  const code = await codeFromMailbox(page, confirm.getByRole('link', { name: /Open the demo mailbox/ }), email, 'Confirm the end of your H Rewards membership');
  await confirm.getByLabel('6-digit code').fill(code);
  await confirm.getByLabel('I understand that my points and vouchers are lost and that this cannot be undone.').check();
  await confirm.getByRole('button', { name: 'End my membership' }).click();

  // The goodbye; leaving it signs out on the way home.
  const goodbye = page.getByRole('dialog', { name: 'Your membership has ended' });
  await expect(goodbye).toBeVisible();
  await goodbye.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  await signedOut(page);

  // The address signs no one in any more: the sign-in dialog says there is no account and offers to register it anew.
  await signInWithCode(page, email);
  await offeredRegistration(page, email);
  await signedOut(page);
});
