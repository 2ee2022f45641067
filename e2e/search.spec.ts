import { expect, type Page, test } from './fixtures';

/** Visible words of the journey, per locale: the journey runs the same in English and in Arabic. */
const WORDS = {
  en: { city: 'Berlin', destination: 'Destination', rooms: 'Rooms and guests', addRoom: 'Add a room', addChild: 'Add a child to room 2', childAge: 'Age of child 1', done: 'Done', search: 'Search', sortBy: 'Sort by', choose: 'Choose a room', select: 'Select', selected: 'Selected', next: 'Continue to payment' },
  ar: { city: 'برلين', destination: 'الوجهة', rooms: 'الغرف والضيوف', addRoom: 'إضافة غرفة', addChild: 'إضافة طفل إلى الغرفة 2', childAge: 'عمر الطفل 1', done: 'تم', search: 'بحث', sortBy: 'الترتيب حسب', choose: 'اختر غرفة', select: 'اختيار', selected: 'تم الاختيار', next: 'المتابعة إلى الدفع' },
} as const;

async function searchBerlinForTwoRoomsWithAChild(page: Page, locale: keyof typeof WORDS) {
  const words = WORDS[locale];
  await page.goto(`/${locale}/`);
  const destination = page.getByRole('combobox', { name: words.destination });
  await destination.fill('Berl');
  // Cities come before hotels; the city is named in the page's language.
  await page.getByRole('option', { name: new RegExp(`^${words.city}`) }).first().click();
  await expect(destination).toHaveValue(words.city);

  await page.getByRole('button', { name: new RegExp(words.rooms) }).click();
  await page.getByRole('button', { name: words.addRoom }).click();
  await page.getByRole('button', { name: words.addChild }).click();
  await page.getByRole('group', { name: words.rooms }).getByLabel(words.childAge).selectOption('5');
  await page.getByRole('button', { name: words.done }).click();
  await page.getByRole('button', { name: words.search, exact: true }).click();

  await expect(page).toHaveURL(/\/find-a-hotel\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('location')).toBe(words.city);
  expect(url.searchParams.get('rooms')).toBe('2');
  expect(url.searchParams.get('room-2-child-1')).toBe('5');
}

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: search a city for two rooms with a child, filter, sort, open a hotel and pick a rate per room`, async ({ page }) => {
    const words = WORDS[locale];
    await searchBerlinForTwoRoomsWithAChild(page, locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');

    const cards = page.locator('.result-card');
    await expect(cards.first()).toBeVisible();
    const allHotels = await cards.count();
    expect(allHotels).toBeGreaterThan(1);

    // Filter by the first brand: the URL carries it and every card is of that brand.
    const brandFilter = page.getByRole('group', { name: locale === 'en' ? 'Brands' : 'العلامات التجارية' }).getByRole('checkbox').first();
    await brandFilter.check();
    await expect(page).toHaveURL(/brands=/);
    await expect.poll(async () => cards.count()).toBeLessThan(allHotels);
    await brandFilter.uncheck();
    await expect.poll(async () => cards.count()).toBe(allHotels);

    // Sort by name: the URL carries it and the titles come in alphabetical order.
    await page.getByLabel(words.sortBy).selectOption('name');
    await expect(page).toHaveURL(/sortBy=name/);
    await expect
      .poll(async () => {
        const titles = await page.locator('.result-card__title').allTextContents();
        return titles.join('|') === [...titles].sort((a, b) => a.localeCompare(b, locale)).join('|');
      })
      .toBe(true);

    // Open the first hotel with availability and pick a rate for each room.
    await page.getByRole('link', { name: words.choose }).first().click();
    await expect(page).toHaveURL(/\/booking\/select-room-rate\?/);
    for (const room of [1, 2]) {
      const section = page.locator('.room-choice').nth(room - 1);
      await section.getByRole('button', { name: words.select, exact: true }).first().click();
      await expect(section.getByRole('button', { name: words.selected })).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`room-${room}-rate-code=`));
      await expect(page).toHaveURL(new RegExp(`room-${room}-room-type-code=`));
    }
    await expect(page.getByRole('link', { name: words.next })).toBeVisible();
  });
}

test('a pasted search URL restores the search, and garbage falls back to defaults', async ({ page }) => {
  await page.goto('/en/find-a-hotel?location=Berlin&rooms=2&room-1-adults=2&room-2-adults=1&room-2-child-1=7&sortBy=name');
  const summary = page.getByRole('region', { name: 'Your search' });
  await expect(summary).toContainText('Berlin');
  await expect(summary).toContainText('2 rooms, 4 guests');
  await expect(page.getByLabel('Sort by')).toHaveValue('name');
  await page.getByRole('button', { name: 'Change search' }).click();
  await expect(page.getByRole('combobox', { name: 'Destination' })).toHaveValue('Berlin');
  await expect(page.getByRole('button', { name: /Rooms and guests/ })).toContainText('2 rooms, 4 guests');
  await page.goto('/en/find-a-hotel?location=Berlin&rooms=banana&startDate=yesterday&room-1-adults=-4&sortBy=%00');
  await expect(page.locator('[data-page="results"]')).toBeVisible();
  await expect(summary).toContainText('1 room, 1 guest');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
});

test('submitting without a destination says what is missing and keeps what was typed', async ({ page }) => {
  await page.goto('/en/');
  await page.getByLabel('Promo code').fill('SPRING');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Tell us where you want to stay.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Destination' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Promo code')).toHaveValue('SPRING');
  await expect(page).toHaveURL(/\/en\/$/);
});

test('the date picker shows prices, works by keyboard and changes the stay', async ({ page }) => {
  await page.goto('/en/find-a-hotel?location=Berlin');
  await page.getByRole('button', { name: 'Change search' }).click();
  await page.getByRole('button', { name: /Dates/ }).click();
  const calendar = page.getByRole('application', { name: /Arrival and departure/ });
  await expect(calendar).toBeVisible();
  await expect(page.getByText('Cheapest member price per night')).toBeVisible();
  await expect(page.locator('.calendar__price').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
});

test('the results page changes the search from its one-line summary', async ({ page }) => {
  await page.goto('/en/find-a-hotel?location=Berlin');
  const summary = page.getByRole('region', { name: 'Your search' });
  await expect(summary).toContainText('Berlin');
  await page.getByRole('button', { name: 'Change search' }).click();
  const destination = page.getByRole('combobox', { name: 'Destination' });
  await destination.fill('Hamb');
  await page.getByRole('option', { name: /^Hamburg/ }).first().click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/location=Hamburg/);
  await expect(summary).toContainText('Hamburg');
  await expect(destination).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hotels in Hamburg');
});

test('the results page arrives rendered with its hotels, and the app takes it over without an error', async ({ page, request }) => {
  const url = '/en/find-a-hotel?location=Berlin&rooms=2&room-1-adults=2&room-2-adults=1&room-2-child-1=5';
  const html = await (await request.get(url)).text();
  expect(html).toContain('Hotels in Berlin');
  expect(html).toMatch(/class="result-card__title"/);
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/en\/find-a-hotel"[^>]*>[^]*<\/head>/);
  expect(html).not.toMatch(/<script>/);

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  await expect(page.locator('.result-card').first()).toBeVisible();
  // Taken over, not rendered again: the app responds, and nothing was reported.
  await page.getByLabel('Sort by').selectOption('name');
  await expect(page).toHaveURL(/sortBy=name/);
  expect(problems).toEqual([]);
});
