import { chooseBerlin, expect, test } from './fixtures';

/**
 * A guest goes from the results to a hotel's own page, sees its rooms and rates for the dates of the
 * search there, chooses one and goes on to the check-out, as from the rooms-and-rates page.
 */

test('a guest opens a hotel’s page from the results, chooses a room there and reaches the check-out', async ({ page }) => {
  // A journey from the home page to the check-out, on a machine shared with other journeys.
  test.slow();
  await page.goto('/en/');
  await chooseBerlin(page);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/find-a-hotel\?/);

  // The first hotel that can be booked here: its name leads to its page.
  const firstHotel = page
    .locator('.result-card')
    .filter({ has: page.getByRole('link', { name: 'Choose a room' }) })
    .first();
  const hotelLink = firstHotel.locator('a[href*="/en/hotels/"]').first();
  const hotelName = (await hotelLink.innerText()).trim();
  await hotelLink.click();
  await expect(page).toHaveURL(/\/en\/hotels\/[^/?]+\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hotelName);

  // Its rooms and rates, for the search's dates: each room type with its rates.
  const rooms = page.getByRole('region', { name: 'Rooms and rates' });
  const roomType = rooms.locator('article.room-offer').first();
  await expect(roomType).toBeVisible();
  const rate = roomType
    .locator('[data-rate]')
    .filter({ hasNotText: /Member rate/ })
    .first();
  await rate.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(rate.getByRole('button', { name: 'Selected' })).toBeVisible();
  // The guest is still on the hotel's page, with the choice in its address.
  await expect(page).toHaveURL(/\/en\/hotels\/[^/?]+\?.*room-1-rate-code=/);

  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/en\/booking\/check-out\?/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(hotelName).first()).toBeVisible();
});
