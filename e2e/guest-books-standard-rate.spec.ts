import { chooseBerlin, expect, type Page, test } from './fixtures';

/**
 * A guest, not signed in, books standard rates for two rooms on a phone: from the home page to the
 * check-out page, choosing a rate per room without losing their place on the room page.
 */

test.use({ viewport: { width: 390, height: 844 } });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('a guest searches for two rooms, chooses a standard rate for each and reaches the check-out without a sign-in wall', async ({ page }) => {
  // A whole journey, from the home page to the check-out, on a machine shared with other journeys.
  test.slow();
  await page.goto('/en/');

  // Where: typed, then the city chosen from the suggestions.
  await chooseBerlin(page);

  // When: in the calendar, a month ahead, the 10th to the 12th.
  await page.getByRole('button', { name: /Dates/ }).click();
  const calendar = page.getByRole('application', { name: /Arrival and departure/ });
  await expect(calendar).toBeVisible();
  await calendar.getByRole('button', { name: 'Next month' }).click();
  // Days read "Sunday, 10 January 2027"; the last month shown holds the ones wanted.
  await calendar
    .getByRole('button', { name: /^\w+, 10 \w+ \d{4}/ })
    .last()
    .click();
  await calendar
    .getByRole('button', { name: /^\w+, 12 \w+ \d{4}/ })
    .last()
    .click();
  await expect(calendar).toBeHidden();

  // Who: two rooms, the second with a child of 5.
  await page.getByRole('button', { name: /Rooms and guests/ }).click();
  await page.getByRole('button', { name: 'Add a room' }).click();
  await page.getByRole('button', { name: 'Add a child to room 2' }).click();
  await page.getByRole('group', { name: 'Rooms and guests' }).getByLabel('Age of child 1').selectOption('5');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  // The results say what the price is: the total of the stay, for both rooms together.
  await expect(page).toHaveURL(/\/en\/find-a-hotel\?/);
  const firstHotel = page
    .locator('.result-card')
    .filter({ has: page.getByRole('link', { name: 'Choose a room' }) })
    .first();
  await expect(firstHotel.getByText('total for 2 nights, 2 rooms', { exact: true })).toBeVisible();
  await firstHotel.getByRole('link', { name: 'Choose a room' }).click();
  await expect(page).toHaveURL(/\/en\/booking\/select-room-rate\?/);

  const room = (number: number) => page.getByRole('region', { name: new RegExp(`^Room ${number} `) });
  const summary = page.getByRole('complementary', { name: /rooms? chosen/ });
  await expect(summary).toContainText('0 of 2 rooms chosen');
  // A standard rate: one without the member badge; its price is per room.
  const standardRate = (number: number) =>
    room(number)
      .locator('[data-rate]')
      .filter({ hasNotText: /Member rate/ })
      .first();

  // Room 1: the page stays where the guest is, and takes them on to room 2.
  const first = standardRate(1);
  await expect(first.getByText('per room per night')).toBeVisible();
  const firstSelect = first.getByRole('button', { name: 'Select', exact: true });
  await firstSelect.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  const beforeFirst = await scrollY(page);
  await firstSelect.click();
  await expect(page).toHaveURL(/room-1-rate-code=/);
  await expect(first.getByRole('button', { name: 'Selected' })).toBeVisible();
  await expect(room(2)).toBeFocused();
  expect(await scrollY(page)).toBeGreaterThanOrEqual(beforeFirst);
  await expect(summary).toContainText('1 of 2 rooms chosen');
  await expect(summary).toContainText('Total so far');

  // Room 2: the place is kept exactly; the total and the way on are in sight.
  const second = standardRate(2);
  const secondSelect = second.getByRole('button', { name: 'Select', exact: true });
  await secondSelect.scrollIntoViewIfNeeded();
  const beforeSecond = await scrollY(page);
  expect(beforeSecond).toBeGreaterThan(0);
  await secondSelect.click();
  await expect(page).toHaveURL(/room-2-rate-code=/);
  await expect(second.getByRole('button', { name: 'Selected' })).toBeVisible();
  await expect(summary).toBeFocused();
  expect(Math.abs((await scrollY(page)) - beforeSecond)).toBeLessThanOrEqual(1);
  await expect(summary).toContainText('2 of 2 rooms chosen');
  const next = summary.getByRole('link', { name: 'Continue to payment' });
  await expect(next).toBeInViewport();
  await next.click();

  // The check-out takes the guest's booking as it is: no wall asking them to sign in.
  await expect(page).toHaveURL(/\/en\/booking\/check-out\?/);
  await expect(
    page
      .getByRole('group', { name: /main guest/i })
      .first()
      .getByLabel('First name'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'This is a member rate: sign in to book it' })).toHaveCount(0);
});
