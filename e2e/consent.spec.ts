import { expect, test } from './fixtures';

/** Analytics waits for the visitor's consent: nothing is sent or stored before it, the queue goes after it. */
test.describe('consent', () => {
  test.use({ consent: 'unset' });

  test('the banner holds tracking back until it is accepted, and stays away once chosen', async ({ page, request }) => {
    const sent: string[] = [];
    page.on('request', (outgoing) => {
      if (outgoing.method() === 'POST' && outgoing.url().includes('/bff/analytics/events')) sent.push(outgoing.url());
    });
    await page.goto('/en/');
    const banner = page.getByRole('region', { name: 'Your privacy' });
    await expect(banner).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find a hotel' }).click();
    await expect(page).toHaveURL(/\/en\/find-a-hotel/);
    expect(await page.evaluate(() => localStorage.getItem('anonymousId'))).toBeNull();
    expect(sent).toEqual([]);

    const flushed = page.waitForRequest((outgoing) => outgoing.method() === 'POST' && outgoing.url().includes('/bff/analytics/events'));
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await flushed;
    await expect(banner).toBeHidden();
    const stored = await page.evaluate(() => localStorage.getItem('anonymousId'));
    const anonymousId = stored ? ((JSON.parse(stored) as { value?: string }).value ?? stored) : '';
    expect(anonymousId).not.toBe('');
    // The page views queued before consent arrive, under this browser's anonymous id.
    await expect
      .poll(async () => {
        const answer = await request.get(`/bff/analytics/events?type=page_view&anonymousId=${encodeURIComponent(anonymousId)}`);
        return ((await answer.json()) as { data: unknown[] }).data.length;
      })
      .toBeGreaterThanOrEqual(2);

    await page.reload();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0);
  });
});
