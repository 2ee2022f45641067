import { targetedMessage } from '../src/services/content/targeted-messages.fixtures';
import { chooseBerlin, expect, type Page, test } from './fixtures';

/*
 * One overlay at a time on a phone (docs/decisions/0032-one-overlay-at-a-time.md). A first visit: the
 * consent banner asks at once; a targeted message and the Google prompt wait until the visitor has seen
 * search results, and then come up one by one. A watcher in the page records every change of the document
 * (a MutationObserver sees each render before it is painted), so "at no moment" means every rendered state,
 * not samples taken now and then.
 */

test.use({ viewport: { width: 390, height: 844 }, consent: 'unset', targetedMessages: 'fresh', googlePrompt: true });

interface OverlayLog {
  /** The most overlays other than the consent banner on screen at once. */
  mostOthers: number;
  /** Overlays other than the consent banner seen before any results page was shown. */
  beforeResults: string[];
  /** Every overlay seen at all, and whether the consent banner shared the screen with another. */
  seen: string[];
  consentWithOther: boolean;
}

/** Installs the watcher in every document of the journey (kept on window; the journey stays in one document). */
async function watchOverlays(page: Page) {
  await page.addInitScript(() => {
    const OTHERS: Record<string, string> = {
      targetedPopup: 'dialog.targeted-popup[open]',
      targetedNotification: '.targeted-notification',
      googlePrompt: '.google-prompt',
    };
    const log: OverlayLog = { mostOthers: 0, beforeResults: [], seen: [], consentWithOther: false };
    let resultsSeen = false;
    const shown = (selector: string) => [...document.querySelectorAll(selector)].some((element) => element.getClientRects().length > 0);
    const check = () => {
      if (/\/(find-a-hotel|booking\/select-room-rate)\/?$/.test(window.location.pathname)) resultsSeen = true;
      const others = Object.keys(OTHERS).filter((name) => shown(OTHERS[name] as string));
      const consent = shown('.consent-banner');
      for (const name of [...others, ...(consent ? ['consent'] : [])]) if (!log.seen.includes(name)) log.seen.push(name);
      log.mostOthers = Math.max(log.mostOthers, others.length);
      if (!resultsSeen) for (const name of others) if (!log.beforeResults.includes(name)) log.beforeResults.push(name);
      if (consent && others.length > 0) log.consentWithOther = true;
    };
    (window as unknown as { overlayLog: OverlayLog }).overlayLog = log;
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: false });
  });
}

const overlayLog = (page: Page) => page.evaluate(() => (window as unknown as { overlayLog: OverlayLog }).overlayLog);

async function searchBerlin(page: Page) {
  await chooseBerlin(page);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/find-a-hotel\?/);
  await expect(page.locator('.result-card').first()).toBeVisible();
}

/** A notification for every page and every visitor, served in place of the seeded messages: it would come up on the home page. */
const EVERYWHERE = targetedMessage(9002, { kind: 'notification', header: 'An offer for every page', body: '<p>Shown wherever messages may show.</p>' });

test('a first visit without a consent answer: the banner at once, a message for every page only on the results, beside it', async ({ page }) => {
  test.slow();
  await page.route('**/bff/content/targeted-messages*', (route) => route.fulfill({ json: { data: [EVERYWHERE] } }));
  await watchOverlays(page);
  await page.goto('/en/');
  const banner = page.getByRole('region', { name: 'Your privacy' });
  await expect(banner).toBeVisible();
  // The message's flow has weighed the home page (its place is in the page): the message is not shown.
  await page.locator('.targeted-notifications').waitFor({ state: 'attached' });
  const notification = page.getByRole('region', { name: 'An offer for every page' });
  await expect(notification).toHaveCount(0);
  await searchBerlin(page);

  await expect(notification).toBeVisible();
  await expect(banner).toBeVisible();
  await notification.getByRole('button', { name: 'Close' }).click();
  await expect(notification).toHaveCount(0);

  const log = await overlayLog(page);
  expect(log.beforeResults).toEqual([]);
  expect(log.mostOthers).toBe(1);
  expect(log.seen).toEqual(expect.arrayContaining(['consent', 'targetedNotification']));
  expect(log.consentWithOther).toBe(true);
});

test('after accepting: the Google prompt and the targeted popup wait for the results, then come one after the other', async ({ page }) => {
  test.slow();
  await watchOverlays(page);
  await page.goto('/en/');
  await page.getByRole('region', { name: 'Your privacy' }).getByRole('button', { name: 'Accept all' }).click();
  // With consent to social sign-in the Google prompt comes up in its flow on the home page (it marks
  // itself shown for the day): it waits for the screen, unseen.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('loginShown'))).not.toBeNull();
  const prompt = page.getByRole('complementary', { name: 'Sign in with your Google account' });
  await expect(prompt).toHaveCount(0);
  await searchBerlin(page);

  // On the results: the prompt, which asked first; the popup targeted at the results waits for it to go.
  const popup = page.getByRole('dialog', { name: 'Members pay less' });
  await expect(prompt).toBeVisible();
  await expect(popup).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);

  const log = await overlayLog(page);
  expect(log.beforeResults).toEqual([]);
  expect(log.mostOthers).toBe(1);
  expect(log.seen).toEqual(expect.arrayContaining(['googlePrompt', 'targetedPopup']));
});

test('on a phone the Google prompt leaves the rooms summary and its way to payment free', async ({ page }) => {
  test.slow();
  await page.goto('/en/');
  await page.getByRole('region', { name: 'Your privacy' }).getByRole('button', { name: 'Accept all' }).click();
  // The prompt asks on the home page, so on the results it comes before the popup targeted there (as in
  // the journey above); the tap on a hotel waits until it is up, as a person's would, so the tap is not
  // lost to an overlay arriving under the finger.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('loginShown'))).not.toBeNull();
  const prompt = page.getByRole('complementary', { name: 'Sign in with your Google account' });
  await searchBerlin(page);
  await expect(prompt).toBeVisible();
  await page.getByRole('link', { name: 'Choose a room' }).first().click();
  await expect(page).toHaveURL(/\/en\/booking\/select-room-rate\?/);
  await expect(prompt).toBeVisible();
  await page.locator('[data-rate]').first().getByRole('button', { name: 'Select', exact: true }).click();
  const onward = page.getByRole('complementary').filter({ has: page.locator('#rooms-summary-title') });
  await expect(onward.getByRole('link', { name: 'Continue to payment' })).toBeVisible();
  const [promptBox, summaryBox] = [await prompt.boundingBox(), await onward.boundingBox()];
  if (!promptBox || !summaryBox) throw new Error('the prompt and the summary are both on screen');
  // The two boxes do not overlap: the prompt ends above the summary's top, or starts below its end.
  expect(promptBox.y + promptBox.height <= summaryBox.y || promptBox.y >= summaryBox.y + summaryBox.height).toBe(true);
  // And a tap on the summary's link reaches it (nothing lies over it).
  await onward.getByRole('link', { name: 'Continue to payment' }).click({ trial: true, timeout: 5_000 });
});

