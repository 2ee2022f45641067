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
});
