import { DEMO_STAYS } from '../server/db/seed/stays';
import { CoverageRecorder, describePath, formatCoverage } from '../test/model-based/graph';
import { type Page, test } from './fixtures';
import { checkinEventDrivers, checkinStateAssertions, expectFormFromTheRight, expectRightToLeftOnPhone } from './models/checkin.drivers';
import type { CheckinContext } from './models/checkin.drivers';
import { checkinJourneys, checkinModel, findsSeededStay } from './models/checkin.model';
import { eventTypes } from './models/journey-paths';
import { newGuest } from './models/stay-booking';
import { walkJourney } from './models/walk-journey';
import { wording } from './models/wording';
import type { JourneyLocale } from './models/wording';

/*
 * Online check-in journeys generated from the model of what a guest sees (e2e/models/checkin.model.ts):
 * the shortest path to every state and a transition cover, each carried on to an end, driven through the
 * real site by clicking and typing only. A journey that books starts at the home page and books its own
 * room (the guarantee is left with a card that asks for 3-D Secure, or with PayPal); the one through "Manage my booking" finds a booking made at the hotel, a seeded stay (Paula
 * Novak's) no other journey uses. That lookup is walked again in Arabic on a phone, with another seeded
 * stay (Sofia Rossi's): right to left and never wider than the screen, in every state. The coverage
 * printed at the end is what the journeys took.
 */

// One worker walks the journeys in turn, so one recorder sees them all.
test.describe.configure({ mode: 'default' });

const recorder = new CoverageRecorder(checkinModel);
const journeys = checkinJourneys();
const lookups = journeys.filter(findsSeededStay);
// A seeded stay for each journey that finds one, and none shared: the model must give one such journey.
if (lookups.length !== 1) throw new Error(`The check-in model gives ${lookups.length} journeys through the lookup; the seeded stays are one each`);
const [lookupJourney] = lookups;

/** The pages a check-in journey meets: the booking's and the check-in's (src/locales/<locale>/guest-flows.po). */
const CATALOGS = ['guest-flows', 'messages'];

function checkinContext(page: Page, locale: JourneyLocale, seededStay: CheckinContext['seededStay']): CheckinContext {
  return {
    page,
    locale,
    say: wording(locale, CATALOGS),
    guest: newGuest('Mia', 'Muster'),
    reservationNumber: '',
    seededStay,
  };
}

const drivers = { states: checkinStateAssertions, events: checkinEventDrivers };

test.describe('generated check-in journeys', () => {
  journeys.forEach((path) => {
    test(`check-in: ${describePath(path)}`, async ({ page }) => {
      // A booking, the mailbox and the check-in with a bank's page: several journeys' time on a busy machine (a limit that only catches hangs).
      test.setTimeout(120_000);
      await page.goto('/en/');
      await walkJourney(checkinModel, eventTypes(path), checkinContext(page, 'en', findsSeededStay(path) ? DEMO_STAYS.guestArriving : null), drivers, recorder);
    });
  });
});

test.describe('in Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test(`check-in, ar: ${lookupJourney ? describePath(lookupJourney) : 'no lookup journey'}`, async ({ page }) => {
    test.setTimeout(120_000);
    if (!lookupJourney) throw new Error('The check-in model no longer gives the lookup journey');
    await page.goto('/ar/');
    const context = checkinContext(page, 'ar', DEMO_STAYS.guestLater);
    await walkJourney(checkinModel, eventTypes(lookupJourney), context, drivers, recorder, expectRightToLeftOnPhone);
    // It ends at the registration form, which starts at the right edge.
    await expectFormFromTheRight(context);
  });
});

test.afterAll(() => {
  console.info(formatCoverage(recorder.report('check-in journey (browser)')));
});
