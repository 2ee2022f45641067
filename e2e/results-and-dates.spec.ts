import { chooseBerlin, expect, type Page, test } from './fixtures';

/** From the home page, searches Berlin as a person does: type, pick the suggested city, search. */
async function searchBerlin(page: Page) {
  await page.goto('/en/');
  await chooseBerlin(page);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/find-a-hotel\?/);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the first hotel is on the first screen and the filters open behind a button', async ({ page }) => {
    await searchBerlin(page);
    const first = page.locator('.result-card').first();
    await expect(first).toBeVisible();
    const box = await first.boundingBox();
    expect(box, 'the first hotel has a box').not.toBeNull();
    // Its top (name and brand) shows without scrolling: the filters are not in the way.
    expect(box?.y ?? Infinity).toBeLessThan(844);
    await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();

    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('group', { name: 'Brands' }).getByRole('checkbox').first().check();
    await expect(page).toHaveURL(/brands=/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeAttached();
    await dialog.getByRole('button', { name: /^Show \d+ hotels?$/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();
  });
});

test('dates are chosen by keyboard alone, and the calendar closes once the departure is chosen', async ({ page }) => {
  await page.goto('/en/');
  const dates = page.getByRole('button', { name: /^Dates/ });
  // Tab from the destination into the dates, as a keyboard user does.
  await page.getByRole('combobox', { name: 'Destination' }).focus();
  await page.keyboard.press('Tab');
  await expect(dates).toBeFocused();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('application', { name: /Arrival and departure/ });
  await expect(calendar).toBeVisible();
  // Focus is in the grid at once: the arrival is the focused day; arrows move, Enter picks.
  const focusedDay = page.locator('.calendar__cell:focus');
  await expect(focusedDay).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(dates).toBeFocused();
  // A week after the default arrival, for a few nights (the range ends where the arrows left the focus).
  await expect(dates).toContainText(/[2-9] nights/);
  // English dates are written the British way, day before month.
  await expect(dates).toContainText(/\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/);

  // Escape closes the calendar without a choice and gives focus back.
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dates).toBeFocused();
});

test('a hotel page reached from the results checks that hotel’s availability', async ({ page }) => {
  await searchBerlin(page);
  const card = page.locator('.result-card').first();
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/en\/hotels\/[A-Z0-9]+\?/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const form = page.getByRole('search', { name: 'Check availability' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Check availability' }).click();
  await expect(page).toHaveURL(/\/en\/booking\/select-room-rate\?/);
  await expect(page.locator('h1')).toContainText(name);
});

test('an unknown city is said to be unknown, with places to search instead', async ({ page }) => {
  await page.goto('/en/');
  await page.getByRole('combobox', { name: 'Destination' }).fill('Atlantis');
  await page.getByRole('combobox', { name: 'Destination' }).press('Escape');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/location=Atlantis/);
  const reason = page.getByTestId('unknown-place');
  await expect(reason).toContainText("We don't know the place “Atlantis”. Try a city or hotel name, e.g.");
  await expect(page.getByText('No hotel has rooms for these dates and guests.')).toHaveCount(0);
  await reason.getByRole('link').first().click();
  await expect(page.locator('.result-card').first()).toBeVisible();
});
