import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { pageLanguage } from '../server/adapters/test-payments/texts';
import { expect as baseExpect, type Page, test } from './fixtures';

/**
 * Every state a guest meets on the way through a booking, checked with axe (WCAG 2.0 and 2.1, A and AA,
 * and axe's best practices), in English and in Arabic (right to left). The guest starts on the home page
 * and gets everywhere by clicking and typing; each state must show no violation at all.
 */

type SiteLocale = 'en' | 'ar';

/** Each state is checked after the guest has seen it arrive; on a busy machine a page may take a while. */
const expect = baseExpect.configure({ timeout: 15_000 });

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The messages of a locale's catalog, msgid to msgstr (English reads its ids). */
function catalogOf(locale: SiteLocale): Map<string, string> {
  const messages = new Map<string, string>();
  if (locale === 'en') return messages;
  // The main catalog and the member area's (lingui.config.ts).
  const text = ['messages', 'member'].map((name) => readFileSync(new URL(`../src/locales/${locale}/${name}.po`, import.meta.url), 'utf8')).join('\n');
  const quoted = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string;
  let id: string | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) id = quoted(line);
    else if (line.startsWith('msgstr ') && id !== null) {
      messages.set(id, quoted(line));
      id = null;
    }
  }
  return messages;
}

/** What the site shows for a message in a locale, its `{placeholders}` filled in. */
function translator(locale: SiteLocale) {
  const catalog = catalogOf(locale);
  return (id: string, values: Record<string, string | number> = {}) => {
    const message = catalog.get(id) || id;
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/**
 * Runs axe on the page as it is and fails (softly, so the journey goes on to the next state) with one line
 * per element that breaks a rule: the rule, where, and what to fix.
 */
async function expectNoAxeViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const problems = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact ?? 'n/a'}) at ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
    ),
  );
  expect.soft(problems, `axe violations on: ${state}`).toEqual([]);
}

/**
 * The contrast ratio (WCAG) of an element's text with the colour behind it: its own background, or the
 * first ancestor's that is not transparent.
 */
async function contrastOnItsBackground(element: Locator): Promise<number> {
  const [text, background] = await element.evaluate((node) => {
    const opaque = (color: string) => !/rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent';
    let behind: Element | null = node;
    while (behind && !opaque(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
    return [getComputedStyle(node).color, behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)'];
  });
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const [lighter, darker] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The flexible rate's name as the hotels' catalogue gives it in each locale. */
const FLEXIBLE_RATE: Record<SiteLocale, string> = { en: 'Flexible Rate', ar: 'سعر مرن' };

/** A day of the later month the calendar shows (its number, Latin digits in every locale). */
function calendarDay(calendar: Locator, day: number) {
  return calendar
    .locator('.calendar__grid')
    .last()
    .locator('[role="button"]:not([data-outside-month])')
    .filter({ has: calendar.page().locator('.calendar__day', { hasText: new RegExp(`^${day}$`) }) });
}

for (const [locale, arrivalDay] of [
  ['en', 3],
  ['ar', 8],
] as const) {
  test.describe(`accessibility in ${locale}`, () => {
    test.use({ consent: 'unset' });

    test(`the home page, sign-in, not-found and manage-my-booking pages have no axe violations (${locale})`, async ({ page }) => {
      // Each axe run reads the whole page: a few seconds each on a busy machine.
      test.setTimeout(240_000);
      const tr = translator(locale);
      await page.goto(`/${locale}/`);
      const banner = page.getByRole('region', { name: tr('Your privacy') });
      await expect(banner).toBeVisible();
      await expectNoAxeViolations(page, `home with the consent banner (${locale})`);
      await banner.getByRole('button', { name: tr('Accept all') }).click();
      await expect(banner).toBeHidden();
      await expectNoAxeViolations(page, `home (${locale})`);

      await page.getByRole('banner').getByRole('button', { name: tr('Sign in') }).click();
      const signIn = page.getByRole('dialog');
      await expect(signIn).toBeVisible();
      await expectNoAxeViolations(page, `sign-in dialog (${locale})`);
      await page.keyboard.press('Escape');
      await expect(signIn).toBeHidden();

      // The preference centre without a mail's link: how to get one.
      await page.getByRole('contentinfo').getByRole('link', { name: tr('Newsletter preferences') }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/preference-center$`));
      await expectNoAxeViolations(page, `preference centre without a link (${locale})`);

      // An address the site does not have: its not-found page.
      await page.goto(`/${locale}/no-such-page`);
      await expect(page.locator('[data-page="not-found"]')).toBeVisible();
      await expectNoAxeViolations(page, `not-found page (${locale})`);

      await page.getByRole('navigation', { name: tr('Main') }).getByRole('link', { name: tr('Manage my booking') }).click();
      await expect(page.getByRole('heading', { level: 1, name: tr('Find your booking') })).toBeVisible();
      await expectNoAxeViolations(page, `manage-my-booking page (${locale})`);
    });

    test(`a signed-in member's header has no axe violations (${locale})`, async ({ page }) => {
      test.setTimeout(240_000);
      const tr = translator(locale);
      await page.goto(`/${locale}/`);
      await page.getByRole('button', { name: tr('Accept all') }).click();
      await page.getByRole('banner').getByRole('button', { name: tr('Sign in') }).click();
      const signIn = page.getByRole('dialog');
      await signIn.getByLabel(tr('Email address')).fill('anna.schmidt@example.com');
      await signIn.getByLabel(tr('Password')).fill('Demo-Password-2026');
      await signIn.getByRole('button', { name: tr('Sign in'), exact: true }).click();
      await expect(page.getByRole('banner').getByRole('region', { name: tr('Your membership') })).toContainText('Anna');
      await expectNoAxeViolations(page, `signed-in header (${locale})`);
      // axe leaves the contrast of text on the header's colour to review (it reports it as incomplete):
      // the Sign out button's text is measured against what is behind it here.
      const signOut = page.getByRole('banner').getByRole('button', { name: tr('Sign out') });
      expect(await contrastOnItsBackground(signOut)).toBeGreaterThanOrEqual(4.5);
    });

    test(`the member area's pages and dialogs have no axe violations (${locale})`, async ({ page }) => {
      test.setTimeout(600_000);
      const tr = translator(locale);
      await page.goto(`/${locale}/`);
      await page.getByRole('button', { name: tr('Accept all') }).click();
      await page.getByRole('banner').getByRole('button', { name: tr('Sign in') }).click();
      const signIn = page.getByRole('dialog');
      await signIn.getByLabel(tr('Email address')).fill('anna.schmidt@example.com');
      await signIn.getByLabel(tr('Password')).fill('Demo-Password-2026');
      await signIn.getByRole('button', { name: tr('Sign in'), exact: true }).click();
      await expect(signIn).toBeHidden();
      await page.getByRole('navigation', { name: tr('Main') }).getByRole('link', { name: tr('Rewards') }).click();
      await expect(page.getByRole('region', { name: tr('My points') })).toBeVisible();
      await expectNoAxeViolations(page, `overview (${locale})`);
      await page.getByRole('button', { name: tr('Show my member card') }).click();
      const card = page.getByRole('dialog', { name: tr('My member card') });
      await expect(card.locator('svg')).toBeVisible();
      await expectNoAxeViolations(page, `member card (${locale})`);
      await card.getByRole('button', { name: tr('Close') }).click();

      const memberArea = page.getByRole('navigation', { name: tr('Member area') });
      await memberArea.getByRole('link', { name: tr('Rewards') }).click();
      const catalogue = page.getByRole('list', { name: tr('Redeem your points') });
      await expect(catalogue.getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('region', { name: tr('Stay vouchers') }).getByRole('list')).toBeVisible();
      await expectNoAxeViolations(page, `rewards (${locale})`);
      await catalogue.getByRole('button', { name: tr('Redeem') }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, `redeem confirmation (${locale})`);
      await page.getByRole('dialog').getByRole('button', { name: tr('Keep my points') }).click();

      await memberArea.getByRole('link', { name: tr('My bookings') }).click();
      await page.getByRole('button', { name: tr('Add a booking') }).click();
      await page.getByRole('button', { name: tr('Add booking') }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page, `bookings with the add-booking form's errors (${locale})`);

      await memberArea.getByRole('link', { name: tr('Points history') }).click();
      await page.getByRole('link', { name: tr('Request points') }).click();
      await expect(page.getByRole('region', { name: tr('My requests') })).toBeVisible();
      await page.getByRole('button', { name: tr('Request points') }).click();
      await expectNoAxeViolations(page, `request points with the form's errors (${locale})`);

      await memberArea.getByRole('link', { name: tr('Member offers') }).click();
      await expect(page.getByRole('list', { name: tr('Offers to book') })).toBeVisible();
      await expectNoAxeViolations(page, `member offers (${locale})`);
    });

    test(`a booking from search to a cancelled room has no axe violations (${locale})`, async ({ page }) => {
      test.setTimeout(600_000);
      const tr = translator(locale);
      await page.goto(`/${locale}/`);
      await page.getByRole('region', { name: tr('Your privacy') }).getByRole('button', { name: tr('Accept all') }).click();

      // Where, when (a month ahead) and who (two rooms).
      const destination = page.getByRole('combobox', { name: tr('Destination') });
      await destination.fill('Berl');
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.getByRole('button', { name: new RegExp(tr('Dates')) }).click();
      const calendar = page.getByRole('application', { name: new RegExp(tr('Arrival and departure')) });
      await calendar.getByRole('button', { name: tr('Next month') }).click();
      await calendarDay(calendar, arrivalDay).click();
      await calendarDay(calendar, arrivalDay + 2).click();
      await expect(calendar).toBeHidden();
      await page.getByRole('button', { name: new RegExp(tr('Rooms and guests')) }).click();
      await page.getByRole('button', { name: tr('Add a room') }).click();
      await page.getByRole('button', { name: tr('Done') }).click();
      await page.getByRole('button', { name: tr('Search'), exact: true }).click();

      await expect(page).toHaveURL(new RegExp(`/${locale}/find-a-hotel\\?`));
      const chooseRoom = page.getByRole('link', { name: tr('Choose a room') }).first();
      await expect(chooseRoom).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page, `results (${locale})`);

      const desktop = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: tr('Filters'), exact: true }).click();
      const filters = page.getByRole('dialog', { name: tr('Filters') });
      await expect(filters).toBeVisible();
      await expectNoAxeViolations(page, `results with the filters open, phone width (${locale})`);
      await filters.getByRole('button', { name: tr('Close the filters') }).click();
      await expect(filters).toBeHidden();
      if (desktop) await page.setViewportSize(desktop);

      const firstCard = page.locator('.result-card').filter({ has: chooseRoom }).first();
      await firstCard.getByRole('heading').getByRole('link').click();
      await expect(page.locator('[data-page="hotel"]')).toBeVisible();
      await expectNoAxeViolations(page, `hotel page (${locale})`);
      await page.goBack();

      await expect(chooseRoom).toBeVisible({ timeout: 15_000 });
      await chooseRoom.click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/booking/select-room-rate\\?`));
      const summary = page.locator('[data-rooms-summary]');
      await expect(page.locator('[data-rate]').first()).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page, `room and rate page (${locale})`);
      for (const number of [1, 2]) {
        // A standard rate, paid at the hotel and free to cancel.
        const rate = page
          .locator(`section[aria-labelledby="room-choice-${number}"]`)
          .locator('[data-rate]:not(.rate--member)')
          .filter({ has: page.getByText(FLEXIBLE_RATE[locale], { exact: true }) })
          .first();
        await rate.getByRole('button', { name: tr('Select'), exact: true }).click();
        await expect(rate.getByRole('button', { name: tr('Selected') })).toBeVisible();
      }
      await expectNoAxeViolations(page, `room and rate page with both rooms chosen (${locale})`);
      await summary.getByRole('link', { name: tr('Continue to payment') }).click();

      await expect(page).toHaveURL(new RegExp(`/${locale}/booking/check-out\\?`));
      const mainGuest = page.getByRole('group', { name: tr('Room {number}: main guest', { number: 1 }) });
      await expect(mainGuest.getByLabel(tr('First name'))).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page, `check-out (${locale})`);
      const pay = page.getByRole('button', { name: tr('Book now') });
      await pay.click();
      await expect(page.locator('[data-error-summary]')).toBeVisible();
      await expectNoAxeViolations(page, `check-out with the error summary (${locale})`);

      await mainGuest.getByLabel(tr('First name')).fill('Mia');
      await mainGuest.getByLabel(tr('Last name')).fill('Muster');
      await mainGuest.getByLabel(tr('Email address')).fill(`mia.${locale}@example.com`);
      await page.getByRole('button', { name: tr('Same guest as room 1') }).click();
      await page.getByRole('radio', { name: 'PayPal' }).click();
      await pay.click();
      // The provider's own page, in its own words for the site's language.
      const approve = page.getByRole('button', { name: pageLanguage(locale).texts.approvePayment });
      await expect(approve).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page, `payment provider page (${locale})`);
      await approve.click();

      await expect(page).toHaveURL(new RegExp(`/${locale}/booking/confirmation\\?order_id=`), { timeout: 15_000 });
      const numbers = page.locator('.booking-room__number');
      await expect(numbers).toHaveCount(2, { timeout: 15_000 });
      await expectNoAxeViolations(page, `confirmation (${locale})`);

      const firstNumber = ((await numbers.first().textContent()) ?? '').trim();
      const firstRoom = page.locator('article', { has: page.getByText(firstNumber, { exact: true }) });
      await firstRoom.getByRole('button', { name: tr('Cancel reservation') }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page, `confirmation with the cancel dialog open (${locale})`);
      await confirm.getByRole('button', { name: tr('Yes, cancel it') }).click();
      await expect(firstRoom.getByText(tr('Cancelled'), { exact: true })).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page, `confirmation after cancelling a room (${locale})`);

      await page.getByRole('navigation', { name: tr('Main') }).getByRole('link', { name: tr('Manage my booking') }).click();
      await page.getByLabel(tr('Reservation number')).fill(firstNumber);
      await page.getByLabel(tr('Last name or email address')).fill('Muster');
      await page.getByRole('button', { name: tr('Find booking') }).click();
      await expect(page.locator('.booking-room__number')).toHaveCount(2, { timeout: 15_000 });
      await expectNoAxeViolations(page, `booking found from manage my booking (${locale})`);
    });
  });
}
