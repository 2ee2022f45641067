import type { LocalizedText } from '../../../src/contract/locales';
import type { Database } from '../database';
import { serviceMessages, type TargetedMessageKind, type TargetedMessageTrigger, targetedMessages } from '../schema';

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

/**
 * Demo targeted messages (spec sections 3 and 4): a popup on the hotel search for every visitor, a
 * notification for members when they sign in, and a countdown popup on
 * hotel pages for members. Fixed texts and dates, so seeding is deterministic.
 */
export interface TargetedMessageSeed {
  key: string;
  priority: number;
  trigger: TargetedMessageTrigger;
  kind: TargetedMessageKind;
  memberType: 'all' | 'member' | 'non-member';
  targets: { brands: string[]; hotels: string[]; urls: string[] };
  isCountdown: boolean;
  countdownDate: Date | null;
  header: LocalizedText;
  body: LocalizedText;
  ctaLabel: LocalizedText | null;
  ctaLink: string | null;
}

export const TARGETED_MESSAGE_SEEDS: readonly TargetedMessageSeed[] = [
  {
    key: 'find-a-hotel-welcome',
    priority: 20,
    trigger: 'onLoad',
    kind: 'popup',
    memberType: 'all',
    targets: { brands: [], hotels: [], urls: ['find-a-hotel'] },
    isCountdown: false,
    countdownDate: null,
    header: {
      en: 'Members pay less',
      de: 'Mitglieder zahlen weniger',
      fr: 'Les membres paient moins',
      nl: 'Leden betalen minder',
      es: 'Los miembros pagan menos',
      it: 'I soci pagano meno',
      pl: 'Członkowie płacą mniej',
      ar: 'الأعضاء يدفعون أقل',
    },
    body: {
      en: '<p>Join our rewards programme for free and book every hotel at the <strong>member rate</strong>.</p>',
      de: '<p>Treten Sie unserem Prämienprogramm kostenlos bei und buchen Sie jedes Hotel zum <strong>Mitgliederpreis</strong>.</p>',
      fr: '<p>Rejoignez gratuitement notre programme de fidélité et réservez chaque hôtel au <strong>tarif membre</strong>.</p>',
      nl: '<p>Word gratis lid van ons spaarprogramma en boek elk hotel tegen het <strong>ledentarief</strong>.</p>',
      es: '<p>Únase gratis a nuestro programa de recompensas y reserve cada hotel con la <strong>tarifa para miembros</strong>.</p>',
      it: '<p>Iscriviti gratuitamente al nostro programma fedeltà e prenota ogni hotel alla <strong>tariffa soci</strong>.</p>',
      pl: '<p>Dołącz bezpłatnie do naszego programu nagród i rezerwuj każdy hotel w <strong>cenie dla członków</strong>.</p>',
      ar: '<p>انضم مجانًا إلى برنامج المكافآت لدينا واحجز كل فندق <strong>بسعر الأعضاء</strong>.</p>',
    },
    ctaLabel: {
      en: 'Join now',
      de: 'Jetzt beitreten',
      fr: 'Adhérer maintenant',
      nl: 'Nu lid worden',
      es: 'Únase ahora',
      it: 'Iscriviti ora',
      pl: 'Dołącz teraz',
      ar: 'انضم الآن',
    },
    ctaLink: '/account/registration',
  },
  {
    key: 'member-welcome-back',
    priority: 10,
    trigger: 'onLogin',
    kind: 'notification',
    memberType: 'member',
    targets: { brands: [], hotels: [], urls: [] },
    isCountdown: false,
    countdownDate: null,
    header: {
      en: 'Welcome back',
      de: 'Willkommen zurück',
      fr: 'Bon retour parmi nous',
      nl: 'Welkom terug',
      es: 'Bienvenido de nuevo',
      it: 'Bentornato',
      pl: 'Witamy ponownie',
      ar: 'مرحبًا بعودتك',
    },
    body: {
      en: '<p>Your member rates are active on every search.</p>',
      de: '<p>Ihre Mitgliederpreise gelten bei jeder Suche.</p>',
      fr: '<p>Vos tarifs membres s’appliquent à chaque recherche.</p>',
      nl: '<p>Uw ledentarieven gelden bij elke zoekopdracht.</p>',
      es: '<p>Sus tarifas de miembro se aplican en cada búsqueda.</p>',
      it: '<p>Le tue tariffe soci sono attive in ogni ricerca.</p>',
      pl: '<p>Twoje ceny dla członków obowiązują przy każdym wyszukiwaniu.</p>',
      ar: '<p>أسعار الأعضاء الخاصة بك مفعّلة في كل عملية بحث.</p>',
    },
    ctaLabel: null,
    ctaLink: null,
  },
  {
    key: 'hotel-spring-offer-countdown',
    priority: 5,
    trigger: 'onScroll',
    kind: 'popup',
    memberType: 'member',
    targets: { brands: [], hotels: [], urls: ['hotels/.*'] },
    isCountdown: true,
    // Midnight in Berlin (CET) on the first of March 2030.
    countdownDate: new Date('2030-02-28T23:00:00.000Z'),
    header: {
      en: 'Spring offer',
      de: 'Frühlingsangebot',
      fr: 'Offre de printemps',
      nl: 'Lenteaanbieding',
      es: 'Oferta de primavera',
      it: 'Offerta di primavera',
      pl: 'Oferta wiosenna',
      ar: 'عرض الربيع',
    },
    body: {
      en: '<p>Double points on every stay booked before the offer ends.</p>',
      de: '<p>Doppelte Punkte für jeden Aufenthalt, der vor Ablauf des Angebots gebucht wird.</p>',
      fr: '<p>Points doublés pour chaque séjour réservé avant la fin de l’offre.</p>',
      nl: '<p>Dubbele punten voor elk verblijf dat vóór het einde van de aanbieding is geboekt.</p>',
      es: '<p>Puntos dobles en cada estancia reservada antes de que termine la oferta.</p>',
      it: '<p>Punti doppi per ogni soggiorno prenotato prima della fine dell’offerta.</p>',
      pl: '<p>Podwójne punkty za każdy pobyt zarezerwowany przed końcem oferty.</p>',
      ar: '<p>نقاط مضاعفة على كل إقامة تُحجز قبل انتهاء العرض.</p>',
    },
    ctaLabel: null,
    ctaLink: null,
  },
];

type Writer = Pick<Database, 'insert'>;

/**
 * Inserts the demo content messages that are missing (by key): the service banners and the targeted
 * messages. Those present stay as editors left them.
 */
export async function insertServiceMessages(db: Writer): Promise<void> {
  await db
    .insert(serviceMessages)
    .values(SERVICE_MESSAGE_SEEDS.map((seed) => ({ ...seed })))
    .onConflictDoNothing({ target: serviceMessages.key });
}

/** Inserts the demo targeted messages that are missing (by key). */
export async function insertTargetedMessages(db: Writer): Promise<void> {
  await db
    .insert(targetedMessages)
    .values(TARGETED_MESSAGE_SEEDS.map((seed) => ({ ...seed })))
    .onConflictDoNothing({ target: targetedMessages.key });
}
