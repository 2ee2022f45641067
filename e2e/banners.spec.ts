import { expect, test } from './fixtures';

/** Service banners come from the seeded content (server/db/seed/messages.ts) and keep the visitor's open state. */
test.describe('service banners', () => {
  test('a banner the visitor closed stays closed after a reload, and others keep their own state', async ({ page }) => {
    await page.goto('/en/find-a-hotel');
    const maintenance = page.getByRole('region', { name: 'Planned maintenance' });
    const general = page.getByRole('region', { name: 'We are here for you' });
    await expect(maintenance).toBeVisible();
    await expect(maintenance.getByText('slower than usual')).toBeVisible();
    const toggle = maintenance.getByRole('button', { name: 'Close' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await toggle.click();
    await expect(maintenance.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-expanded', 'false');
    await expect(maintenance.getByText('slower than usual')).toBeHidden();

    await page.reload();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(maintenance).toBeVisible();
    await expect(maintenance.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-expanded', 'false');
    await expect(maintenance.getByText('slower than usual')).toBeHidden();
    // The banner the visitor left alone still opens by default.
    await expect(general.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('a banner targeted at the hotel search does not show on the home page', async ({ page }) => {
    await page.goto('/en/');
    await expect(page.getByRole('region', { name: 'We are here for you' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Planned maintenance' })).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('a banner steps aside while the sign-in dialog is open and comes back once it is closed', async ({ page }) => {
      await page.goto('/en/');
      const general = page.getByRole('region', { name: 'We are here for you' });
      await expect(general).toBeVisible();
      await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(general).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // The closed dialog stays in the page: it must not keep the banner away.
      await expect(general).toBeVisible();
    });
  });
});

