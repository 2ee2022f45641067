import type { Locale } from '../../../src/contract/locales';

/** A text in every published locale. */
export type Translations = Record<Locale, string>;

export interface CountrySeed {
  code: string;
  name: Translations;
}

export interface CitySeed {
  code: string;
  countryCode: string;
  name: Translations;
  /** City centre, WGS 84. */
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Price level against the group average, in percent; only used to derive room prices. */
  priceLevel: number;
}

export const COUNTRIES: readonly CountrySeed[] = [
  { code: 'DE', name: { en: 'Germany', de: 'Deutschland', fr: 'Allemagne', nl: 'Duitsland', es: 'Alemania', it: 'Germania', pl: 'Niemcy', ar: 'ألمانيا' } },
  { code: 'NL', name: { en: 'Netherlands', de: 'Niederlande', fr: 'Pays-Bas', nl: 'Nederland', es: 'Países Bajos', it: 'Paesi Bassi', pl: 'Holandia', ar: 'هولندا' } },
  { code: 'BE', name: { en: 'Belgium', de: 'Belgien', fr: 'Belgique', nl: 'België', es: 'Bélgica', it: 'Belgio', pl: 'Belgia', ar: 'بلجيكا' } },
  { code: 'AT', name: { en: 'Austria', de: 'Österreich', fr: 'Autriche', nl: 'Oostenrijk', es: 'Austria', it: 'Austria', pl: 'Austria', ar: 'النمسا' } },
  { code: 'CH', name: { en: 'Switzerland', de: 'Schweiz', fr: 'Suisse', nl: 'Zwitserland', es: 'Suiza', it: 'Svizzera', pl: 'Szwajcaria', ar: 'سويسرا' } },
  { code: 'DK', name: { en: 'Denmark', de: 'Dänemark', fr: 'Danemark', nl: 'Denemarken', es: 'Dinamarca', it: 'Danimarca', pl: 'Dania', ar: 'الدنمارك' } },
  { code: 'SE', name: { en: 'Sweden', de: 'Schweden', fr: 'Suède', nl: 'Zweden', es: 'Suecia', it: 'Svezia', pl: 'Szwecja', ar: 'السويد' } },
  { code: 'GB', name: { en: 'United Kingdom', de: 'Vereinigtes Königreich', fr: 'Royaume-Uni', nl: 'Verenigd Koninkrijk', es: 'Reino Unido', it: 'Regno Unito', pl: 'Wielka Brytania', ar: 'المملكة المتحدة' } },
  { code: 'ES', name: { en: 'Spain', de: 'Spanien', fr: 'Espagne', nl: 'Spanje', es: 'España', it: 'Spagna', pl: 'Hiszpania', ar: 'إسبانيا' } },
  { code: 'AE', name: { en: 'United Arab Emirates', de: 'Vereinigte Arabische Emirate', fr: 'Émirats arabes unis', nl: 'Verenigde Arabische Emiraten', es: 'Emiratos Árabes Unidos', it: 'Emirati Arabi Uniti', pl: 'Zjednoczone Emiraty Arabskie', ar: 'الإمارات العربية المتحدة' } },
  { code: 'EG', name: { en: 'Egypt', de: 'Ägypten', fr: 'Égypte', nl: 'Egypte', es: 'Egipto', it: 'Egitto', pl: 'Egipt', ar: 'مصر' } },
];

export const CITIES: readonly CitySeed[] = [
  { code: 'berlin', countryCode: 'DE', latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin', priceLevel: 100,
    name: { en: 'Berlin', de: 'Berlin', fr: 'Berlin', nl: 'Berlijn', es: 'Berlín', it: 'Berlino', pl: 'Berlin', ar: 'برلين' } },
  { code: 'frankfurt', countryCode: 'DE', latitude: 50.1109, longitude: 8.6821, timeZone: 'Europe/Berlin', priceLevel: 110,
    name: { en: 'Frankfurt', de: 'Frankfurt am Main', fr: 'Francfort', nl: 'Frankfurt', es: 'Fráncfort', it: 'Francoforte', pl: 'Frankfurt nad Menem', ar: 'فرانكفورت' } },
  { code: 'munich', countryCode: 'DE', latitude: 48.1351, longitude: 11.582, timeZone: 'Europe/Berlin', priceLevel: 120,
    name: { en: 'Munich', de: 'München', fr: 'Munich', nl: 'München', es: 'Múnich', it: 'Monaco di Baviera', pl: 'Monachium', ar: 'ميونخ' } },
  { code: 'hamburg', countryCode: 'DE', latitude: 53.5511, longitude: 9.9937, timeZone: 'Europe/Berlin', priceLevel: 110,
    name: { en: 'Hamburg', de: 'Hamburg', fr: 'Hambourg', nl: 'Hamburg', es: 'Hamburgo', it: 'Amburgo', pl: 'Hamburg', ar: 'هامبورغ' } },
  { code: 'dusseldorf', countryCode: 'DE', latitude: 51.2277, longitude: 6.7735, timeZone: 'Europe/Berlin', priceLevel: 100,
    name: { en: 'Düsseldorf', de: 'Düsseldorf', fr: 'Düsseldorf', nl: 'Düsseldorf', es: 'Düsseldorf', it: 'Düsseldorf', pl: 'Düsseldorf', ar: 'دوسلدورف' } },
  { code: 'cologne', countryCode: 'DE', latitude: 50.9375, longitude: 6.9603, timeZone: 'Europe/Berlin', priceLevel: 100,
    name: { en: 'Cologne', de: 'Köln', fr: 'Cologne', nl: 'Keulen', es: 'Colonia', it: 'Colonia', pl: 'Kolonia', ar: 'كولونيا' } },
  { code: 'amsterdam', countryCode: 'NL', latitude: 52.3676, longitude: 4.9041, timeZone: 'Europe/Amsterdam', priceLevel: 130,
    name: { en: 'Amsterdam', de: 'Amsterdam', fr: 'Amsterdam', nl: 'Amsterdam', es: 'Ámsterdam', it: 'Amsterdam', pl: 'Amsterdam', ar: 'أمستردام' } },
  { code: 'rotterdam', countryCode: 'NL', latitude: 51.9244, longitude: 4.4777, timeZone: 'Europe/Amsterdam', priceLevel: 105,
    name: { en: 'Rotterdam', de: 'Rotterdam', fr: 'Rotterdam', nl: 'Rotterdam', es: 'Róterdam', it: 'Rotterdam', pl: 'Rotterdam', ar: 'روتردام' } },
  { code: 'the-hague', countryCode: 'NL', latitude: 52.0705, longitude: 4.3007, timeZone: 'Europe/Amsterdam', priceLevel: 105,
    name: { en: 'The Hague', de: 'Den Haag', fr: 'La Haye', nl: 'Den Haag', es: 'La Haya', it: "L'Aia", pl: 'Haga', ar: 'لاهاي' } },
  { code: 'brussels', countryCode: 'BE', latitude: 50.8503, longitude: 4.3517, timeZone: 'Europe/Brussels', priceLevel: 105,
    name: { en: 'Brussels', de: 'Brüssel', fr: 'Bruxelles', nl: 'Brussel', es: 'Bruselas', it: 'Bruxelles', pl: 'Bruksela', ar: 'بروكسل' } },
  { code: 'vienna', countryCode: 'AT', latitude: 48.2082, longitude: 16.3738, timeZone: 'Europe/Vienna', priceLevel: 110,
    name: { en: 'Vienna', de: 'Wien', fr: 'Vienne', nl: 'Wenen', es: 'Viena', it: 'Vienna', pl: 'Wiedeń', ar: 'فيينا' } },
  { code: 'salzburg', countryCode: 'AT', latitude: 47.8095, longitude: 13.055, timeZone: 'Europe/Vienna', priceLevel: 115,
    name: { en: 'Salzburg', de: 'Salzburg', fr: 'Salzbourg', nl: 'Salzburg', es: 'Salzburgo', it: 'Salisburgo', pl: 'Salzburg', ar: 'سالزبورغ' } },
  { code: 'zurich', countryCode: 'CH', latitude: 47.3769, longitude: 8.5417, timeZone: 'Europe/Zurich', priceLevel: 145,
    name: { en: 'Zurich', de: 'Zürich', fr: 'Zurich', nl: 'Zürich', es: 'Zúrich', it: 'Zurigo', pl: 'Zurych', ar: 'زيورخ' } },
  { code: 'geneva', countryCode: 'CH', latitude: 46.2044, longitude: 6.1432, timeZone: 'Europe/Zurich', priceLevel: 140,
    name: { en: 'Geneva', de: 'Genf', fr: 'Genève', nl: 'Genève', es: 'Ginebra', it: 'Ginevra', pl: 'Genewa', ar: 'جنيف' } },
  { code: 'copenhagen', countryCode: 'DK', latitude: 55.6761, longitude: 12.5683, timeZone: 'Europe/Copenhagen', priceLevel: 125,
    name: { en: 'Copenhagen', de: 'Kopenhagen', fr: 'Copenhague', nl: 'Kopenhagen', es: 'Copenhague', it: 'Copenaghen', pl: 'Kopenhaga', ar: 'كوبنهاغن' } },
  { code: 'aarhus', countryCode: 'DK', latitude: 56.1629, longitude: 10.2039, timeZone: 'Europe/Copenhagen', priceLevel: 100,
    name: { en: 'Aarhus', de: 'Aarhus', fr: 'Aarhus', nl: 'Aarhus', es: 'Aarhus', it: 'Aarhus', pl: 'Aarhus', ar: 'آرهوس' } },
  { code: 'stockholm', countryCode: 'SE', latitude: 59.3293, longitude: 18.0686, timeZone: 'Europe/Stockholm', priceLevel: 120,
    name: { en: 'Stockholm', de: 'Stockholm', fr: 'Stockholm', nl: 'Stockholm', es: 'Estocolmo', it: 'Stoccolma', pl: 'Sztokholm', ar: 'ستوكهولم' } },
  { code: 'london', countryCode: 'GB', latitude: 51.5072, longitude: -0.1276, timeZone: 'Europe/London', priceLevel: 150,
    name: { en: 'London', de: 'London', fr: 'Londres', nl: 'Londen', es: 'Londres', it: 'Londra', pl: 'Londyn', ar: 'لندن' } },
  { code: 'madrid', countryCode: 'ES', latitude: 40.4168, longitude: -3.7038, timeZone: 'Europe/Madrid', priceLevel: 100,
    name: { en: 'Madrid', de: 'Madrid', fr: 'Madrid', nl: 'Madrid', es: 'Madrid', it: 'Madrid', pl: 'Madryt', ar: 'مدريد' } },
  { code: 'barcelona', countryCode: 'ES', latitude: 41.3874, longitude: 2.1686, timeZone: 'Europe/Madrid', priceLevel: 115,
    name: { en: 'Barcelona', de: 'Barcelona', fr: 'Barcelone', nl: 'Barcelona', es: 'Barcelona', it: 'Barcellona', pl: 'Barcelona', ar: 'برشلونة' } },
  { code: 'dubai', countryCode: 'AE', latitude: 25.2048, longitude: 55.2708, timeZone: 'Asia/Dubai', priceLevel: 125,
    name: { en: 'Dubai', de: 'Dubai', fr: 'Dubaï', nl: 'Dubai', es: 'Dubái', it: 'Dubai', pl: 'Dubaj', ar: 'دبي' } },
  { code: 'abu-dhabi', countryCode: 'AE', latitude: 24.4539, longitude: 54.3773, timeZone: 'Asia/Dubai', priceLevel: 110,
    name: { en: 'Abu Dhabi', de: 'Abu Dhabi', fr: 'Abou Dabi', nl: 'Abu Dhabi', es: 'Abu Dabi', it: 'Abu Dhabi', pl: 'Abu Zabi', ar: 'أبوظبي' } },
  { code: 'cairo', countryCode: 'EG', latitude: 30.0444, longitude: 31.2357, timeZone: 'Africa/Cairo', priceLevel: 70,
    name: { en: 'Cairo', de: 'Kairo', fr: 'Le Caire', nl: 'Caïro', es: 'El Cairo', it: 'Il Cairo', pl: 'Kair', ar: 'القاهرة' } },
  { code: 'hurghada', countryCode: 'EG', latitude: 27.2579, longitude: 33.8116, timeZone: 'Africa/Cairo', priceLevel: 75,
    name: { en: 'Hurghada', de: 'Hurghada', fr: 'Hurghada', nl: 'Hurghada', es: 'Hurghada', it: 'Hurghada', pl: 'Hurghada', ar: 'الغردقة' } },
];
