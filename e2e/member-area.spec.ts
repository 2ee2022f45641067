import { expect, type Page, test } from './fixtures';

/*
 * The member area as a member meets it: from the home page, signed in with a demo member of the README
 * (the seed's history), through the header's Rewards link.
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

test('a member signs in on the home page and sees their status and points under Rewards', async ({ page }) => {
  await page.goto('/en/');
  await signInFromHeader(page);
  const headerPoints = page.getByRole('region', { name: 'Your membership' });
  await expect(headerPoints).toContainText('Anna');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  await expect(page).toHaveURL(/\/en\/account\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Anna' })).toBeVisible();
  const status = page.getByRole('region', { name: 'My status' });
  await expect(status).toContainText(/This year: \d+ nights?/);
  const points = page.getByRole('region', { name: 'My points' });
  // The header and the overview say the same balance.
  const balance = (await headerPoints.textContent())?.match(/([\d,]+) points/)?.[1] ?? 'none';
  await expect(points).toContainText(`${balance} points`);
  await expect(page.getByRole('region', { name: 'My next stay' })).toBeVisible();
});

test('a visitor opening the overview is asked to sign in and stays there once signed in', async ({ page }) => {
  await page.goto('/en/account/overview');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email address').fill(PASSWORD_MEMBER);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('region', { name: 'My points' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/account\/overview$/);
});

test('from the overview, the points history explains the year’s points and goes back a year', async ({ page }) => {
  await page.goto('/en/');
  await signInFromHeader(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  await page.getByRole('region', { name: 'My points' }).getByRole('link', { name: 'Points history' }).click();
  await expect(page).toHaveURL(/\/en\/account\/points-history$/);
  const thisYear = page.getByRole('list', { name: /^Points history \d{4}$/ });
  await expect(thisYear.getByRole('listitem').first()).toBeVisible();
  const previous = page.getByRole('link', { name: /^Previous year \(\d{4}\)$/ });
  const previousYear = (await previous.textContent())?.match(/\d{4}/)?.[0] ?? '';
  await previous.click();
  await expect(page).toHaveURL(new RegExp(`year=${previousYear}`));
  await expect(page.getByRole('heading', { level: 1, name: `Points history ${previousYear}` })).toBeVisible();
  await expect(page.getByRole('list', { name: `Points history ${previousYear}` }).getByText(/^Stay at /).first()).toBeVisible();
});

test('my bookings lists the member’s stays, and a past one is booked again from its hotel’s page', async ({ page }) => {
  await page.goto('/en/');
  await signInFromHeader(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  await page.getByRole('region', { name: 'My next stay' }).getByRole('link', { name: 'My bookings' }).click();
  await expect(page).toHaveURL(/\/en\/account\/bookings$/);
  await expect(page.getByRole('list', { name: 'Upcoming stays' }).getByRole('article').first()).toBeVisible();
  await page.getByText(/^Past stays \(\d+\)$/).click();
  const pastStay = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Book again' }) }).first();
  const hotel = (await pastStay.getByRole('heading').textContent()) ?? '';
  await pastStay.getByRole('link', { name: 'Book again' }).click();
  await expect(page).toHaveURL(/\/en\/hotels\/[A-Z0-9]+\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hotel);
});

test('from the overview, the levels and their benefits, the member’s own marked', async ({ page }) => {
  await page.goto('/en/');
  await signInFromHeader(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  await page.getByRole('region', { name: 'My status' }).getByRole('link', { name: 'Levels and benefits' }).click();
  await expect(page).toHaveURL(/\/en\/account\/status$/);
  const current = page.locator('article[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Your level');
  await expect(page.getByRole('article')).toHaveCount(6);
});

