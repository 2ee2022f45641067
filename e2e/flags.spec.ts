import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/*
 * The flags file the e2e server reads is a copy made for the run (playwright.config.ts, E2E_FEATURES_FILE).
 * The journey flips a flag there and the open page follows through the event stream, without a reload.
 * The flipped rule targets only this journey's visitor id (the analytics anonymous id the flag client gets
 * with consent), so journeys running at the same time keep the flags they expect.
 */
const featuresFile = process.env.E2E_FEATURES_FILE;
const FLAG = 'pay-with-points-enabled';

/** Replaces the file in one step, as editors do: the server never reads half a file. */
function writeFlags(text: string): void {
  if (!featuresFile) throw new Error('E2E_FEATURES_FILE is not set (playwright.config.ts sets it)');
  const next = `${featuresFile}.${randomUUID()}.tmp`;
  writeFileSync(next, text);
  renameSync(next, featuresFile);
}

/** The flags file with `FLAG` forced off for one visitor, ahead of any other rule. */
function withFlagOffFor(original: string, visitorId: string): string {
  const flags = JSON.parse(original) as { features: Record<string, { defaultValue: unknown; rules?: unknown[] }> };
  const feature = flags.features[FLAG];
  if (!feature) throw new Error(`${FLAG} is not in the flags file`);
  feature.rules = [{ id: `e2e-${visitorId}`, condition: { id: visitorId }, force: false }, ...(feature.rules ?? [])];
  return `${JSON.stringify(flags, null, 2)}\n`;
}

test('a flag flipped on the server changes an open page live', async ({ page }) => {
  if (!featuresFile) throw new Error('E2E_FEATURES_FILE is not set (playwright.config.ts sets it)');
  const visitorId = `e2e-flags-${randomUUID()}`;
  // The anonymous id as analytics keeps it (services/analytics/client-values.ts); the fixture grants consent.
  await page.addInitScript((id) => {
    window.localStorage.setItem('anonymousId', JSON.stringify({ value: id, expiresAt: Date.now() + 24 * 60 * 60 * 1000 }));
  }, visitorId);

  const streamOpened = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/sub/'));
  await page.goto('/en/');
  await streamOpened;
  const option = page.getByRole('search', { name: 'Find a hotel' }).getByRole('checkbox', { name: 'Pay with points' });
  await expect(option).toBeVisible();
  // Survives only while this document does: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { flagsJourneyMark: 'same document' }));

  const original = readFileSync(featuresFile, 'utf8');
  try {
    writeFlags(withFlagOffFor(original, visitorId));
    await expect(option).toHaveCount(0, { timeout: 10_000 });
  } finally {
    writeFlags(original);
  }
  // And back: the restored file brings the option back on the same page.
  await expect(option).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as Window & { flagsJourneyMark?: string }).flagsJourneyMark)).toBe('same document');
});
