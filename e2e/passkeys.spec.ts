import type { BrowserContext, CDPSession } from '@playwright/test';
import { expect, type Page, test } from './fixtures';

/*
 * Passkeys as a member meets them, in Chromium with its virtual authenticator (a device with a screen
 * lock that says yes): a new member joins from the home page and signs in with a mailed code, adds a
 * passkey on the profile after a code from the demo mailbox, signs out, and signs in again with nothing
 * but the passkey. WebAuthn wants a domain name, so this journey opens the site as `localhost`.
 */

const PASSWORD = 'Passkey-journey-2026';

test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4173}` });

/** A platform authenticator that keeps passkeys and confirms the member at once. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return cdp;
}

/** The newest mail to an address in the demo mailbox, opened in a tab of its own as a person would. */
async function newestMail(context: BrowserContext, email: string): Promise<string> {
  const mailbox = await context.newPage();
  await mailbox.goto('/bff/dev/mailbox');
  await mailbox.getByRole('textbox', { name: 'Email address' }).fill(email);
  await mailbox.getByRole('button', { name: 'Show' }).click();
  const text = (await mailbox.getByRole('article').first().locator('pre').textContent()) ?? '';
  await mailbox.close();
  return text;
}

test('a member adds a passkey on the profile and then signs in with it alone', async ({ page, context }) => {
  // A whole membership from joining to a second sign-in: longer than one page's journey.
  test.setTimeout(120_000);
  const email = `passkey.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await addVirtualAuthenticator(page);

  // Joins from the home page, then signs in with a one-time code from the demo mailbox (which proves the
  // address, as the activation link would).
  await page.goto('/en/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Join H Rewards' }).click();
  await page.getByLabel('First name').fill('Pia');
  await page.getByLabel('Last name').fill('Keller');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('I accept the membership terms and the privacy policy.').check();
  await page.getByRole('button', { name: 'Become a member' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const signIn = page.getByRole('dialog');
  await signIn.getByRole('button', { name: 'Get a one-time code by email instead' }).click();
  await signIn.getByLabel('Email address').fill(email);
  await signIn.getByRole('button', { name: 'Email me a code' }).click();
  await expect(signIn.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await signIn.getByLabel('6-digit code').fill(/\b(\d{6})\b/.exec(await newestMail(context, email))?.[1] ?? '');
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The profile, through the header and the member area's navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Profile' }).click();
  const security = page.getByRole('region', { name: 'Sign-in and security' });
  await security.getByLabel('Name of the new passkey (optional)').fill('Test laptop');
  await security.getByRole('button', { name: 'Add a passkey' }).click();

  // A fresh code to the member's address first.
  const codeField = security.getByLabel('6-digit code');
  await expect(codeField).toBeVisible();
  const code = /\b(\d{6})\b/.exec(await newestMail(context, email))?.[1] ?? '';
  await codeField.fill(code);
  await security.getByRole('button', { name: 'Continue' }).click();
  await expect(security.getByRole('status').filter({ hasText: 'Passkey “Test laptop” added' })).toBeVisible();
  await expect(security.getByRole('listitem').filter({ hasText: 'Test laptop' })).toBeVisible();

  // Signed out, then in again with the passkey alone: no email, no password.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your membership' })).toContainText('Pia');
});
