import { type Locale, type LocalizedText, pickLocalized } from '../../src/contract/locales';
import { type LocationSuggestion, SEARCH_LIMITS, SUGGESTED_HOTELS_LIMIT } from '../../src/contract/search';
import type { Catalogue } from './catalogue';
import { matchScore, normalizeText, umlautSpelling } from './text-match';

/**
 * The destination box's index for one locale: cities by their names (the locale's name first, then the
 * other locales' and the German spelling without umlauts, so "cologne", "köln", "koln" and "koeln" all
 * find Cologne) and hotels by name and code, and by their city's names with less weight. Built once per
 * locale from the catalogue; a lookup is a scan of a few hundred prepared keys and touches no database.
 */

interface IndexKey {
  text: string;
  /** Multiplies the match score: a hit on the locale's own name counts fully, other names a little less. */
  weight: number;
}

interface IndexEntry {
  suggestion: LocationSuggestion;
  keys: IndexKey[];
}

export interface LocationIndex {
  search(query: string): { cities: LocationSuggestion[]; hotels: LocationSuggestion[] };
}

/** Weights of a city's name in the locale and in other locales, for the city and for its hotels. */
const CITY_NAMES = { own: 1, other: 0.95 };
const CITY_NAMES_OF_HOTEL = { own: 0.5, other: 0.45 };
const HOTEL_NAME = 1;

function keysOf(names: readonly (string | undefined)[], weight: number): IndexKey[] {
  const keys: IndexKey[] = [];
  for (const name of names) {
    if (!name) continue;
    for (const text of [normalizeText(name), umlautSpelling(name)]) {
      if (text && !keys.some((key) => key.text === text)) keys.push({ text, weight });
    }
  }
  return keys;
}

function cityNameKeys(name: LocalizedText, locale: Locale, weights: { own: number; other: number }): IndexKey[] {
  const own = keysOf([pickLocalized(name, locale)], weights.own);
  const others = keysOf(Object.values(name), weights.other).filter((key) => !own.some((ownKey) => ownKey.text === key.text));
  return [...own, ...others];
}

export function buildLocationIndex(catalogue: Catalogue, locale: Locale): LocationIndex {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const cities: IndexEntry[] = catalogue.cities
    .filter((city) => city.hotels.length > 0)
    .map((city) => ({
      suggestion: {
        kind: 'city',
        value: pickLocalized(city.name, locale),
        label: pickLocalized(city.name, locale),
        detail: pickLocalized(city.countryName, locale),
        hotelCount: city.hotels.length,
      },
      keys: cityNameKeys(city.name, locale, CITY_NAMES),
    }));
  const hotels: IndexEntry[] = catalogue.hotels.map((hotel) => ({
    suggestion: {
      kind: 'hotel',
      value: hotel.code,
      label: hotel.name,
      detail: pickLocalized(hotel.city.name, locale),
      hotelCount: 1,
    },
    keys: [...keysOf([hotel.name, hotel.code], HOTEL_NAME), ...cityNameKeys(hotel.city.name, locale, CITY_NAMES_OF_HOTEL)],
  }));

  const rank = (entries: IndexEntry[], typed: string, limit: number) =>
    entries
      .map((entry) => ({ entry, score: Math.max(...entry.keys.map((key) => matchScore(typed, key.text) * key.weight)) }))
      .filter((hit) => hit.score > 0)
      .sort(
        (a, b) =>
          b.score - a.score ||
          b.entry.suggestion.hotelCount - a.entry.suggestion.hotelCount ||
          collator.compare(a.entry.suggestion.label, b.entry.suggestion.label),
      )
      .slice(0, limit)
      .map((hit) => hit.entry.suggestion);

  return {
    search(query) {
      const typed = normalizeText(query);
      if (!typed) return { cities: [], hotels: [] };
      return {
        cities: rank(cities, typed, SEARCH_LIMITS.suggestedCitiesLimit),
        hotels: rank(hotels, typed, SUGGESTED_HOTELS_LIMIT),
      };
    },
  };
}
