import { expect, type Page, test } from './fixtures';

/*
 * The member area as a member meets it: from the home page, signed in with a demo member of the README
 * (the seed's history), through the header's Rewards link.
 */
const PASSWORD_MEMBER = 'anna.schmidt@example.com';
const DEMO_PASSWORD = 'Demo-Password-2026';

// The journeys below spend and earn the demo member's points: one after another, so that each one's
// balance is what it read.
test.describe.configure({ mode: 'serial' });

/** From the home page: signed in with the header's button, then the header's Rewards link to the overview. */
async function openMemberArea(page: Page) {
  await page.goto('/en/');
  await signInFromHeader(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
}

/** The balance the header shows, as a number. */
async function headerBalance(page: Page): Promise<number> {
  const text = (await page.getByRole('region', { name: 'Your membership' }).textContent()) ?? '';
  return Number(text.match(/([\d,]+) points?/)?.[1]?.replaceAll(',', '') ?? Number.NaN);
}

const points = (value: number) => value.toLocaleString('en-GB');

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
  await openMemberArea(page);
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
  await openMemberArea(page);
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
  await openMemberArea(page);
  await page.getByRole('region', { name: 'My status' }).getByRole('link', { name: 'Levels and benefits' }).click();
  await expect(page).toHaveURL(/\/en\/account\/status$/);
  const current = page.locator('article[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Your level');
  await expect(page.getByRole('article')).toHaveCount(6);
});


test('a member redeems points for a voucher, confirms it, and the balance falls on the page and in the header', async ({ page }) => {
  await openMemberArea(page);
  await page.getByRole('region', { name: 'My points' }).getByRole('link', { name: 'Redeem points' }).click();
  await expect(page).toHaveURL(/\/en\/account\/rewards$/);
  const balanceLine = page.getByText(/^You have [\d,]+ points to redeem\.$/);
  await expect(balanceLine).toBeVisible();
  const before = Number((await balanceLine.textContent())?.match(/[\d,]+/)?.[0]?.replaceAll(',', ''));
  await expect.poll(() => headerBalance(page)).toBe(before);
  const reward = page.getByRole('list', { name: 'Redeem your points' }).getByRole('article', { name: '25 EUR off a stay' });
  await reward.getByRole('button', { name: 'Redeem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem 2,500 points?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Redeem 2,500 points' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Your voucher code is' });
  await expect(notice).toContainText(`You have ${points(before - 2_500)} points left.`);
  const code = (await notice.locator('.member-rewards__code').textContent()) ?? '';
  await expect(page.getByText(`You have ${points(before - 2_500)} points to redeem.`)).toBeVisible();
  await expect.poll(() => headerBalance(page)).toBe(before - 2_500);
  // The voucher is the member's, listed under My vouchers with its code.
  await expect(page.getByRole('region', { name: 'My vouchers' })).toContainText(code);
});

test('a member adds a booking made by phone by its number and last name, and claims its missing points with one click', async ({ page }) => {
  await openMemberArea(page);
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'My bookings' }).click();
  await expect(page).toHaveURL(/\/en\/account\/bookings$/);
  const add = page.getByRole('region', { name: 'Booked by phone or at the hotel?' });
  await add.getByRole('button', { name: 'Add a booking' }).click();
  await add.getByLabel('Reservation number').fill('smsb-phone042');
  await add.getByLabel('Last name of the guest').fill('Schmidt');
  await add.getByRole('button', { name: 'Add booking' }).click();
  await expect(add).toContainText('It is now in your bookings.');
  // The header's balance, once it shows one (the membership summary loads on its own).
  await expect.poll(() => headerBalance(page)).not.toBeNaN();
  const before = await headerBalance(page);
  await add.getByRole('link', { name: 'See if points are missing' }).click();
  await expect(page).toHaveURL(/\/en\/account\/request-points$/);
  const stay = page.getByRole('list', { name: 'Stays found without points' }).getByRole('article').filter({ hasText: 'SMSB-PHONE042' });
  const claim = stay.getByRole('button', { name: /^Claim [\d,]+ points$/ });
  const granted = Number((await claim.textContent())?.match(/[\d,]+/)?.[0]?.replaceAll(',', ''));
  await claim.click();
  const answer = page.getByRole('region', { name: 'Points added' });
  await expect(answer).toContainText(`${points(granted)} points for your stay at`);
  await expect(page.getByRole('region', { name: 'My requests' })).toContainText('SMSB-PHONE042');
  await expect.poll(() => headerBalance(page)).toBe(before + granted);
  await expect(stay).toHaveCount(0);
});

test('a stay booked here that earned no points is found in the points history’s request page and claimed', async ({ page }) => {
  await openMemberArea(page);
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Points history' }).click();
  await page.getByRole('link', { name: 'Request points' }).click();
  const stay = page.getByRole('list', { name: 'Stays found without points' }).getByRole('article').filter({ hasText: 'SMSB-ANNA7PAS' });
  await stay.getByRole('button', { name: /^Claim [\d,]+ points$/ }).click();
  await expect(page.getByRole('region', { name: 'Points added' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Points history' }).click();
  await expect(page.getByRole('list', { name: /^Points history \d{4}$/ }).getByRole('listitem').first()).toContainText('SMSB-ANNA7PAS');
});

test('a member opens one of their bookings with its rooms, and the member offers lead to a search with the offer’s code', async ({ page }) => {
  await openMemberArea(page);
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'My bookings' }).click();
  const upcoming = page.getByRole('list', { name: 'Upcoming stays' }).getByRole('article').first();
  const hotel = (await upcoming.getByRole('heading').textContent()) ?? '';
  await upcoming.getByRole('link', { name: 'View booking' }).click();
  await expect(page).toHaveURL(/\/en\/account\/booking\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Your booking is/);
  await expect(page.getByRole('heading', { level: 2, name: hotel })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' }).first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Member offers' }).click();
  const offer = page.getByRole('list', { name: 'Offers to book' }).getByRole('article').first();
  const code = (await offer.locator('.member-specials__code').textContent()) ?? '';
  await offer.getByRole('link', { name: 'Find a hotel with this offer' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/find-a-hotel\\?.*promo=${code}`));
});

test('a member shows their member card with its QR code, and adds a stay voucher by its code', async ({ page }) => {
  await openMemberArea(page);
  await page.getByRole('button', { name: 'Show my member card' }).click();
  const card = page.getByRole('dialog', { name: 'My member card' });
  await expect(card.getByRole('img', { name: /^QR code of membership number / })).toBeVisible();
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toBeHidden();

  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Rewards' }).click();
  const stays = page.getByRole('region', { name: 'Stay vouchers' });
  await stays.getByLabel('Voucher code').fill('STAY-DEMO-EXPIRED');
  await stays.getByRole('button', { name: 'Add voucher' }).click();
  await expect(stays).toContainText('This voucher has already been redeemed or has expired.');
  await stays.getByLabel('Voucher code').fill('stay-demo-2nights');
  await stays.getByRole('button', { name: 'Add voucher' }).click();
  await expect(stays).toContainText('Added: your voucher for 2 nights');
  await expect(stays.getByRole('list')).toContainText('STAY-DEMO-2NIGHTS');
});
