import { LOCALES, type Locale, type LocalizedText } from '../../../src/contract/locales';
import type { Random } from '../../lib/random';

/**
 * Sentence templates for hotel descriptions and image texts. The city stands where no article or
 * grammatical case has to change with it (French "Le Caire", Polish cases), so every city fits every
 * template.
 */
const OPENINGS: Record<Locale, readonly string[]> = {
  en: [
    '{hotel} welcomes you in the heart of {city}.',
    '{city} starts right outside the door of {hotel}.',
    'From {hotel}, the sights of {city} are only minutes away.',
  ],
  de: [
    '{hotel} empfängt Sie mitten in {city}.',
    '{city} beginnt direkt vor der Tür: willkommen im {hotel}.',
    'Vom {hotel} aus sind die Sehenswürdigkeiten von {city} nur wenige Minuten entfernt.',
  ],
  fr: [
    '{city} vous attend : {hotel} vous accueille en plein centre.',
    '{city} commence juste devant la porte de {hotel}.',
    '{city} à portée de main : depuis {hotel}, les incontournables sont à quelques minutes.',
  ],
  nl: [
    '{hotel} verwelkomt u in het hart van {city}.',
    '{city} begint direct voor de deur van {hotel}.',
    'Vanuit {hotel} bent u in een paar minuten bij de bezienswaardigheden van {city}.',
  ],
  es: [
    '{hotel} le da la bienvenida en pleno corazón de {city}.',
    '{city} empieza en la puerta de {hotel}.',
    'Desde {hotel}, los lugares más emblemáticos de {city} están a pocos minutos.',
  ],
  it: [
    '{city} vi aspetta: {hotel} vi accoglie in pieno centro.',
    '{city} comincia proprio fuori dalla porta di {hotel}.',
    '{city} a portata di mano: da {hotel} i luoghi più belli sono a pochi minuti.',
  ],
  pl: [
    '{city} na wyciągnięcie ręki: hotel {hotel} zaprasza do samego centrum.',
    '{city} zaczyna się tuż za drzwiami hotelu {hotel}.',
    '{city} czeka: z hotelu {hotel} do najważniejszych atrakcji dotrzesz w kilka minut.',
  ],
  ar: [
    'يرحّب بكم {hotel} في قلب {city}.',
    'تبدأ {city} عند باب {hotel}.',
    'من {hotel} تصلون إلى أبرز معالم {city} في دقائق معدودة.',
  ],
};

const HIGHLIGHTS: Record<Locale, string> = {
  en: 'Highlights',
  de: 'Highlights',
  fr: 'Points forts',
  nl: 'Hoogtepunten',
  es: 'Lo más destacado',
  it: 'Punti di forza',
  pl: 'Atuty',
  ar: 'أبرز المزايا',
};

const LIST_SEPARATOR: Record<Locale, string> = { en: ', ', de: ', ', fr: ', ', nl: ', ', es: ', ', it: ', ', pl: ', ', ar: '، ' };
const COLON: Record<Locale, string> = { en: ': ', de: ': ', fr: ' : ', nl: ': ', es: ': ', it: ': ', pl: ': ', ar: ': ' };

/** What the generated images show, in order of position (1 = exterior, the teaser image). */
const IMAGE_SCENES: Record<Locale, readonly string[]> = {
  en: ['exterior', 'lobby', 'guest room', 'restaurant', 'view over {city}', 'terrace'],
  de: ['Außenansicht', 'Lobby', 'Gästezimmer', 'Restaurant', 'Blick über {city}', 'Terrasse'],
  fr: ['façade', 'hall', 'chambre', 'restaurant', 'vue sur {city}', 'terrasse'],
  nl: ['buitenkant', 'lobby', 'hotelkamer', 'restaurant', 'uitzicht over {city}', 'terras'],
  es: ['fachada', 'vestíbulo', 'habitación', 'restaurante', 'vistas de {city}', 'terraza'],
  it: ['esterno', 'hall', 'camera', 'ristorante', 'vista su {city}', 'terrazza'],
  pl: ['widok z zewnątrz', 'lobby', 'pokój', 'restauracja', 'panorama: {city}', 'taras'],
  ar: ['الواجهة', 'الردهة', 'غرفة النزلاء', 'المطعم', 'إطلالة على {city}', 'التراس'],
};

export const MAX_IMAGES_PER_HOTEL = IMAGE_SCENES.en.length;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export interface DescriptionInput {
  hotelName: string;
  cityName: Record<Locale, string>;
  tagline: LocalizedText;
  amenityNames: readonly Record<Locale, string>[];
}

/** A hotel description in every locale: an opening sentence, the brand's tagline, three highlights. */
export function describeHotel(input: DescriptionInput, random: Random): Record<Locale, string> {
  const variant = random.int(0, OPENINGS.en.length - 1);
  const description = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    const opening = fill(OPENINGS[locale][variant] ?? '', { hotel: input.hotelName, city: input.cityName[locale] });
    const tagline = input.tagline[locale] ?? input.tagline.en;
    const highlights = input.amenityNames.map((name) => name[locale]).join(LIST_SEPARATOR[locale]);
    description[locale] = `${opening} ${tagline} ${HIGHLIGHTS[locale]}${COLON[locale]}${highlights}.`;
  }
  return description;
}

/** Alternative text of a generated image, e.g. "Jaz in the City Amsterdam Oost – lobby". */
export function describeImage(position: number, hotelName: string, cityName: Record<Locale, string>): Record<Locale, string> {
  const alt = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    const scene = IMAGE_SCENES[locale][position - 1] ?? IMAGE_SCENES[locale][0] ?? '';
    alt[locale] = `${hotelName} – ${fill(scene, { city: cityName[locale] })}`;
  }
  return alt;
}
