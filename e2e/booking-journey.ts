import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/*
 * A guest's booking from the home page in any of the site's languages, by clicking and typing: a search
 * for Berlin, the results, the first hotel's rooms and rates, a standard rate, and the check-out page. And
 * the layout shifts of those pages as the guest meets them, the rooms and check-out pages reloaded too.
 * Shared by browser tests (e2e/layout-shift.spec.ts, e2e/checkout-forms.spec.ts) and the benchmark
 * (scripts/measure-cls.ts), which runs without the test runner (so only playwright-core here).
 *
 * A page's score is the sum of the layout shifts the browser reports while it is shown, leaving out those
 * right after the person's own input (`hadRecentInput`), as Cumulative Layout Shift does. The sum is never
 * below the browser's CLS (the largest burst of shifts), so a page under a limit here is under it there.
 */

export type JourneyLocale = 'en' | 'ar';

export type JourneyPage = 'home' | 'results' | 'rooms' | 'rooms, reloaded' | 'check-out' | 'check-out, reloaded';

export interface PageShift {
  page: JourneyPage;
  /** The sum of the page's layout shifts without recent input. */
  shift: number;
  /** The elements that moved, largest shift first (tag, id and classes), for finding the cause. */
  moved: string[];
}

interface ShiftEntry {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  moved: string[];
}

interface ShiftLog {
  entries: ShiftEntry[];
}

/** The catalog's text for a message of the site, so the same journey runs in every language. */
export function siteText(locale: JourneyLocale, message: string): string {
  if (locale === 'en') return message;
  const catalog = readFileSync(new URL(`../src/locales/${locale}/messages.po`, import.meta.url), 'utf8');
  const escaped = JSON.stringify(message);
  const at = catalog.indexOf(`\nmsgid ${escaped}\nmsgstr `);
  if (at < 0) throw new Error(`The ${locale} catalog has no message ${escaped}`);
  const line = catalog.slice(at + `\nmsgid ${escaped}\nmsgstr `.length).split('\n', 1)[0] ?? '';
  const text = JSON.parse(line) as string;
  return text === '' ? message : text;
}

/** Records every layout shift of every document the page opens, from the document's start. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: ShiftLog = { entries: [] };
    (window as unknown as { shiftLog: ShiftLog }).shiftLog = log;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        log.entries.push({
          value: entry.value,
          startTime: entry.startTime,
          hadRecentInput: entry.hadRecentInput,
          // What moved: tag, id and classes (written inline: the function is sent to the browser as text).
          moved: (entry.sources ?? []).map(({ node }) =>
            node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${[...node.classList].map((name) => `.${name}`).join('')}` : (node?.nodeName.toLowerCase() ?? '(gone)'),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The document's clock now: shifts after it belong to the page the journey goes to next. */
const documentTime = (page: Page) => page.evaluate(() => performance.now());

/** Waits for two frames, so shifts of what was just painted are reported. */
const nextFrames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

async function shiftSince(page: Page, name: JourneyPage, since: number): Promise<PageShift> {
  await nextFrames(page);
  const entries = await page.evaluate((from) => (window as unknown as { shiftLog: ShiftLog }).shiftLog.entries.filter((entry) => entry.startTime >= from), since);
  const counted = entries.filter((entry) => !entry.hadRecentInput).sort((a, b) => b.value - a.value);
  return {
    page: name,
    shift: counted.reduce((sum, entry) => sum + entry.value, 0),
    moved: counted.flatMap((entry) => entry.moved.map((element) => `${element} (${entry.value.toFixed(4)})`)),
  };
}

export interface JourneyOptions {
  locale: JourneyLocale;
  /** Site address for `goto` when the page has no base URL of its own. */
  baseUrl?: string;
  /**
   * Waits, once a page shows what the journey waits for, until nothing more happens (the benchmark waits
   * for a quiet moment); the browser test waits only for the page's content.
   */
  settle?: (page: Page) => Promise<void>;
}

/** The rooms page shows its rates and the rooms summary. */
export async function roomsPageArrived(page: Page, locale: JourneyLocale): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: siteText(locale, 'Select'), exact: true }).first().waitFor({ timeout: 15_000 });
  await page.locator('[data-rooms-summary]').waitFor();
}

/** The check-out page shows its form: the main guest's fields, the payment and the price summary. */
export async function checkoutPageArrived(page: Page, locale: JourneyLocale): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByLabel(siteText(locale, 'First name')).first().waitFor({ timeout: 15_000 });
  await page.getByTestId('price-summary').waitFor();
  await page.locator('#checkout-payment').waitFor();
}

/** On the home page: Berlin as the language writes it, its first letters typed and the suggestion chosen. */
export async function chooseBerlinIn(page: Page, locale: JourneyLocale): Promise<void> {
  const berlin = locale === 'ar' ? 'برلين' : 'Berlin';
  await page.getByRole('combobox', { name: siteText(locale, 'Destination') }).fill(berlin.slice(0, 3));
  await page.getByRole('option', { name: new RegExp(`^${berlin}`) }).first().click();
}

/** Searches, waits for the results, and returns the first hotel's link to its rooms. */
export async function searchFromHome(page: Page, locale: JourneyLocale) {
  await page.getByRole('button', { name: siteText(locale, 'Search'), exact: true }).click();
  await page.waitForURL(/\/find-a-hotel\?/);
  const chooseRoom = page.getByRole('link', { name: siteText(locale, 'Choose a room') }).first();
  await chooseRoom.waitFor({ timeout: 15_000 });
  return chooseRoom;
}

/** On the rooms page: the first room's last rate, a standard one (member rates lead), which a guest may book. */
export async function chooseStandardRate(page: Page, locale: JourneyLocale): Promise<void> {
  await page.getByRole('button', { name: siteText(locale, 'Select'), exact: true }).last().click();
}

/** From the rooms page with a rate chosen, on to payment; the cart is in the address once made. */
export async function continueToPayment(page: Page, locale: JourneyLocale): Promise<void> {
  await page.getByRole('link', { name: siteText(locale, 'Continue to payment') }).click();
  await page.waitForURL(/\/booking\/check-out\?.*cart_id=/, { timeout: 15_000 });
  await checkoutPageArrived(page, locale);
}

/** From the home page, clicking and typing, to the check-out page of a standard rate in Berlin. */
export async function bookFromHomeToCheckout(page: Page, { locale, baseUrl = '' }: { locale: JourneyLocale; baseUrl?: string }): Promise<void> {
  await page.goto(`${baseUrl}/${locale}/`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await chooseBerlinIn(page, locale);
  await (await searchFromHome(page, locale)).click();
  await page.waitForURL(/\/booking\/select-room-rate\?/);
  await roomsPageArrived(page, locale);
  await chooseStandardRate(page, locale);
  await continueToPayment(page, locale);
}

/**
 * Walks the journey and returns each page's layout shift. The browser must start as a returning visitor's
 * (consent given, targeted messages seen), so no dialog covers what the journey clicks.
 */
export async function walkBookingJourney(page: Page, { locale, baseUrl = '', settle = async () => undefined }: JourneyOptions): Promise<PageShift[]> {
  const shifts: PageShift[] = [];

  await page.goto(`${baseUrl}/${locale}/`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByRole('combobox', { name: siteText(locale, 'Destination') }).waitFor();
  await settle(page);
  shifts.push(await shiftSince(page, 'home', 0));

  await chooseBerlinIn(page, locale);
  let since = await documentTime(page);
  const chooseRoom = await searchFromHome(page, locale);
  await settle(page);
  shifts.push(await shiftSince(page, 'results', since));

  since = await documentTime(page);
  await chooseRoom.click();
  await page.waitForURL(/\/booking\/select-room-rate\?/);
  await roomsPageArrived(page, locale);
  await settle(page);
  shifts.push(await shiftSince(page, 'rooms', since));

  await page.reload();
  await roomsPageArrived(page, locale);
  await settle(page);
  shifts.push(await shiftSince(page, 'rooms, reloaded', 0));

  await chooseStandardRate(page, locale);
  since = await documentTime(page);
  await continueToPayment(page, locale);
  await settle(page);
  shifts.push(await shiftSince(page, 'check-out', since));

  await page.reload();
  await checkoutPageArrived(page, locale);
  await settle(page);
  shifts.push(await shiftSince(page, 'check-out, reloaded', 0));

  return shifts;
}
