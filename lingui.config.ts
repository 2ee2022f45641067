import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The member area's views: their messages make a catalog of their own (`member`), loaded only on the
 * member area's pages (src/services/i18n/catalogs.ts), so the first load of every other page stays as it was.
 */
const MEMBER_AREA = ['overview', 'rewards', 'request-points', 'bookings', 'specials', 'status', 'points-history', 'member-area', 'profile', 'preferences', 'favourites'].map(
  (folder) => `<rootDir>/src/views/account/${folder}`,
);

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'nl', 'es', 'it', 'pl', 'ar'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', ...MEMBER_AREA],
    },
    {
      path: '<rootDir>/src/locales/{locale}/member',
      include: MEMBER_AREA,
      exclude: ['**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
