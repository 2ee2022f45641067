import { chooseBerlin, expect, test } from './fixtures';

/*
 * Favourite hotels as a person keeps them: from the home page a visitor searches, presses a hotel's heart,
 * signs in in the dialog that opens, and the hotel is saved; the member area's "Favourite hotels" lists it
 * first, and it is removed there again, so the demo member's favourites stay as the seed made them.
 */
const MEMBER = { email: 'anna.schmidt@example.com', password: 'Demo-Password-2026' };
/** A Berlin hotel that is not one of the demo member's favourites; her Berlin favourite is the other one. */
const HOTEL = 'MAXX Hotel Berlin Mitte';
const ALREADY_SAVED = 'Steigenberger Hotel Berlin Tiergarten';

test('a visitor’s heart is kept through signing in; the hotel is listed under Favourite hotels and removed there', async ({ page }) => {
  await page.goto('/en/');
  await chooseBerlin(page);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/find-a-hotel\?/);

  const card = page.getByRole('article', { name: HOTEL });
  const heart = card.getByRole('button', { name: `Save ${HOTEL} to favourites` });
  await expect(heart).toBeEnabled();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();

  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email address').fill(MEMBER.email);
  await dialog.getByLabel('Password').fill(MEMBER.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(card.getByRole('button', { name: `Remove ${HOTEL} from favourites` })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText(`${HOTEL} is now one of your favourite hotels.`)).toBeAttached();
  // The member's earlier favourite shows as one too.
  await expect(page.getByRole('article', { name: ALREADY_SAVED }).getByRole('button', { name: `Remove ${ALREADY_SAVED} from favourites` })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Favourite hotels' }).click();
  await expect(page).toHaveURL(/\/en\/account\/favourites$/);
  const list = page.getByRole('list', { name: 'Your favourite hotels' });
  // Newest first, with its city and brand and a way to its page.
  const saved = list.getByRole('article').first();
  await expect(saved).toHaveAccessibleName(HOTEL);
  await expect(saved).toContainText('Berlin · MAXX');
  await expect(saved.getByRole('link', { name: HOTEL })).toHaveAttribute('href', /\/en\/hotels\/[A-Z0-9]+$/);

  await saved.getByRole('button', { name: `Remove ${HOTEL} from favourites` }).click();
  await expect(list.getByRole('article', { name: HOTEL })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `${HOTEL} was removed from your favourite hotels.` })).toBeAttached();
  await expect(list.getByRole('article', { name: ALREADY_SAVED })).toBeVisible();
});
