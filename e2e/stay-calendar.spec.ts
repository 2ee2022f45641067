import { calendarDayName, chooseBerlin, expect, test } from './fixtures';

/**
 * The stay calendar of the search bar by keyboard alone, as the component library's own range calendar
 * works: focus goes into it when it opens, arrows move at once, Enter picks the arrival (focus then waits
 * on the next day, the first possible departure) and then the departure, and the calendar closes and gives
 * focus back to its button.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The day a calendar button's name reads ("…, Sunday, 24 January 2027 selected"), as `yyyy-MM-dd`. */
function isoOfDayName(name: string): string {
  const [, day = '', month = '', year = ''] = /\w+, (\d{1,2}) (\w+) (\d{4})(?: selected)?(?:, [\w ]+)?$/.exec(name) ?? [];
  return `${year}-${String(MONTHS.indexOf(month) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('the dates are chosen by keyboard alone, and focus comes back to the dates button', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/en/');
  await chooseBerlin(page);
  const datesButton = page.getByRole('button', { name: /^Dates / });
  // From the destination, Tab reaches the dates button; Enter opens the calendar.
  await page.keyboard.press('Tab');
  await expect(datesButton).toBeFocused();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('application', { name: /Arrival and departure/ });
  // The calendar's code loads when it first opens (a limit that only catches hangs on a busy machine).
  await expect(calendar).toBeVisible({ timeout: 15_000 });

  // Focus is in the calendar, on the arrival shown on the button.
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('aria-label', /\w+, \d{1,2} \w+ \d{4}/);
  const opened = isoOfDayName((await focused.getAttribute('aria-label')) ?? '');
  // Arrows work at once: a month on, then a week on.
  await page.keyboard.press('PageDown');
  await page.keyboard.press('ArrowDown');
  const arrivalName = (await focused.getAttribute('aria-label')) ?? '';
  const arrival = isoOfDayName(arrivalName);
  expect(arrival > plusDays(opened, 28)).toBe(true);
  await expect(focused).toHaveAttribute('aria-label', new RegExp(calendarDayName(arrival)));

  // Enter picks the arrival; focus moves on to the next day, the first possible departure.
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await expect(focused).toHaveAttribute('aria-label', new RegExp(`^${calendarDayName(plusDays(arrival, 1))}`));
  // One more day on, and Enter picks the departure: two nights.
  await page.keyboard.press('ArrowRight');
  await expect(focused).toHaveAttribute('aria-label', new RegExp(`^${calendarDayName(plusDays(arrival, 2))}`));
  await page.keyboard.press('Enter');

  await expect(calendar).toBeHidden();
  await expect(datesButton).toBeFocused();
  const [arrivalDay, arrivalMonth, arrivalYear] = calendarDayName(arrival).split(/,? /).slice(1);
  const [departureDay, departureMonth, departureYear] = calendarDayName(plusDays(arrival, 2)).split(/,? /).slice(1);
  await expect(datesButton).toContainText(`${arrivalDay} ${arrivalMonth} ${arrivalYear} – ${departureDay} ${departureMonth} ${departureYear}`);
  await expect(datesButton).toContainText('2 nights');

  // Opened again, the calendar shows the chosen stay; Escape closes it with focus back on the button.
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await expect(focused).toHaveAttribute('aria-label', new RegExp(calendarDayName(arrival)));
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(datesButton).toBeFocused();
});
