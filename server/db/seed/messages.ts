import type { LocalizedText } from '../../../src/contract/locales';
import type { Database } from '../database';
import { serviceMessages } from '../schema';

/**
 * Demo service banners (spec sections 3 and 4): a maintenance notice on the hotel search and a general
 * notice on every page, both open until the visitor closes them. Texts exist in every locale so each
 * language shows its own; descriptions are editor HTML, sanitised where they are shown.
 */
export interface ServiceMessageSeed {
  key: string;
  targetUrls: string;
  isOpenedByDefault: boolean;
  header: LocalizedText;
  description: LocalizedText;
  backgroundColour: string;
  sortOrder: number;
}

export const SERVICE_MESSAGE_SEEDS: readonly ServiceMessageSeed[] = [
  {
    key: 'search-maintenance',
    targetUrls: '/find-a-hotel/',
    isOpenedByDefault: true,
    header: {
      en: 'Planned maintenance',
      de: 'Geplante Wartung',
      fr: 'Maintenance planifiée',
      nl: 'Gepland onderhoud',
      es: 'Mantenimiento programado',
      it: 'Manutenzione programmata',
      pl: 'Planowana konserwacja',
      ar: 'صيانة مجدولة',
    },
    description: {
      en: '<p>Hotel search may be <strong>slower than usual</strong> on Sunday night between 01:00 and 03:00.</p>',
      de: '<p>Die Hotelsuche kann in der Nacht auf Montag zwischen 01:00 und 03:00 Uhr <strong>langsamer als gewohnt</strong> sein.</p>',
      fr: '<p>La recherche d’hôtels peut être <strong>plus lente que d’habitude</strong> dimanche soir entre 01h00 et 03h00.</p>',
      nl: '<p>Hotels zoeken kan zondagnacht tussen 01:00 en 03:00 <strong>trager dan normaal</strong> zijn.</p>',
      es: '<p>La búsqueda de hoteles puede ser <strong>más lenta de lo habitual</strong> el domingo por la noche entre la 01:00 y las 03:00.</p>',
      it: '<p>La ricerca degli hotel potrebbe essere <strong>più lenta del solito</strong> domenica notte tra l’01:00 e le 03:00.</p>',
      pl: '<p>Wyszukiwanie hoteli może działać <strong>wolniej niż zwykle</strong> w nocy z niedzieli na poniedziałek między 01:00 a 03:00.</p>',
      ar: '<p>قد يكون البحث عن الفنادق <strong>أبطأ من المعتاد</strong> ليلة الأحد بين الساعة 01:00 و03:00.</p>',
    },
    backgroundColour: '#fff4d6',
    sortOrder: 1,
  },
  {
    key: 'service-hours',
    targetUrls: '',
    isOpenedByDefault: true,
    header: {
      en: 'We are here for you',
      de: 'Wir sind für Sie da',
      fr: 'Nous sommes là pour vous',
      nl: 'Wij zijn er voor u',
      es: 'Estamos aquí para ayudarle',
      it: 'Siamo qui per voi',
      pl: 'Jesteśmy do Twojej dyspozycji',
      ar: 'نحن هنا من أجلك',
    },
    description: {
      en: '<p>Our reservation team answers every day from 08:00 to 20:00 (Berlin time).</p>',
      de: '<p>Unser Reservierungsteam ist täglich von 08:00 bis 20:00 Uhr (Berliner Zeit) erreichbar.</p>',
      fr: '<p>Notre équipe de réservation répond tous les jours de 08h00 à 20h00 (heure de Berlin).</p>',
      nl: '<p>Ons reserveringsteam is dagelijks bereikbaar van 08:00 tot 20:00 (Berlijnse tijd).</p>',
      es: '<p>Nuestro equipo de reservas atiende todos los días de 08:00 a 20:00 (hora de Berlín).</p>',
      it: '<p>Il nostro team prenotazioni risponde tutti i giorni dalle 08:00 alle 20:00 (ora di Berlino).</p>',
      pl: '<p>Nasz zespół rezerwacji odpowiada codziennie od 08:00 do 20:00 (czasu berlińskiego).</p>',
      ar: '<p>يرد فريق الحجوزات يوميًا من الساعة 08:00 حتى 20:00 (بتوقيت برلين).</p>',
    },
    backgroundColour: '#e8f1fb',
    sortOrder: 2,
  },
];

type Writer = Pick<Database, 'insert'>;

/** Inserts the demo service messages that are missing (by key); those present stay as editors left them. */
export async function insertServiceMessages(db: Writer): Promise<void> {
  await db
    .insert(serviceMessages)
    .values(SERVICE_MESSAGE_SEEDS.map((seed) => ({ ...seed })))
    .onConflictDoNothing({ target: serviceMessages.key });
}
