/**
 * Layout shift (CLS) of the pages of a booking journey, as the median of several runs per viewport and
 * language: home, results, rooms and rates, check-out, and the rooms and check-out pages reloaded (the
 * journey is e2e/layout-shift-journey.ts; every page is reached by clicking, from the home page).
 *
 * Usage: npm run bench:cls [-- runs]   (default 3 runs)
 * It builds nothing: build first (`npm run build`). Without CLS_BASE_URL it starts the built site with its
 * BFF on a fresh embedded database on MEASURE_PORT (default 4188) and stops it after; with
 * CLS_BASE_URL=http://127.0.0.1:4173 it uses a site already running there. CHROMIUM_PATH picks the
 * browser (default /usr/bin/chromium). CLS_VERBOSE=1 also prints what moved in each run.
 */
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { CONSENT_CATEGORIES, CONSENT_STORAGE_KEY, CONSENT_VERSION } from '../src/services/consent/consent';
import { SEEN_MESSAGES_KEY } from '../src/services/content/targeted-messages';
import { recordLayoutShifts, walkBookingJourney } from '../e2e/booking-journey';
import type { JourneyLocale, JourneyPage, PageShift } from '../e2e/booking-journey';
import { startSite } from './start-for-measurement';
import type { RunningSite } from './start-for-measurement';

const runs = Number(process.argv[2] ?? 3);
const verbose = process.env.CLS_VERBOSE === '1';
const VIEWPORTS = [
  { name: 'desktop 1366x900', width: 1366, height: 900 },
  { name: 'phone 390x844', width: 390, height: 844 },
] as const;
const LOCALES: JourneyLocale[] = ['en', 'ar'];
const PAGES: JourneyPage[] = ['home', 'results', 'rooms', 'rooms, reloaded', 'check-out', 'check-out, reloaded'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

/**
 * Waits until the page is quiet: no layout shift and no new network request for 800 ms (at most 10 s), so
 * shifts of content that arrives late count for the page that showed it.
 */
async function quiet(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const log = (window as unknown as { shiftLog: { entries: unknown[] } }).shiftLog;
    const deadline = performance.now() + 10_000;
    // (No named functions here: the function is sent to the browser as text.)
    let last = `${performance.getEntriesByType('resource').length} ${log.entries.length}`;
    let since = performance.now();
    while (performance.now() - since < 800 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = `${performance.getEntriesByType('resource').length} ${log.entries.length}`;
      if (now !== last) {
        last = now;
        since = performance.now();
      }
    }
  });
}

/** A returning visitor's browser: consent given, targeted messages seen, the Google prompt shown today. */
async function returningVisitor(browser: Browser, baseUrl: string, viewport: { width: number; height: number }) {
  const messages = (await (await fetch(`${baseUrl}/bff/content/targeted-messages`)).json()) as { data: { id: number }[] };
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  await context.addInitScript(
    ({ consentKey, consent, seenKey, seen }) => {
      if (window.localStorage.getItem(consentKey) === null) window.localStorage.setItem(consentKey, consent);
      if (window.localStorage.getItem(seenKey) === null) window.localStorage.setItem(seenKey, seen);
      window.localStorage.setItem('loginShown', JSON.stringify({ value: true, expiresAt: Date.now() + 86_400_000 }));
    },
    {
      consentKey: CONSENT_STORAGE_KEY,
      consent: JSON.stringify({ version: CONSENT_VERSION, at: Date.now(), granted: CONSENT_CATEGORIES.filter((category) => category !== 'necessary') }),
      seenKey: SEEN_MESSAGES_KEY,
      seen: JSON.stringify(messages.data.map((message) => message.id)),
    },
  );
  return context;
}

let site: RunningSite | null = null;
const baseUrl = process.env.CLS_BASE_URL ?? (site = await startSite(Number(process.env.MEASURE_PORT ?? 4188))).baseUrl;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const rows: string[] = [];
  for (const viewport of VIEWPORTS) {
    for (const locale of LOCALES) {
      const byPage = new Map<JourneyPage, number[]>(PAGES.map((name) => [name, []]));
      for (let run = 1; run <= runs; run += 1) {
        const context = await returningVisitor(browser, baseUrl, viewport);
        const page = await context.newPage();
        page.on('pageerror', (error) => console.warn(`  ${viewport.name} ${locale} run ${run}: page error: ${error.message.slice(0, 200)}`));
        await recordLayoutShifts(page);
        let shifts: PageShift[];
        try {
          shifts = await walkBookingJourney(page, { locale, baseUrl, settle: quiet });
        } finally {
          await context.close();
        }
        for (const shift of shifts) {
          byPage.get(shift.page)?.push(shift.shift);
          if (verbose && shift.moved.length) console.log(`  ${viewport.name} ${locale} run ${run} ${shift.page}: ${shift.shift.toFixed(4)} moved: ${shift.moved.slice(0, 6).join(', ')}`);
        }
      }
      for (const [name, values] of byPage) {
        rows.push(`${viewport.name.padEnd(17)} ${locale}  ${name.padEnd(20)} ${median(values).toFixed(4)}   (runs: ${values.map((value) => value.toFixed(4)).join(', ')})`);
      }
    }
  }
  console.log(`Layout shift per page, median of ${runs} runs (sum of shifts without recent input):`);
  console.log(`${'viewport'.padEnd(17)} lang ${'page'.padEnd(20)} median`);
  for (const row of rows) console.log(row);
} finally {
  await browser.close();
  await site?.stop();
}
