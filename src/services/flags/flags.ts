/**
 * Feature flags of the specification (section 6). Views read them through this service only; the
 * GrowthBook client replaces the static defaults below when it is connected, without changing callers.
 */
export const FEATURE_FLAGS = [
  'member-area-qr',
  'brand-page-search-bar-v2',
  'paypal',
  'track-meta-conversions',
  'hide-personal-details-during-booking',
  'rooms-next-button-fix',
  'rates-compact-view',
  'rates-desktop-grid-view',
  'tripadvisor-hotel-reviews',
  'show-change-email-button',
  'show-change-name-button',
  'show-cancellation-insurance-addon',
  'pay-with-points-enabled',
  'add-reservations-from-crs-enabled',
  'show-ideal-along-with-guarantee',
  'lock-invites',
  'save-payment-details',
  'hide-non-member-rates',
  'booking-cart-summary',
  'modify-booking-enabled',
  'Apple Sign-in',
  'Google Sign-In',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export type FlagValues = Partial<Record<FeatureFlag, boolean>>;

/** What the site does while no flag source has answered. */
export const DEFAULT_FLAGS: FlagValues = {
  'pay-with-points-enabled': true,
  'modify-booking-enabled': true,
  'booking-cart-summary': true,
  paypal: true,
  'show-cancellation-insurance-addon': true,
  'show-ideal-along-with-guarantee': true,
  'save-payment-details': true,
  // Sign-in toggles (spec section 6): on unless a flag source turns them off.
  'Google Sign-In': true,
  'Apple Sign-in': true,
};

export interface FlagSource {
  isOn(flag: FeatureFlag): boolean;
}

/** Flags from fixed values; also the test double. */
export function staticFlags(values: FlagValues = DEFAULT_FLAGS): FlagSource {
  return { isOn: (flag) => values[flag] === true };
}
