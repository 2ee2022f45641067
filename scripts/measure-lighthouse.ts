/**
 * Lighthouse mobile performance of pages of the built site, as the median of several runs.
 * Usage: npm run bench:lighthouse [-- runs [page ...]] ; CHROMIUM_PATH picks the browser. A page is a path,
 * or `checkout` for the check-out page of a bookable stay found in the demo data (each run makes a cart).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkoutPath, findBookableStay, guestRateOfType } from '../test/booking/bookable-stay';
import type { BffJson } from '../test/booking/bookable-stay';
import { startSite } from './start-for-measurement';

const runs = Number(process.argv[2] ?? 3);
const asked = process.argv.slice(3);
const DEFAULT_PAGES = ['/en/', '/en/find-a-hotel?location=Berlin&rooms=2&room-1-adults=2&room-2-adults=1&room-2-child-1=5', 'checkout'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const site = await startSite(Number(process.env.MEASURE_PORT ?? 4181));
const bff: BffJson = async (path, body) => {
  const answer = await fetch(site.baseUrl + path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return answer.ok ? ((await answer.json()) as unknown) : null;
};
const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));
try {
  const pages = await Promise.all(
    (asked.length ? asked : DEFAULT_PAGES).map(async (page) => (page === 'checkout' ? checkoutPath(await findBookableStay(bff, guestRateOfType(1000), 30)) : page)),
  );
  for (const page of pages) {
    const scores: number[] = [];
    const lcp: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const report = join(out, `report-${run}.json`);
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
      const result = JSON.parse(readFileSync(report, 'utf8')) as {
        categories: { performance: { score: number } };
        audits: Record<string, { numericValue?: number }>;
      };
      scores.push(Math.round(result.categories.performance.score * 100));
      lcp.push(result.audits['largest-contentful-paint']?.numericValue ?? NaN);
    }
    console.log(`${page}: performance median ${median(scores)} (runs: ${scores.join(', ')}), LCP median ${Math.round(median(lcp))} ms`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
  await site.stop();
}
