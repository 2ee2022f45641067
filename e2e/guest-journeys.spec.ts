import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createActor } from 'xstate';
import { CoverageRecorder, describePath, formatCoverage } from '../test/model-based/graph';
import { expect, test } from './fixtures';
import { ActionCounter, eventDrivers, stateAssertions } from './models/drivers';
import type { JourneyContext } from './models/drivers';
import { eventTypes, guestJourneyModel, guestJourneys } from './models/guest-journey.model';
import type { GuestJourneyEvent, GuestJourneyPath } from './models/guest-journey.model';
import { wording } from './models/wording';
import type { JourneyLocale } from './models/wording';

/**
 * Guest journeys generated from the model of what a guest sees (e2e/models/guest-journey.model.ts):
 * the shortest path to every state and a transition cover, each carried on to a paid booking, driven
 * through the real site from the home page by clicking and typing only. A real actor of the model walks
 * along, so the coverage printed at the end is what the journeys took, not what was planned. The card
 * booking is also driven on a phone and in Arabic (right to left), where the drivers read the site's
 * wording from the Arabic catalog.
 */

// One worker walks the journeys in turn, so one recorder sees them all.
test.describe.configure({ mode: 'default' });

const recorder = new CoverageRecorder(guestJourneyModel);
const journeys = guestJourneys();
/** The guest's card booking of two rooms, one with a child: the journey whose cost is measured. */
const cardBooking: GuestJourneyEvent['type'][] = [
  'FILL_SEARCH',
  'SEARCH',
  'CHOOSE_HOTEL',
  'SELECT_STANDARD_RATES',
  'CONTINUE_TO_PAYMENT',
  'AUTOFILL_DETAILS',
  'ENTER_GOOD_CARD',
  'PAY',
];
const startsWithCardBooking = (path: GuestJourneyPath) => eventTypes(path).slice(0, cardBooking.length).join(' ') === cardBooking.join(' ');

/** The same visitor in a new browser: none of the first one's session, only the choices the fixtures make (consent, messages seen). */
function freshBrowser(page: Page, browser: Browser, baseURL: string | undefined, opened: BrowserContext[]): () => Promise<Page> {
  return async () => {
    const kept = await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key !== 'token'));
    const context = await browser.newContext({ baseURL });
    opened.push(context);
    const fresh = await context.newPage();
    await fresh.addInitScript((entries) => {
      for (const [key, value] of entries) if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    }, kept);
    return fresh;
  };
}

/**
 * Drives a journey's events in the browser from the home page, checking what the guest sees after every
 * step; prints what the card booking cost the guest once it is paid.
 */
async function drive(events: GuestJourneyEvent['type'][], context: JourneyContext, label: string): Promise<void> {
  const actor = createActor(guestJourneyModel, { inspect: recorder.inspect });
  actor.start();
  await context.page.goto(`/${context.locale}/`);
  await stateAssertions.home(context);
  for (const [index, type] of events.entries()) {
    await test.step(type, async () => {
      await eventDrivers[type](context);
      actor.send({ type });
      await stateAssertions[String(actor.getSnapshot().value) as keyof typeof stateAssertions](context);
    });
    if (index === cardBooking.length - 1 && events.slice(0, cardBooking.length).join(' ') === cardBooking.join(' ')) {
      console.info(
        [
          `${label}: home page to paid confirmation (guest, 2 rooms, a child, card): ${context.counter.clicks} clicks, ${context.counter.keystrokes} keystrokes`,
          ...context.counter.log.map((action) => `  ${action}`),
        ].join('\n'),
      );
    }
  }
  actor.stop();
}

/** Each journey books its own nights, so journeys running side by side never take each other's rooms. */
const journeyContext = (page: Page, browser: Browser, baseURL: string | undefined, index: number, opened: BrowserContext[], locale: JourneyLocale = 'en'): JourneyContext => ({
  page,
  locale,
  say: wording(locale),
  counter: new ActionCounter(),
  stay: { arrivalDay: 3 + 3 * index },
  email: `mia.${crypto.randomUUID().slice(0, 8)}@example.com`,
  reservationNumbers: [],
  openFreshBrowser: freshBrowser(page, browser, baseURL, opened),
});

test.describe('generated guest journeys', () => {
  journeys.forEach((path, index) => {
    test(`guest: ${describePath(path)}`, async ({ page, browser, baseURL }) => {
      // A whole booking with two rooms, on a machine shared with other journeys.
      test.setTimeout(120_000);
      const opened: BrowserContext[] = [];
      try {
        await drive(eventTypes(path) as GuestJourneyEvent['type'][], journeyContext(page, browser, baseURL, index, opened), 'desktop');
      } finally {
        await Promise.all(opened.map((context) => context.close()));
      }
    });
  });

  test.afterAll(() => {
    console.info(formatCoverage(recorder.report('guest journey (browser)')));
  });
});

test.describe('the card booking on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test(`phone: ${cardBooking.join(' → ')}`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    if (!journeys.some(startsWithCardBooking)) throw new Error('The model no longer generates the card booking');
    await drive(cardBooking, journeyContext(page, browser, baseURL, journeys.length, []), 'phone');
  });
});

test.describe('the card booking in Arabic', () => {
  test(`ar: ${cardBooking.join(' → ')}`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    if (!journeys.some(startsWithCardBooking)) throw new Error('The model no longer generates the card booking');
    await drive(cardBooking, journeyContext(page, browser, baseURL, journeys.length + 1, [], 'ar'), 'ar');
    // The whole way in Arabic, right to left.
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
