import { expect, test } from './fixtures';

/*
 * The demo as the README describes it: the sign-in dialog links the demo's mailbox, where the one-time
 * code a member asked for can be read, and that code signs the member in. Omar (README, "Demo members")
 * signs in with a code only.
 */
const CODE_MEMBER = 'omar.haddad@example.com';

test('a demo member signs in with the one-time code read in the demo mailbox the sign-in dialog links', async ({ page, context }) => {
  await page.goto('/en/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Get a one-time code by email instead' }).click();
  await dialog.getByLabel('Email address').fill(CODE_MEMBER);
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The mailbox opens in a new tab, so the dialog stays as it is.
  const [mailbox] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: /Open the demo mailbox/ }).click()]);
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  await mailbox.getByRole('textbox', { name: 'Email address' }).fill(CODE_MEMBER);
  await mailbox.getByRole('button', { name: 'Show' }).click();
  const newest = mailbox.getByRole('article').first();
  await expect(newest.getByRole('heading', { name: 'Your H Rewards code' })).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await newest.locator('pre').textContent()) ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await mailbox.close();

  await dialog.getByLabel('6-digit code').fill(code);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});
