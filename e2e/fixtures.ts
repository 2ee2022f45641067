import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Page } from '@playwright/test';

/**
 * Pages arrive rendered by the server and respond once the app has taken them over (src/app.tsx marks
 * that on `<html>`). Like a person, a test interacts only after that: `page.goto` waits for it.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()['content-type']?.startsWith('text/html')) {
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
});
