import { expect, type Page, test } from './fixtures';

/*
 * The newsletter's double opt-in as a member lives it, from the home page: subscribed under Preferences,
 * confirmed with the link of the mail read in the demo mailbox, unsubscribed in the preference centre
 * that the same mail links, and Preferences then says so. Links are followed by clicking them, in the
 * member area and in the mailbox, never typed.
 *
 * Anna (README, "Demo members") receives the newsletter from the seed; no other journey reads or
 * changes it. She unsubscribes first so that she can subscribe, and the journey ends with her
 * subscription as the seed made it.
 */
const PASSWORD_MEMBER = 'anna.schmidt@example.com';
const DEMO_PASSWORD = 'Demo-Password-2026';

async function signInFromHeader(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email address').fill(PASSWORD_MEMBER);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** A page of the site opened by a click in another tab: it responds once the app has taken it over. */
async function appReady(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

test('a member subscribes under Preferences, confirms from the mailed link, unsubscribes in the preference centre, and Preferences shows it', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto('/en/');
  await signInFromHeader(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  const memberArea = page.getByRole('navigation', { name: 'Member area' });
  await memberArea.getByRole('link', { name: 'Preferences' }).click();
  await expect(page).toHaveURL(/\/en\/account\/preferences$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();

  const newsletter = page.getByRole('region', { name: 'Newsletters' }).getByRole('article', { name: 'H Rewards newsletter' });
  await expect(newsletter).toContainText('You receive it.');
  await newsletter.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(newsletter).toContainText('You do not receive it.');
  await newsletter.getByRole('button', { name: 'Subscribe' }).click();
  await expect(newsletter).toContainText('Check your inbox to confirm');
  await expect(newsletter.getByRole('status')).toContainText(`We have sent a confirmation link to ${PASSWORD_MEMBER}.`);

  // The demo's mailbox, opened from the page in a new tab, shows the member's mails, newest first.
  const [mailbox] = await Promise.all([context.waitForEvent('page'), newsletter.getByRole('link', { name: /^Open the demo mailbox/ }).click()]);
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  const mail = mailbox.getByRole('article', { name: /^Please confirm your subscription/ }).first();
  await expect(mail).toContainText(PASSWORD_MEMBER);

  await mail.getByRole('link', { name: /\/en\/newsletter-confirmation\?token=/ }).click();
  await appReady(mailbox);
  await expect(mailbox.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();

  // Back in the mailbox, the same mail's other link: the preference centre of the address.
  await mailbox.goBack();
  await mail.getByRole('link', { name: /\/en\/preference-center\?token=/ }).click();
  await appReady(mailbox);
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Newsletter preferences' })).toBeVisible();
  await expect(mailbox.getByText(`The newsletters for ${PASSWORD_MEMBER}.`, { exact: false })).toBeVisible();
  const centre = mailbox.getByRole('article', { name: 'H Rewards newsletter' });
  await expect(centre).toContainText('You receive it.');
  await centre.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(centre).toContainText('You do not receive it.');

  // The member's own tab: Preferences, reached again through the member area, says she no longer receives it.
  await page.bringToFront();
  await memberArea.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/en\/account\/overview$/);
  await memberArea.getByRole('link', { name: 'Preferences' }).click();
  await expect(newsletter).toContainText('You do not receive it.');
  await expect(newsletter.getByRole('button', { name: 'Subscribe' })).toBeVisible();

  // As the seed had it: subscribed again in the preference centre (the link proves the mailbox, so at once).
  await centre.getByRole('button', { name: 'Subscribe' }).click();
  await expect(centre).toContainText('You receive it.');
  await mailbox.close();
});
