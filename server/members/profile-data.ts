import { COUNTRY_CODES, type CountryCode, type Partner } from '../../src/contract/member-profile';
import { type Locale, type LocalizedText, pickLocalized } from '../../src/contract/locales';

/**
 * Reference data of the profile routes: the states of the countries whose addresses name one, and the
 * programme's partners. Country names are not here: Intl.DisplayNames gives them in every locale.
 */

/** States by ISO 3166-2 code (the part after the country), each with its official name. */
export const STATES: Partial<Record<CountryCode, Readonly<Record<string, string>>>> = {
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
    IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
    MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska',
    NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina',
    ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island',
    SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia',
    WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  },
  CA: {
    AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Québec',
    SK: 'Saskatchewan', YT: 'Yukon',
  },
  AU: {
    ACT: 'Australian Capital Territory', NSW: 'New South Wales', NT: 'Northern Territory', QLD: 'Queensland',
    SA: 'South Australia', TAS: 'Tasmania', VIC: 'Victoria', WA: 'Western Australia',
  },
  DE: {
    BW: 'Baden-Württemberg', BY: 'Bayern', BE: 'Berlin', BB: 'Brandenburg', HB: 'Bremen', HH: 'Hamburg', HE: 'Hessen',
    MV: 'Mecklenburg-Vorpommern', NI: 'Niedersachsen', NW: 'Nordrhein-Westfalen', RP: 'Rheinland-Pfalz', SL: 'Saarland',
    SN: 'Sachsen', ST: 'Sachsen-Anhalt', SH: 'Schleswig-Holstein', TH: 'Thüringen',
  },
};

export const hasStates = (country: string): boolean => STATES[country as CountryCode] !== undefined;

/** The states of a country, sorted by name in the locale; empty for a country without states. */
export function statesOf(country: string, locale: Locale = 'en'): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return Object.entries(STATES[country as CountryCode] ?? {})
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Why an address's state is not right for its country, or null when it is. */
export function stateProblem(country: string, state: string | null | undefined): string | null {
  const states = STATES[country as CountryCode];
  if (!states) return state ? 'This country has no states to choose' : null;
  if (!state) return 'Choose a state';
  return Object.hasOwn(states, state) ? null : 'Choose a state of the list';
}

const displayNames = new Map<Locale, Intl.DisplayNames>();

/** Every country of COUNTRY_CODES with its name in the locale (ICU's), sorted by that name in the locale's order. */
export function countriesIn(locale: Locale): { code: CountryCode; name: string; hasStates: boolean }[] {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  const collator = new Intl.Collator(locale);
  const known = names;
  return COUNTRY_CODES.map((code) => ({ code, name: known.of(code) ?? code, hasStates: hasStates(code) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

interface PartnerData {
  id: string;
  category: Partner['category'];
  name: string;
  description: LocalizedText;
}

/** The programme's partners where members earn or spend points outside our hotels. */
const PARTNERS: readonly PartnerData[] = [
  {
    id: 'aurora-airways',
    category: 'airline',
    name: 'Aurora Airways',
    description: {
      en: 'Turn H Rewards points into Aurora Airways miles, 2 points for 1 mile, or earn 500 points on every return flight booked with your member number.',
      de: 'Tauschen Sie H Rewards Punkte in Aurora Airways Meilen, 2 Punkte für 1 Meile, oder sammeln Sie 500 Punkte für jeden Hin- und Rückflug, den Sie mit Ihrer Mitgliedsnummer buchen.',
    },
  },
  {
    id: 'nordwind-air',
    category: 'airline',
    name: 'Nordwind Air',
    description: {
      en: 'Earn 1 point for every euro spent on Nordwind Air flights within Europe.',
      de: 'Sammeln Sie 1 Punkt für jeden Euro, den Sie für Nordwind Air Flüge innerhalb Europas ausgeben.',
    },
  },
  {
    id: 'citydrive',
    category: 'car-rental',
    name: 'CityDrive Car Rental',
    description: {
      en: 'Earn 300 points per rental and get a free upgrade when available, at every CityDrive station in Europe and the Middle East.',
      de: 'Sammeln Sie 300 Punkte pro Anmietung und erhalten Sie, wenn verfügbar, ein kostenloses Upgrade an jeder CityDrive Station in Europa und im Nahen Osten.',
    },
  },
  {
    id: 'railplus',
    category: 'rail',
    name: 'RailPlus',
    description: {
      en: 'Earn 2 points for every euro spent on RailPlus tickets to and from our hotels.',
      de: 'Sammeln Sie 2 Punkte für jeden Euro, den Sie für RailPlus Fahrkarten zu und von unseren Hotels ausgeben.',
    },
  },
];

export function partnersIn(locale: Locale): Partner[] {
  return PARTNERS.map((partner) => ({ ...partner, description: pickLocalized(partner.description, locale) }));
}
