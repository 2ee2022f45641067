import { type Locale, type LocalizedText, pickLocalized } from '../../src/contract/locales';
import { type Benefit, GREEN_OPTION_BENEFIT_CODE, GREEN_OPTION_POINTS } from '../../src/contract/search';

/**
 * Member benefits a room stay can claim, paid in points. The green option (no housekeeping during the
 * stay, spec section 9: 500 points) needs a stay of two nights or more: on a one-night stay there is no
 * room cleaning to skip.
 */

const GREEN_OPTION_MIN_NIGHTS = 2;

const GREEN_OPTION_TEXT: { name: LocalizedText; description: LocalizedText } = {
  name: {
    en: 'Green option',
    de: 'Grüne Option',
    fr: 'Option verte',
    nl: 'Groene optie',
    es: 'Opción verde',
    it: 'Opzione verde',
    pl: 'Zielona opcja',
    ar: 'الخيار الأخضر',
  },
  description: {
    en: `Skip room cleaning during your stay and earn ${GREEN_OPTION_POINTS} points.`,
    de: `Verzichten Sie während Ihres Aufenthalts auf die Zimmerreinigung und erhalten Sie ${GREEN_OPTION_POINTS} Punkte.`,
    fr: `Renoncez au ménage de la chambre pendant votre séjour et gagnez ${GREEN_OPTION_POINTS} points.`,
    nl: `Sla de kamerschoonmaak tijdens uw verblijf over en verdien ${GREEN_OPTION_POINTS} punten.`,
    es: `Renuncie a la limpieza de la habitación durante su estancia y gane ${GREEN_OPTION_POINTS} puntos.`,
    it: `Rinuncia alla pulizia della camera durante il soggiorno e guadagna ${GREEN_OPTION_POINTS} punti.`,
    pl: `Zrezygnuj ze sprzątania pokoju podczas pobytu i zdobądź ${GREEN_OPTION_POINTS} punktów.`,
    ar: `تخلَّ عن تنظيف الغرفة أثناء إقامتك واحصل على ${GREEN_OPTION_POINTS} نقطة.`,
  },
};

export function benefitsFor(nights: number, locale: Locale): Benefit[] {
  if (nights < GREEN_OPTION_MIN_NIGHTS) return [];
  return [
    {
      code: GREEN_OPTION_BENEFIT_CODE,
      name: pickLocalized(GREEN_OPTION_TEXT.name, locale),
      description: pickLocalized(GREEN_OPTION_TEXT.description, locale),
      points: GREEN_OPTION_POINTS,
    },
  ];
}
