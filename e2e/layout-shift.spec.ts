import { recordLayoutShifts, walkBookingJourney } from './booking-journey';
import type { JourneyLocale, JourneyPage } from './booking-journey';
import { expect, test } from './fixtures';

/*
 * The rooms page and the check-out page keep still while they load: from the home page, by clicking, and
 * each reloaded, their layout shift (the sum of shifts without recent input, never below the browser's
 * CLS) stays under 0.02, on a desktop screen and a phone, in English and in Arabic. Layout shift does not
 * depend on the machine's speed the way timings do: what moves, moves by the same amount each time.
 * `npm run bench:cls` measures the same journey (and the other pages) as medians.
 */

const LIMIT = 0.02;
const GATED: JourneyPage[] = ['rooms', 'rooms, reloaded', 'check-out', 'check-out, reloaded'];
const CASES: { locale: JourneyLocale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'ar', width: 1366, height: 900 },
  { locale: 'en', width: 390, height: 844 },
  { locale: 'ar', width: 390, height: 844 },
];

for (const { locale, width, height } of CASES) {
  test.describe(`${locale} at ${width}x${height}`, () => {
    test.use({ viewport: { width, height } });

    test(`the rooms and check-out pages shift less than ${LIMIT}`, async ({ page }) => {
      test.setTimeout(90_000);
      await recordLayoutShifts(page);
      const shifts = await walkBookingJourney(page, { locale });
      const gated = shifts.filter((shift) => GATED.includes(shift.page));
      console.info(gated.map((shift) => `${locale} ${width}x${height} ${shift.page}: ${shift.shift.toFixed(4)}`).join('\n'));
      // A failure names the pages over the limit and what moved on them.
      expect(gated.filter((shift) => shift.shift >= LIMIT)).toEqual([]);
      expect(gated.map((shift) => shift.page)).toEqual(GATED);
    });
  });
}
