import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { CONSENT_COOKIE, consentCookieValue } from '../src/contract/consent';
import { CONSENT_CATEGORIES, CONSENT_STORAGE_KEY, CONSENT_VERSION } from '../src/services/consent/consent';
import type { ConsentChoice } from '../src/services/consent/consent';
import { SEEN_MESSAGES_KEY } from '../src/services/content/targeted-messages';

export { expect } from '@playwright/test';
export type { Page } from '@playwright/test';

interface Options {
  /**
   * Whether the Google prompt may appear (it does for a first visit when Google is on). Off by default:
   * the browser starts as a visitor's who saw it today, so it never covers what a journey clicks.
   */
  googlePrompt: boolean;
  /**
   * The visitor's consent when the journey starts: 'all' (the default, so the first-visit banner never
   * covers what a journey clicks), 'none' (chosen: only necessary) or 'unset' (a first visit: the banner
   * asks). A choice the journey makes itself is kept: the stored one is written only where there is none.
   */
  consent: 'all' | 'none' | 'unset';
  /**
   * Whether the seeded targeted messages may appear: 'seen' (the default) starts the browser as a
   * visitor's who has closed all of them, so no popup covers what a journey clicks; 'fresh' is a first
   * visit, for the journeys about the messages themselves.
   */
  targetedMessages: 'seen' | 'fresh';
}

/**
 * Pages arrive rendered by the server and respond once the app has taken them over (src/app.tsx marks
 * that on `<html>`). Like a person, a test interacts only after that: `page.goto` waits for it.
 */
export const test = base.extend<Options>({
  googlePrompt: [false, { option: true }],
  consent: ['all', { option: true }],
  targetedMessages: ['seen', { option: true }],
  page: async ({ page, request, googlePrompt, consent, targetedMessages, baseURL }, use) => {
    if (targetedMessages === 'seen') {
      const response = await request.get('/bff/content/targeted-messages');
      const ids = ((await response.json()) as { data: { id: number }[] }).data.map((message) => message.id);
      // The seen ids as the site keeps them (services/content/targeted-messages.ts); its own writes stay.
      await page.addInitScript(
        ({ key, value }) => {
          if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
        },
        { key: SEEN_MESSAGES_KEY, value: JSON.stringify(ids) },
      );
    }
    if (consent !== 'unset') {
      // The choice as the site stores it (services/consent/consent.ts).
      const choice: ConsentChoice = {
        version: CONSENT_VERSION,
        at: Date.now(),
        granted: consent === 'all' ? CONSENT_CATEGORIES.filter((category) => category !== 'necessary') : [],
      };
      await page.addInitScript(
        ({ key, value }) => {
          if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
        },
        { key: CONSENT_STORAGE_KEY, value: JSON.stringify(choice) },
      );
      // And the cookie the site writes with it, so the server knows too (a returning visitor's browser).
      await page.context().addCookies([{ name: CONSENT_COOKIE.name, value: consentCookieValue(choice.granted), url: baseURL ?? '' }]);
    }
    if (!googlePrompt) {
      // The login-shown flag as the site writes it (services/account/persisted-values.ts), valid for a day.
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

/** Where, as a person fills it: "Berl" typed, then Berlin chosen from the suggestions. */
export async function chooseBerlin(page: Page) {
  const destination = page.getByRole('combobox', { name: 'Destination' });
  await destination.fill('Berl');
  await page
    .getByRole('option', { name: /^Berlin/ })
    .first()
    .click();
  await expect(destination).toHaveValue('Berlin');
}

/** Searches what the form holds, then opens the first hotel's rooms and rates. */
export async function openFirstHotelRooms(page: Page) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/find-a-hotel\?/);
  await page.getByRole('link', { name: 'Choose a room' }).first().click();
  await expect(page).toHaveURL(/\/en\/booking\/select-room-rate\?/);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A day as the stay calendar reads it out in English: "Sunday, 24 January 2027". The button's whole name
 * may say more around it ("Today, …", "… selected", and before the first and last day of the chosen range
 * the range itself), so a day is found by this part of its name.
 */
export function calendarDayName(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
  return `${weekday}, ${day} ${MONTHS[month - 1] ?? ''} ${year}`;
}

/** The button of a day of the open stay calendar (days of neighbouring months are hidden: the one shown). */
export const calendarDayButton = (calendar: Locator, isoDate: string): Locator =>
  calendar
    .getByRole('button', { name: new RegExp(`(^|, )${calendarDayName(isoDate)}( |,|$)`) })
    .filter({ visible: true })
    .first();

/** The months the open stay calendar shows, counted from year 0 (its month grids are named "…, January 2027"). */
async function firstMonthShown(calendar: Locator): Promise<number> {
  const name = (await calendar.getByRole('grid').first().getAttribute('aria-label')) ?? '';
  const [, month = '', year = '0'] = /(\w+) (\d{4})$/.exec(name) ?? [];
  return Number(year) * 12 + MONTHS.indexOf(month);
}

/**
 * Clicks a day of the open stay calendar as a person does: reads which months it shows, pages with its
 * "Previous month" or "Next month" button until the day's month is shown, then clicks the day.
 */
export async function pickCalendarDay(calendar: Locator, isoDate: string): Promise<void> {
  // The calendar's code loads when it first opens: its months are there before they are read.
  await expect(calendar.getByRole('grid').first()).toBeVisible();
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  const wanted = year * 12 + month - 1;
  const day = calendarDayButton(calendar, isoDate);
  for (let step = 0; step < 24 && !(await day.isVisible()); step++) {
    const shown = await firstMonthShown(calendar);
    await calendar.getByRole('button', { name: wanted < shown ? 'Previous month' : 'Next month' }).click();
    await expect.poll(() => firstMonthShown(calendar)).not.toBe(shown);
  }
  await day.click();
}

/** A page of the site opened by a click (not by `page.goto`): it responds once the app has taken it over. */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * The demo mailbox (a page of the BFF, not of the app) in a new tab of the same browser, showing the mails
 * to one address: the tab is the context's own, so its `goto` does not wait for the app to take over.
 */
export async function openDemoMails(from: Page, email: string): Promise<Page> {
  const mailbox = await from.context().newPage();
  await mailbox.goto('/bff/dev/mailbox');
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  await mailbox.getByRole('textbox', { name: 'Email address' }).fill(email);
  await mailbox.getByRole('button', { name: 'Show' }).click();
  return mailbox;
}
