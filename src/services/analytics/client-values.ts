import { ONE_DAY_MS, readExpiring, removeValue, writeExpiring } from '../account/persisted-values';

/**
 * Analytics' persisted client values (spec sections 3 and 9): the anonymous id (365 days) and the
 * landing attribution trv_reference and trv_locale (30 days). They are written only with analytics
 * consent; expired entries are ignored. The caller checks consent: these functions only keep values.
 */
export const ANALYTICS_KEYS = {
  anonymousId: 'anonymousId',
  trvReference: 'trv_reference',
  trvLocale: 'trv_locale',
} as const;

export const ANALYTICS_LIFETIMES_MS = {
  anonymousId: 365 * ONE_DAY_MS,
  trv: 30 * ONE_DAY_MS,
} as const;

const ANONYMOUS_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
const TRV_VALUE_PATTERN = /^[\w.:-]{1,200}$/;

function newAnonymousId(): string {
  return crypto.randomUUID();
}

/** The anonymous id, created (for 365 days from now) when there is none or it expired. */
export function anonymousId(now: number, storage: Storage | null, createId: () => string = newAnonymousId): string {
  const stored = readExpiring(ANALYTICS_KEYS.anonymousId, now, storage);
  if (typeof stored === 'string' && ANONYMOUS_ID_PATTERN.test(stored)) return stored;
  const id = createId();
  writeExpiring(ANALYTICS_KEYS.anonymousId, id, ANALYTICS_LIFETIMES_MS.anonymousId, now, storage);
  return id;
}

export interface LandingAttribution {
  trvReference?: string;
  trvLocale?: string;
}

/** trv_reference and trv_locale of a landing URL's query, when present and well formed. */
export function attributionOfSearch(search: string): LandingAttribution {
  const query = new URLSearchParams(search);
  const pick = (name: string) => {
    const value = query.get(name)?.trim();
    return value && TRV_VALUE_PATTERN.test(value) ? value : undefined;
  };
  const trvReference = pick('trv_reference');
  const trvLocale = pick('trv_locale');
  return { ...(trvReference ? { trvReference } : {}), ...(trvLocale ? { trvLocale } : {}) };
}

/** Keeps a landing's attribution for 30 days from `landedAt`; values the landing did not carry stay as they are. */
export function storeAttribution(attribution: LandingAttribution, landedAt: number, storage: Storage | null): void {
  if (attribution.trvReference) writeExpiring(ANALYTICS_KEYS.trvReference, attribution.trvReference, ANALYTICS_LIFETIMES_MS.trv, landedAt, storage);
  if (attribution.trvLocale) writeExpiring(ANALYTICS_KEYS.trvLocale, attribution.trvLocale, ANALYTICS_LIFETIMES_MS.trv, landedAt, storage);
}

export function storedAttribution(now: number, storage: Storage | null): LandingAttribution {
  const reference = readExpiring(ANALYTICS_KEYS.trvReference, now, storage);
  const locale = readExpiring(ANALYTICS_KEYS.trvLocale, now, storage);
  return {
    ...(typeof reference === 'string' ? { trvReference: reference } : {}),
    ...(typeof locale === 'string' ? { trvLocale: locale } : {}),
  };
}

/** Forgets every analytics value (consent withdrawn). */
export function forgetAnalyticsValues(storage: Storage | null): void {
  for (const key of Object.values(ANALYTICS_KEYS)) removeValue(key, storage);
}
