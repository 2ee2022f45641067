import * as v from 'valibot';

/**
 * Feature flags (spec section 6) and the GrowthBook-compatible calls that serve them (architecture,
 * "Feature flags"): `GET /api/features/{clientKey}`, `POST /api/eval/{clientKey}` and the
 * `/sub/{clientKey}` event stream, on the site's origin (not under /bff, where a GrowthBook SDK would not
 * look). The payload is GrowthBook's: `{ features: { key: { defaultValue, rules } }, dateUpdated }`.
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

/**
 * What the site does while no flag source has answered, and what pages rendered on the server show. The
 * flags file (server/features/flags.json) starts from the same values: a test keeps the two equal, so
 * the first render in the browser matches the server's and nothing flips once the flags arrive.
 */
export const DEFAULT_FLAGS: FlagValues = {
  'pay-with-points-enabled': true,
  'modify-booking-enabled': true,
  'booking-cart-summary': true,
  paypal: true,
  'show-cancellation-insurance-addon': true,
  'show-ideal-along-with-guarantee': true,
  'save-payment-details': true,
  'add-reservations-from-crs-enabled': true,
  'member-area-qr': true,
  // The profile's email and name changes are built (decision record 0051).
  'show-change-email-button': true,
  'show-change-name-button': true,
  // Sign-in toggles (spec section 6): on unless a flag source turns them off.
  'Google Sign-In': true,
  'Apple Sign-in': true,
};

/** The layout experiment (spec section 3, "Layout experiment variants"): a feature whose value is the variant. */
export const LAYOUT_EXPERIMENT = 'layout-experiment';
export const LAYOUT_VARIANTS = { A_CONTROL: 0, B_HIDDEN: 1, C_SHORTEN: 2, D_SCROLL: 3 } as const;
export type LayoutVariant = (typeof LAYOUT_VARIANTS)[keyof typeof LAYOUT_VARIANTS];

export const FEATURE_PATHS = {
  features: (clientKey: string) => `/api/features/${encodeURIComponent(clientKey)}`,
  eval: (clientKey: string) => `/api/eval/${encodeURIComponent(clientKey)}`,
  sub: (clientKey: string) => `/sub/${encodeURIComponent(clientKey)}`,
} as const;

/** The event of the stream that carries a whole new payload (the GrowthBook SDK listens for it by this name). */
export const FEATURES_EVENT = 'features';

const JsonObject = v.record(v.string(), v.unknown());

/** Hash-bucketing coverage and weights are fractions (spec section 9: coverage 0 to 1). */
const Fraction = v.pipe(v.number(), v.minValue(0, 'must be at least 0'), v.maxValue(1, 'must be at most 1'));

const ForceRuleSchema = v.strictObject({
  id: v.optional(v.string()),
  condition: v.optional(JsonObject),
  force: v.unknown(),
  coverage: v.optional(Fraction),
  hashAttribute: v.optional(v.string()),
});

const ExperimentRuleSchema = v.pipe(
  v.strictObject({
    id: v.optional(v.string()),
    key: v.pipe(v.string(), v.nonEmpty('must not be empty')),
    name: v.optional(v.string()),
    condition: v.optional(JsonObject),
    variations: v.pipe(v.array(v.unknown()), v.minLength(2, 'an experiment needs at least two variations')),
    weights: v.optional(v.array(Fraction)),
    coverage: v.optional(Fraction),
    hashAttribute: v.optional(v.string()),
    fallbackAttribute: v.optional(v.string()),
    hashVersion: v.optional(v.picklist([1, 2])),
    seed: v.optional(v.string()),
    meta: v.optional(v.array(v.strictObject({ key: v.optional(v.string()), name: v.optional(v.string()), passthrough: v.optional(v.boolean()) }))),
  }),
  v.check((rule) => !rule.weights || rule.weights.length === rule.variations.length, 'weights must have one entry per variation'),
  v.check((rule) => !rule.weights || Math.abs(rule.weights.reduce((sum, weight) => sum + weight, 0) - 1) < 1e-6, 'weights must add up to 1'),
  v.check((rule) => !rule.meta || rule.meta.length === rule.variations.length, 'meta must have one entry per variation'),
);

export const FeatureRuleSchema = v.union([ForceRuleSchema, ExperimentRuleSchema]);

export const FeatureDefinitionSchema = v.strictObject({
  defaultValue: v.unknown(),
  rules: v.optional(v.array(FeatureRuleSchema)),
});

/** The flags file and the answer of `GET /api/features/{clientKey}` (plus `dateUpdated`). */
export const FeaturesFileSchema = v.strictObject({
  features: v.record(v.pipe(v.string(), v.nonEmpty('a feature key must not be empty')), FeatureDefinitionSchema),
});
export type FeaturesFile = v.InferOutput<typeof FeaturesFileSchema>;

export interface FeaturesPayload extends FeaturesFile {
  /** When the served flags last changed (ISO 8601); the SDK ignores a payload with the date it already has. */
  dateUpdated: string;
}

/** `POST /api/eval/{clientKey}`: what the GrowthBook SDK sends in remote-evaluation mode. */
export const EvalRequestSchema = v.strictObject({
  attributes: v.optional(JsonObject, {}),
  forcedVariations: v.optional(v.record(v.string(), v.pipe(v.number(), v.integer(), v.minValue(0))), {}),
  forcedFeatures: v.optional(v.array(v.pipe(v.array(v.unknown()), v.length(2, 'must be a [key, value] pair'), v.tuple([v.string(), v.unknown()]))), []),
  url: v.optional(v.pipe(v.string(), v.maxLength(2048)), ''),
});
export type EvalRequest = v.InferOutput<typeof EvalRequestSchema>;
