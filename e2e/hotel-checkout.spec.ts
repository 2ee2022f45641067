import { DEMO_STAYS } from '../server/db/seed/stays';
import { CoverageRecorder, describePath, formatCoverage } from '../test/model-based/graph';
import { test } from './fixtures';
import { hotelCheckoutEventDrivers, hotelCheckoutStateAssertions } from './models/hotel-checkout.drivers';
import type { HotelCheckoutContext } from './models/hotel-checkout.drivers';
import { hotelCheckoutJourneys, hotelCheckoutModel, stayKindOf } from './models/hotel-checkout.model';
import type { HotelCheckoutPath } from './models/hotel-checkout.model';
import { eventTypes } from './models/journey-paths';
import { newGuest } from './models/stay-booking';
import { walkJourney } from './models/walk-journey';

/*
 * Hotel-checkout journeys generated from the model of what the desk and the guest see
 * (e2e/models/hotel-checkout.model.ts), each started at the home page and driven by clicking and typing
 * only; no address is built from data. A stay is checked out once, so every journey has a stay of its
 * own: Omar Haddad, arriving today, for the way with the key, the minibar and both invoices; Lukas Brandt,
 * in house since yesterday, for the bill that changes while he pays; and each journey of the way that
 * books from the home page (paying with a 3-D Secure card, or with iDEAL) a new booking of its own. The
 * coverage printed at the end is what the journeys took.
 */

// One worker walks the journeys in turn, so one recorder sees them all.
test.describe.configure({ mode: 'default' });

type StayKind = ReturnType<typeof stayKindOf>;
type SeededStayKind = Exclude<StayKind, 'bookedToday'>;

/** The seeded stays (server/db/seed/stays.ts) by what a journey needs, with the guest's name and mail as the seed gives them. */
const STAYS: Record<SeededStayKind, HotelCheckoutContext['guest']> = {
  arrivingToday: { name: 'Omar Haddad', email: 'omar.haddad@example.com', reservationNumber: DEMO_STAYS.omarArriving.reservationNumber },
  inHouse: { name: 'Lukas Brandt', email: 'lukas.brandt@example.net', reservationNumber: DEMO_STAYS.guestInHouse.reservationNumber },
};

const recorder = new CoverageRecorder(hotelCheckoutModel);
const journeys = hotelCheckoutJourneys();
// No seeded stay is checked out by two journeys: the model must give one journey per kind of seeded stay
// (a journey that books has a stay of its own).
const seededKinds = journeys.map(stayKindOf).filter((kind): kind is SeededStayKind => kind !== 'bookedToday');
if (new Set(seededKinds).size !== seededKinds.length) throw new Error(`The hotel-checkout model gives journeys that share a seeded stay: ${seededKinds.join(', ')}`);

/** The guest who books a journey's own stay, and how the test is named after them. */
const BOOKER = { firstName: 'Sanne', lastName: 'de Boer' };
const guestNameOf = (kind: StayKind) => (kind === 'bookedToday' ? `${BOOKER.firstName} ${BOOKER.lastName}, booked today` : STAYS[kind].name);

const drivers = { states: hotelCheckoutStateAssertions, events: hotelCheckoutEventDrivers };

function contextFor(path: HotelCheckoutPath, page: HotelCheckoutContext['page']): HotelCheckoutContext {
  const kind = stayKindOf(path);
  const fresh = { page, payLabel: '', invoiceStarts: new Map<string, string>() };
  // A journey that books knows its stay once it has booked it.
  if (kind === 'bookedToday') return { ...fresh, guest: { name: '', email: '', reservationNumber: '' }, booker: newGuest(BOOKER.firstName, BOOKER.lastName) };
  return { ...fresh, guest: STAYS[kind], booker: null };
}

test.describe('generated hotel-checkout journeys', () => {
  journeys.forEach((path) => {
    test(`hotel checkout, ${guestNameOf(stayKindOf(path))}${stayKindOf(path) === 'inHouse' ? ' on a phone' : ''}: ${describePath(path)}`, async ({ page }) => {
      // A booking, the desk, the bill, the payment and the invoices: several pages' time on a busy machine (a limit that only catches hangs).
      test.setTimeout(120_000);
      // The guest in house pays from their phone, as a guest in a hotel room would.
      if (stayKindOf(path) === 'inHouse') await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/en/');
      await walkJourney(hotelCheckoutModel, eventTypes(path), contextFor(path, page), drivers, recorder);
    });
  });

  test.afterAll(() => {
    console.info(formatCoverage(recorder.report('hotel-checkout journey (browser)')));
  });
});
