import { expect, type Page, test } from './fixtures';

const LOCALES = ['en', 'de', 'fr', 'nl', 'es', 'it', 'pl', 'ar'];

/** Fails the test on any error the page logs, so broken pages cannot pass quietly. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('arriving without a locale', () => {
  test('/ redirects to the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/de\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('/ prefers the remembered locale over the browser language', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'nl', url: baseURL ?? '' }]);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/nl\/$/);
    await context.close();
  });

  test('/ falls back to English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
    await context.close();
  });
});

test('visiting a locale remembers it in NEXT_LOCALE for a year, SameSite=Lax', async ({ page, context }) => {
  await page.goto('/it/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cookie = (await context.cookies()).find((entry) => entry.name === 'NEXT_LOCALE');
  expect(cookie?.value).toBe('it');
  expect(cookie?.sameSite).toBe('Lax');
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(31_536_000 - 120);
  expect(lifetime).toBeLessThanOrEqual(31_536_000 + 5);
});

test('the home page shows the group’s brands and destinations from the BFF', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/en/');
  await expect(page).toHaveTitle('H World Hotels');
  const brands = page.getByRole('region', { name: 'Our brands' }).getByRole('listitem');
  await expect(brands.first()).toBeVisible();
  expect(await brands.count()).toBeGreaterThanOrEqual(6);
  const destinations = page.getByRole('region', { name: 'Popular destinations' }).getByRole('listitem');
  expect(await destinations.count()).toBeGreaterThanOrEqual(15);
  expect(errors).toEqual([]);
});

test('/ar/ renders right to left and mirrors the layout', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/ar/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // In right-to-left the logo sits at the right and the tools to its left; in English the other way round.
  const logo = await page.locator('.site-header__home').boundingBox();
  const tools = await page.locator('.site-header__tools').boundingBox();
  const viewport = page.viewportSize();
  expect(logo && tools && viewport).toBeTruthy();
  if (logo && tools && viewport) {
    expect(logo.x).toBeGreaterThan(viewport.width / 2);
    expect(tools.x + tools.width).toBeLessThan(logo.x);
  }
  await page.goto('/en/');
  const logoEn = await page.locator('.site-header__home').boundingBox();
  const toolsEn = await page.locator('.site-header__tools').boundingBox();
  if (logoEn && toolsEn) expect(logoEn.x + logoEn.width).toBeLessThan(toolsEn.x);
  expect(errors).toEqual([]);
});

test('every other locale renders left to right with its own title', async ({ page }) => {
  await page.goto('/de/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 2, name: 'Unsere Marken' })).toBeVisible();
});

test('switching locale keeps the page, the query and the fragment', async ({ page }) => {
  await page.goto('/en/brands/jaz?source=teaser#hotels');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Language').selectOption('de');
  await expect(page).toHaveURL(/\/de\/brands\/jaz\?source=teaser#hotels$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 2, name: 'Unsere Hotels' })).toBeVisible();
  await page.getByLabel('Sprache').selectOption('ar');
  await expect(page).toHaveURL(/\/ar\/brands\/jaz\?source=teaser#hotels$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('a brand page and its hotels are painted in the brand’s theme', async ({ page }) => {
  await page.goto('/en/');
  await expect(page.locator('.site')).toHaveAttribute('data-theme', 'hworld');
  await page.goto('/en/brands/jaz');
  await expect(page.locator('.site')).toHaveAttribute('data-theme', 'jaz');
  // The header takes the brand's primary colour.
  await expect(page.locator('.site-header')).toHaveCSS('background-color', 'rgb(140, 20, 80)');
  await page.locator('[data-hotel]').first().click();
  await expect(page.locator('[data-page="hotel"]')).toBeVisible();
  await expect(page.locator('.site')).toHaveAttribute('data-theme', 'jaz');
  await page.getByRole('link', { name: 'Home page' }).click();
  await expect(page.locator('.site')).toHaveAttribute('data-theme', 'hworld');
});

test('check-in and checkout paths switch to the in-house theme', async ({ page }) => {
  await page.goto('/en/checkin/personal-details');
  await expect(page.locator('.site')).toHaveAttribute('data-theme', 'product');
  await page.goto('/de/checkout/redirect');
  await expect(page.locator('.site')).toHaveAttribute('data-theme', 'product');
});

test('each page links its alternates in every locale, x-default and a canonical', async ({ page, baseURL }) => {
  await page.goto('/fr/brands/maxx');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const alternates = page.locator('head link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(LOCALES.length + 1);
  for (const locale of LOCALES) {
    await expect(page.locator(`head link[rel="alternate"][hreflang="${locale}"]`)).toHaveAttribute('href', `${baseURL}/${locale}/brands/maxx`);
  }
  await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/en/brands/maxx`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/fr/brands/maxx`);
  await expect(page.locator('head title')).toHaveCount(1);
});

test('an unknown locale and an unknown page get the real not-found page', async ({ page }) => {
  const unknownLocale = await page.goto('/xx/find-a-hotel');
  expect(unknownLocale?.status()).toBe(404);
  await expect(page.locator('[data-page="not-found"]')).toBeVisible();
  await page.goto('/de/no-such-page');
  await expect(page.locator('[data-page="not-found"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diese Seite finden wir nicht');
  await expect(page).toHaveTitle(/Seite nicht gefunden/);
  await page.goto('/en/hotels/NOPE99');
  await expect(page.locator('[data-page="not-found"]')).toBeVisible();
});

test('a page that fails shows the error page, reports it and can be retried', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  let failing = true;
  await page.route('**/bff/content/brands/zleep*', async (route) => {
    if (failing) {
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' });
    } else {
      await route.fallback();
    }
  });
  // The server renders a page with its data, so the failure is met on the way there from another page.
  await page.goto('/en/');
  await page.locator('a[href="/en/brands/zleep"]').first().click();
  await expect(page.locator('[data-page="error"]')).toBeVisible();
  expect(errors.some((text) => text.includes('page: Request failed with status code 500'))).toBe(true);
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('[data-page="brand"]')).toBeVisible();
});

test('the BFF health route answers on the same port', async ({ request }) => {
  const response = await request.get('/bff/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
});

test('a hotel’s address without its search is completed by the server, not sent as an empty page', async ({ request, page }) => {
  const response = await request.get('/en/hotels/SBTG', { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers()['location']).toMatch(/^\/en\/hotels\/SBTG\?(.+&)?location=SBTG(&|$)/);
  expect(response.headers()['cache-control']).toBe('private, no-cache');
  await page.goto('/en/hotels/SBTG');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
});

test('the header is usable by keyboard, starting with a skip link', async ({ page }) => {
  await page.goto('/en/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
