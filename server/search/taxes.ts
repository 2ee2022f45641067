/**
 * Taxes on a stay (decision record 0008). Room prices in the inventory are gross: they include the
 * country's VAT on accommodation, which is split out for "without tax". The city tax is not included: it
 * is charged per guest and night (children who count as adults under the child policy included) and shown
 * separately. Amounts are demo values in euro cents, fixed per city; real city taxes vary by season, price
 * band or percentage of the room price.
 */

/** VAT on accommodation per country, in basis points (700 = 7 %), as of 2026. */
const ACCOMMODATION_VAT_BPS: Readonly<Record<string, number>> = {
  DE: 700,
  NL: 2100,
  BE: 600,
  AT: 1000,
  CH: 380,
  DK: 2500,
  SE: 1200,
  GB: 2000,
  ES: 1000,
  AE: 500,
  EG: 1400,
};

/** City tax per guest and night, in euro cents; cities not listed charge none. */
const CITY_TAX_PER_GUEST_NIGHT_MINOR: Readonly<Record<string, number>> = {
  berlin: 500,
  frankfurt: 200,
  munich: 300,
  hamburg: 250,
  dusseldorf: 300,
  cologne: 400,
  amsterdam: 750,
  rotterdam: 450,
  'the-hague': 450,
  brussels: 450,
  vienna: 350,
  salzburg: 250,
  zurich: 250,
  geneva: 375,
  copenhagen: 200,
  london: 0,
  madrid: 250,
  barcelona: 550,
  dubai: 400,
  'abu-dhabi': 400,
  cairo: 0,
  hurghada: 0,
};

/** A country without a listed rate is charged the standard assumption of 10 %. */
const DEFAULT_VAT_BPS = 1000;

export function accommodationVatBps(countryCode: string): number {
  return ACCOMMODATION_VAT_BPS[countryCode] ?? DEFAULT_VAT_BPS;
}

export function cityTaxPerGuestNightMinor(cityCode: string): number {
  return CITY_TAX_PER_GUEST_NIGHT_MINOR[cityCode] ?? 0;
}
