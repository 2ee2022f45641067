/**
 * The visitor's consent as the server reads it: a first-party cookie beside the choice kept in storage
 * (services/consent/consent.ts), so the server paints the consent banner into the page only for visitors
 * who have not chosen yet (decision 0038). The cookie holds the version of the categories the choice was
 * made for and the categories granted, e.g. `1.analytics.abTesting`; no other data.
 */

/** Bumped when categories change meaning or are added: earlier choices no longer count. */
export const CONSENT_VERSION = 1;

export const CONSENT_COOKIE = {
  name: 'consent',
  /** About six months: a choice is asked again after that, as data protection authorities advise. */
  maxAgeSeconds: 15_552_000,
  sameSite: 'Lax',
} as const;

/** The `<html>` attribute the server sets when the visitor has chosen; the banner's style hides it then. */
export const CONSENT_CHOSEN_ATTRIBUTE = 'data-consent-chosen';

/** The cookie's value for a choice of these categories (granted ones only; `necessary` is implied). */
export function consentCookieValue(granted: readonly string[]): string {
  return [String(CONSENT_VERSION), ...granted].join('.');
}

/** Whether a cookie value records a choice for the current categories. */
export function isConsentChosen(cookieValue: string | undefined): boolean {
  return cookieValue !== undefined && cookieValue.split('.', 1)[0] === String(CONSENT_VERSION);
}
