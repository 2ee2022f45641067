/**
 * Lighthouse mobile performance of pages of the built site, as the median of several runs (5 unless told).
 * Usage: npm run bench:lighthouse [-- runs [page ...]] ; CHROMIUM_PATH picks the browser. A page is a path,
 * or one of the names below for a page of a bookable stay found in the demo data:
 *   - `hotel`: the page of the stay's hotel;
 *   - `rooms`: the rooms-and-rates page of the stay;
 *   - `checkout`: its check-out page (each run makes a cart);
 *   - `confirmation`: the confirmation page of a booking paid for it by card beforehand, through the BFF
 *     and the test provider's token route as the hosted card form does (test/booking/paid-order.ts),
 *     opened with the confirmation mail's link as any browser opens it.
 * Printed per page: the median performance score and the runs, the median LCP, TBT and CLS, and the
 * script requests with their bytes transferred (as sent: compressed) and their size uncompressed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BffJson, type BookableStay, checkoutPath, findBookableStay, guestRateOfType } from '../test/booking/bookable-stay';
import { paidGuestOrder } from '../test/booking/paid-order';
import { startSite } from './start-for-measurement';

const runs = Number(process.argv[2] ?? 5);
const asked = process.argv.slice(3);
const RESULTS = '/en/find-a-hotel?location=Berlin&rooms=2&room-1-adults=2&room-2-adults=1&room-2-child-1=5';
const DEFAULT_PAGES = ['/en/', RESULTS, 'hotel', 'rooms', 'checkout', 'confirmation'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The hotel's page as the site links it: the address names the hotel as the search's destination. */
const hotelPath = (stay: BookableStay) => `/en/hotels/${stay.hotelCode}?location=${stay.hotelCode}`;
/** The rooms-and-rates page of the stay, one room of two adults, as the results link it. */
const roomsPath = (stay: BookableStay) =>
  `/en/booking/select-room-rate?${new URLSearchParams({ location: stay.hotelCode, startDate: stay.startDate, endDate: stay.endDate, 'room-1-adults': '2' }).toString()}`;

interface LighthouseResult {
  finalDisplayedUrl?: string;
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; resourceSize?: number }[] } }>;
}

const site = await startSite(Number(process.env.MEASURE_PORT ?? 4181));
const bff: BffJson = async (path, body) => {
  const answer = await fetch(site.baseUrl + path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return answer.ok ? ((await answer.json()) as unknown) : null;
};
const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));
try {
  // Each stay its own arrival, so the paid booking does not take the rooms the check-out page shows.
  const stayFor = (() => {
    const stays = new Map<number, Promise<BookableStay>>();
    return (daysAhead: number, type: 1000 | 1002 = 1000) => {
      if (!stays.has(daysAhead)) stays.set(daysAhead, findBookableStay(bff, guestRateOfType(type), daysAhead));
      return stays.get(daysAhead) as Promise<BookableStay>;
    };
  })();
  const pages: string[] = [];
  for (const page of asked.length ? asked : DEFAULT_PAGES) {
    if (page === 'hotel') pages.push(hotelPath(await stayFor(30)));
    else if (page === 'rooms') pages.push(roomsPath(await stayFor(30)));
    else if (page === 'checkout') pages.push(checkoutPath(await stayFor(30)));
    else if (page === 'confirmation') pages.push((await paidGuestOrder(site.baseUrl, await stayFor(37, 1002))).confirmationPath);
    else pages.push(page);
  }
  for (const page of pages) {
    const scores: number[] = [];
    const lcp: number[] = [];
    const tbt: number[] = [];
    const cls: number[] = [];
    const scripts: { count: number; transfer: number; size: number }[] = [];
    for (let run = 0; run < runs; run += 1) {
      const report = join(out, `report-${run}.json`);
      // Lighthouse now and then fails to record a run on a busy machine (NO_NAVSTART): that run is made again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          execFileSync(
            'node_modules/.bin/lighthouse',
            [
              site.baseUrl + page,
              '--only-categories=performance',
              '--form-factor=mobile',
              '--output=json',
              `--output-path=${report}`,
              '--quiet',
              '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
            ],
            { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] },
          );
          break;
        } catch (error) {
          if (attempt === 3) throw error;
          console.error(`${page.replace(/token=[^&]+/, 'token=…')}: run ${run + 1} failed, again (${attempt}/2)`);
        }
      }
      const result = JSON.parse(readFileSync(report, 'utf8')) as LighthouseResult;
      scores.push(Math.round(result.categories.performance.score * 100));
      lcp.push(result.audits['largest-contentful-paint']?.numericValue ?? NaN);
      tbt.push(result.audits['total-blocking-time']?.numericValue ?? NaN);
      cls.push(result.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      const requests = (result.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
      scripts.push({
        count: requests.length,
        transfer: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        size: requests.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
      });
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const line =
      `${page.replace(/token=[^&]+/, 'token=…')}: performance median ${median(scores)} (runs: ${scores.join(', ')}), ` +
      `LCP ${Math.round(median(lcp))} ms, TBT ${Math.round(median(tbt))} ms, CLS ${median(cls).toFixed(3)}, ` +
      `scripts ${median(scripts.map((s) => s.count))} requests, ${kb(median(scripts.map((s) => s.transfer)))} transferred (${kb(median(scripts.map((s) => s.size)))} uncompressed)`;
    console.log(line);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
  await site.stop();
}
