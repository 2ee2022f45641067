/**
 * Measures the JavaScript a visitor downloads to see a route: loads it in Chromium against the built
 * site and sums every script response, raw and gzip-compressed. Usage: npm run bench:bundle [-- /en/ ...]
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startSite } from './start-for-measurement';

const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const targets = routes.length ? routes : ['/en/', '/ar/', '/en/brands/jaz'];

const site = await startSite(Number(process.env.MEASURE_PORT ?? 4179));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const route of targets) {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.set(response.url(), await response.body());
      } catch {
        // a script the page no longer needed
      }
    });
    await page.goto(site.baseUrl + route, { waitUntil: 'networkidle' });
    const raw = [...scripts.values()].reduce((sum, body) => sum + body.length, 0);
    const gzip = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    console.log(`${route}: ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`);
    await page.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
