import type { APIRequestContext } from '@playwright/test';
import { expect, type Page, test } from './fixtures';

/*
 * Sign-in journeys against the built site and its BFF: mails are read from the development outbox and
 * Google and Apple are the local OpenID Connect provider (both switched on in playwright.config.ts).
 * Demo members come from the seed (README, "Demo members").
 */
const OTP_MEMBER = 'omar.haddad@example.com';
const PASSWORD_MEMBER = 'anna.schmidt@example.com';
const DEMO_PASSWORD = 'Demo-Password-2026';

interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/** The newest mail of a kind to an address, waiting for it to arrive. */
async function latestMail(request: APIRequestContext, to: string, kind: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/bff/dev/outbox?to=${encodeURIComponent(to)}`);
      const mails = ((await response.json()) as { data: Mail[] }).data;
      found = mails.find((mail) => mail.kind === kind);
      return found !== undefined;
    })
    .toBe(true);
  return found as Mail;
}

async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  const response = await request.get(`/bff/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: Mail[] }).data.length;
}

const linkIn = (mail: Mail) => /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';

async function openSignIn(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token')?.length ?? 0)).toBeGreaterThan(10);
}

test('one-time code: the code from the mail signs the member in, and signing out clears the session', async ({ page, request }) => {
  await page.goto('/en/');
  const before = await mailCount(request, OTP_MEMBER);
  const dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: 'Get a one-time code by email instead' }).click();
  await dialog.getByLabel('Email address').fill(OTP_MEMBER);
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect.poll(() => mailCount(request, OTP_MEMBER)).toBeGreaterThan(before);
  const code = /\b(\d{6})\b/.exec((await latestMail(request, OTP_MEMBER, 'otp')).text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await dialog.getByLabel('6-digit code').fill(code);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectSignedIn(page);

  // The same code does not work twice.
  const reuse = await request.post('/bff/auth/login/otp', { data: { email: OTP_MEMBER, code } });
  expect(reuse.status()).toBe(401);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('password: the member is signed in and the header shows the level and points', async ({ page }) => {
  await page.goto('/en/find-a-hotel?location=Berlin');
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email address').fill(PASSWORD_MEMBER);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectSignedIn(page);
  const membership = page.getByRole('region', { name: 'Your membership' });
  await expect(membership).toContainText('Anna');
  await expect(membership).toContainText('Gold');
  await expect(membership).toContainText('12,500');
  // Signing in keeps the visitor on the page they were on.
  await expect(page).toHaveURL(/\/en\/find-a-hotel\?location=Berlin/);
});

test('a signed-in member’s header is painted by the server as the member’s, before any script runs', async ({ page, browser }) => {
  await page.goto('/en/');
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email address').fill(PASSWORD_MEMBER);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
  // The same browser's cookies in a page that runs no script: what the server sent is what shows.
  const cookies = await page.context().cookies();
  const serverOnly = await browser.newContext({ javaScriptEnabled: false });
  await serverOnly.addCookies(cookies);
  const paintedForMember = await serverOnly.newPage();
  await paintedForMember.goto('/en/find-a-hotel');
  const header = paintedForMember.getByRole('banner');
  await expect(header.getByText('Loading your membership…')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeHidden();
  await serverOnly.close();

  // Signing out takes the hint away: the next page is painted for a visitor.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  const visitorContext = await browser.newContext({ javaScriptEnabled: false });
  await visitorContext.addCookies(await page.context().cookies());
  const paintedForVisitor = await visitorContext.newPage();
  await paintedForVisitor.goto('/en/find-a-hotel');
  await expect(paintedForVisitor.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(paintedForVisitor.getByRole('banner').getByText('Loading your membership…')).toBeHidden();
  await visitorContext.close();
});

test('a wrong password says so and keeps what was typed', async ({ page }) => {
  await page.goto('/en/');
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email address').fill(PASSWORD_MEMBER);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByText('The email address or password is not correct.')).toBeVisible();
  await expect(dialog.getByLabel('Email address')).toHaveValue(PASSWORD_MEMBER);
});

for (const provider of ['Google', 'Apple'] as const) {
  test(`${provider}: signing in through the identity provider signs a known member in`, async ({ page }) => {
    const email = provider === 'Google' ? PASSWORD_MEMBER : OTP_MEMBER;
    await page.goto('/en/');
    const dialog = await openSignIn(page);
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: `Continue with ${provider}` }).click();
    const popup = await popupPromise;
    await popup.getByRole('button', { name: new RegExp(email.replace('.', '\\.')) }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expectSignedIn(page);
  });
}

test.describe('the Google prompt', () => {
  test.use({ googlePrompt: true });

  test('appears on a first visit and signs in with Google', async ({ page }) => {
    await page.goto('/en/find-a-hotel');
    const prompt = page.getByRole('complementary', { name: 'Sign in with your Google account' });
    await expect(prompt).toBeVisible();
    const popupPromise = page.waitForEvent('popup');
    await prompt.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupPromise;
    await popup.getByRole('button', { name: /anna\.schmidt@example\.com/ }).click();
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 15_000 });
    await expectSignedIn(page);
    await expect(prompt).toBeHidden();
  });
});

test('Google: a new person is sent to registration with a registration token', async ({ page }) => {
  await page.goto('/en/');
  const dialog = await openSignIn(page);
  const popupPromise = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: /new\.google\.guest@example\.com/ }).click();
  await expect(page).toHaveURL(/\/en\/account\/registration\?registration_token=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Finish your registration' })).toBeVisible();
});

test('registration, then the activation link from the mail activates and signs the new member in', async ({ page, request }) => {
  const email = `new.member.${Date.now()}@example.com`;
  await page.goto('/en/account/registration');
  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Last name').fill('Keller');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('A-long-enough-password');
  await page.getByLabel('I accept the membership terms and the privacy policy.').check();
  await page.getByRole('button', { name: 'Become a member' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = new URL(linkIn(await latestMail(request, email, 'activation')));
  expect(link.pathname).toBe('/en/account/activate');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/en\/account\/activated/);
  await expectSignedIn(page);

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/already active|does not work/);
});

/** A new, activated member of this test's own (so changing its password disturbs no other journey). */
async function activatedMember(request: APIRequestContext): Promise<string> {
  const email = `reset.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request.post('/bff/members/register', {
    data: { email, firstName: 'Ida', lastName: 'Roth', password: 'First-long-password-1', locale: 'en', acceptTerms: true },
  });
  expect(registered.status()).toBe(201);
  // The registration proof shows the activation comes from whoever chose the password.
  const proof = ((await registered.json()) as { data: { registration_proof: string } }).data.registration_proof;
  const token = new URL(linkIn(await latestMail(request, email, 'activation'))).searchParams.get('token');
  expect((await request.post('/bff/members/activate', { data: { token, registration_proofs: [proof] } })).status()).toBe(200);
  return email;
}

/** Registers from the home page (the footer's link), with this password; answers the activation link. */
async function registerFromHomePage(page: Page, request: APIRequestContext, email: string, password: string): Promise<URL> {
  await page.goto('/en/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Join H Rewards' }).click();
  await expect(page).toHaveURL(/\/en\/account\/registration/);
  await page.getByLabel('First name').fill('Lea');
  await page.getByLabel('Last name').fill('Vogel');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('I accept the membership terms and the privacy policy.').check();
  await page.getByRole('button', { name: 'Become a member' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  return new URL(linkIn(await latestMail(request, email, 'activation')));
}

/** Opens a page once the app has taken it over (as the fixture's `page.goto` does). */
async function openReady(target: Page, url: string) {
  await target.goto(url);
  await target.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

async function signInWithPassword(page: Page, email: string, password: string) {
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectSignedIn(page);
}

test('registration from the home page; the mailed link, opened in another tab of the same browser, activates with that password', async ({ page, request }) => {
  const email = `same.browser.${Date.now()}@example.com`;
  const password = 'My-own-long-password-3';
  const link = await registerFromHomePage(page, request, email, password);

  const tab = await page.context().newPage();
  await openReady(tab, `${link.pathname}${link.search}`);
  await expect(tab).toHaveURL(/\/en\/account\/activated/);
  await expectSignedIn(tab);
  // The proof was used: the browser no longer keeps it.
  expect(await tab.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('registrationProof:')))).toEqual([]);

  await tab.getByRole('button', { name: 'Sign out' }).click();
  await signInWithPassword(tab, email, password);
  await tab.close();
});

test('the mailed link opened in another browser asks for the password chosen at registration, or activates without it', async ({ page, request, browser, baseURL }) => {
  const email = `other.browser.${Date.now()}@example.com`;
  const chosen = 'Someone-elses-password-4';
  const link = await registerFromHomePage(page, request, email, chosen);

  // The mailbox's owner, in their own browser (with the same consent choice, so no banner covers the page).
  const kept = await page.evaluate(() => Object.entries(localStorage).filter(([key]) => !key.startsWith('registrationProof:') && key !== 'token'));
  const owner = await (await browser.newContext({ baseURL })).newPage();
  await owner.addInitScript((entries) => {
    for (const [key, value] of entries) if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
  }, kept);
  await openReady(owner, `${link.pathname}${link.search}`);
  await expect(owner.getByRole('heading', { level: 1, name: 'Confirm your password' })).toBeVisible();
  await owner.getByLabel('The password you chose when you registered').fill('Not-the-chosen-password');
  await owner.getByRole('button', { name: 'Activate with this password' }).click();
  await expect(owner.getByText('This is not the password chosen at registration.')).toBeVisible();

  await owner.getByRole('button', { name: 'Activate without that password' }).click();
  await expect(owner).toHaveURL(/\/en\/account\/activated/);
  await expectSignedIn(owner);
  // The password chosen before the email was proven does not sign in.
  const login = await request.post('/bff/auth/login', { data: { email, password: chosen } });
  expect(login.status()).toBe(401);
  await owner.context().close();
});

test('password reset: the link from the mail sets a new password that then signs in', async ({ page, request }) => {
  const email = await activatedMember(request);
  await page.goto('/en/');
  let dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: 'Forgot your password?' }).first().click();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(dialog.getByText(`If there is an account for ${email}`)).toBeVisible();

  const link = new URL(linkIn(await latestMail(request, email, 'password-reset')));
  expect(link.searchParams.get('reset_token')).toBeTruthy();
  await page.goto(`${link.pathname}${link.search}`);
  const newPassword = 'Another-long-password-1';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/en\/account\/password-updated/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  dialog = await openSignIn(page);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
});
