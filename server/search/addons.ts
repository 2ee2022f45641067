import { type Locale, pickLocalized } from '../../src/contract/locales';
import type { Addon, AddonPricing, Currency } from '../../src/contract/search';
import type { CatalogueAddon } from './catalogue';
import { convertMinor, type CurrencyRate, toMajor } from './money';
import type { Occupancy } from './occupancy';

/**
 * Add-ons of one room stay: the group's and the hotel's own, priced for the stay by their pricing mode.
 * Adults and children are counted by the child policy (a 12-year-old pays the adult breakfast). An add-on
 * priced per child is not offered to a room without children. Add-on prices include tax.
 */

/** How many units of an add-on a room stay takes. */
export function addonUnits(pricing: AddonPricing, guests: Occupancy, nights: number): number {
  const persons = guests.adults + guests.children;
  switch (pricing) {
    case 'per_night':
      return nights;
    case 'per_stay':
      return 1;
    case 'per_adult_per_night':
      return guests.adults * nights;
    case 'per_child_per_night':
      return guests.children * nights;
    case 'per_person':
      return persons;
    case 'per_person_per_night':
      return persons * nights;
  }
}

export function addonsView(
  addons: readonly CatalogueAddon[],
  guests: Occupancy,
  nights: number,
  currencies: ReadonlyMap<string, CurrencyRate>,
  to: CurrencyRate,
  locale: Locale,
): Addon[] {
  return addons.flatMap((addon) => {
    const units = addonUnits(addon.pricingMode, guests, nights);
    const from = currencies.get(addon.currency);
    if (units === 0 || !from) return [];
    return [
      {
        code: addon.code,
        name: pickLocalized(addon.name, locale),
        pricing: addon.pricingMode,
        unitPrice: toMajor(convertMinor(addon.priceMinor, from, to), to),
        price: toMajor(convertMinor(addon.priceMinor * units, from, to), to),
        currency: to.code as Currency,
        hotelOnly: addon.hotelOnly,
      },
    ];
  });
}
