import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Page } from '@playwright/test';

interface Options {
  /**
   * Whether the Google prompt may appear (it does for a first visit when Google is on). Off by default:
   * the browser starts as a visitor's who saw it today, so it never covers what a journey clicks.
   */
  googlePrompt: boolean;
}

/**
 * Pages arrive rendered by the server and respond once the app has taken them over (src/app.tsx marks
 * that on `<html>`). Like a person, a test interacts only after that: `page.goto` waits for it.
 */
export const test = base.extend<Options>({
  googlePrompt: [false, { option: true }],
  page: async ({ page, googlePrompt }, use) => {
    if (!googlePrompt) {
      // The login-shown flag as the site writes it (services/auth/persisted-values.ts), valid for a day.
      await page.addInitScript(() => {
        window.localStorage.setItem('loginShown', JSON.stringify({ value: true, expiresAt: Date.now() + 24 * 60 * 60 * 1000 }));
      });
    }
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
