import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

const accountFolders = (folders: string[]) => folders.map((folder) => `<rootDir>/src/views/account/${folder}`);

/**
 * The member area's views: their messages make a catalog of their own (`member`), loaded only on the
 * member area's pages (src/services/i18n/catalogs.ts), so the first load of every other page stays as it was.
 * The step-up's form is among them: the rewards page asks for a code before a large redemption.
 */
const MEMBER_AREA = accountFolders(['overview', 'rewards', 'request-points', 'bookings', 'specials', 'status', 'points-history', 'member-area', 'profile/step-up']);

/** The account settings (profile, preferences, favourite hotels): a catalog of their own (`settings`) on their pages only. */
const ACCOUNT_SETTINGS = accountFolders(['profile', 'preferences', 'favourites']);

/**
 * The in-house guests' and companies' pages (online check-in, the hotel checkout, company enrolment): a
 * catalog of their own (`guest-flows`) on their pages only; every other page's first load stays as it was.
 */
const GUEST_FLOWS = ['checkin', 'hotel-checkout', 'enroll'].map((folder) => `<rootDir>/src/views/${folder}`);

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'nl', 'es', 'it', 'pl', 'ar'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', ...MEMBER_AREA, ...ACCOUNT_SETTINGS, ...GUEST_FLOWS],
    },
    {
      path: '<rootDir>/src/locales/{locale}/member',
      include: MEMBER_AREA,
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/settings',
      include: ACCOUNT_SETTINGS,
      exclude: ['**/*.test.*', ...MEMBER_AREA],
    },
    {
      path: '<rootDir>/src/locales/{locale}/guest-flows',
      include: GUEST_FLOWS,
      exclude: ['**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
