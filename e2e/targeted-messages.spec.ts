import { SEEN_MESSAGES_KEY } from '../src/services/content/targeted-messages';
import { targetedMessage } from '../src/services/content/targeted-messages.fixtures';
import { expect, type Page, test } from './fixtures';

/*
 * Targeted messages against the built site and its BFF. The journeys start as a first visit (no message
 * seen yet). The site runs on 127.0.0.1, a development host, where messages show whatever the visitor
 * chose about consent (spec section 4); the consent rules themselves are covered by the eligibility tables.
 */
test.use({ targetedMessages: 'fresh' });

/**
 * Resolves once the page's targeted messages have been weighed: the machine's region is in the page and
 * the browser has painted twice since, so a message it chose would be on screen by now.
 */
async function messagesWeighed(page: Page) {
  await page.locator('.targeted-notifications').waitFor({ state: 'attached' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const seenIds = (page: Page) => page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? '[]') as number[], SEEN_MESSAGES_KEY);

test('a popup targeted at the hotel search shows there once, and not again after closing', async ({ page }) => {
  await page.goto('/en/');
  await messagesWeighed(page);
  const popup = page.getByRole('dialog', { name: 'Members pay less' });
  await expect(popup).toHaveCount(0);

  // The seeded popup targets `find-a-hotel`: it opens there, over the page, with its call to action.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find a hotel' }).click();
  await expect(page).toHaveURL(/\/en\/find-a-hotel/);
  await expect(popup).toBeVisible();
  await expect(popup.getByText('member rate')).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/en/account/registration');

  await popup.getByRole('button', { name: 'Close' }).click();
  // It fades out over the close delay (the machine's test counts the 500 ms on a simulated clock; a busy
  // machine may be past the fade before a look), then leaves the page.
  await expect(popup).toHaveCount(0);
  expect((await seenIds(page)).length).toBe(1);

  await page.reload();
  await messagesWeighed(page);
  await expect(popup).toHaveCount(0);

  // Away and back again: still not shown.
  await page.getByRole('banner').getByRole('link', { name: /Home page$/ }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/find-a-hotel/);
  await messagesWeighed(page);
  await expect(popup).toHaveCount(0);
});

test('Escape closes the popup too', async ({ page }) => {
  await page.goto('/en/find-a-hotel');
  const popup = page.getByRole('dialog', { name: 'Members pay less' });
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  expect((await seenIds(page)).length).toBe(1);
});

/** A message for every page and every visitor, served in place of the seeded content. */
const EVERYWHERE = targetedMessage(9001, { header: 'An offer for every page', body: '<p>Shown wherever messages may show.</p>' });

test('no targeted message on /checkin, though one targets every page', async ({ page }) => {
  await page.route('**/bff/content/targeted-messages*', (route) => route.fulfill({ json: { data: [EVERYWHERE] } }));
  await page.goto('/en/checkin/personal-details');
  await messagesWeighed(page);
  const popup = page.getByRole('dialog', { name: 'An offer for every page' });
  await expect(popup).toHaveCount(0);

  // The same message does show on the next page that is not a system page (once the visitor has seen
  // search results: before that, overlays wait).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find a hotel' }).click();
  await expect(page).toHaveURL(/\/en\/find-a-hotel/);
  await expect(popup).toBeVisible();
});

test('a member who signs in is welcomed by a notification, which stays closed once closed', async ({ page }) => {
  // Overlays show once the visitor has seen search results: the results, and their popup closed, first.
  await page.goto('/en/find-a-hotel');
  const popup = page.getByRole('dialog', { name: 'Members pay less' });
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: /Home page$/ }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  await messagesWeighed(page);
  const welcome = page.getByRole('region', { name: 'Welcome back' });
  await expect(welcome).toHaveCount(0);

  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email address').fill('anna.schmidt@example.com');
  await dialog.getByLabel('Password').fill('Demo-Password-2026');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The seeded notification is for members, on login; it leaves the page usable (no modal).
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('member rates are active');
  await welcome.getByRole('button', { name: 'Close' }).click();
  await expect(welcome).toHaveCount(0);

  await page.reload();
  await messagesWeighed(page);
  await expect(welcome).toHaveCount(0);
});
