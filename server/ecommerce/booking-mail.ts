import type { Order, OrderHotel } from '../../src/contract/ecommerce';
import { formattingLocale } from '../../src/contract/formatting-locale';
import type { Locale } from '../../src/contract/locales';
import { type Html, html } from './mail-html';

/**
 * The booking as the mails show it, in the text part and the HTML part alike: the hotel with its
 * address and phone, arrival and departure with the check-in and check-out times, each room (type, rate,
 * guests, breakfast, extras, status) and the amounts. Dates, times and money are formatted for the
 * mail's locale. The labels live in BOOKING_LABELS, one entry per site locale.
 */

export interface MailRoom {
  reservationNumber: string;
  typeName: string;
  rateName: string;
  adults: number;
  children: number;
  /** In the rate, bought as an extra, or not at all (as the confirmation page says it). */
  breakfast: 'included' | 'booked' | 'none';
  /** Add-ons booked with the room, as `2 × Parking`. */
  extras: string[];
  cancelled: boolean;
  priceWithTax: number;
  cityTax: number;
}

export interface MailBooking {
  locale: Locale;
  currency: string;
  hotelName: string;
  /** Address, phone and times, as the confirmation page shows them; null when the hotel is not found. */
  hotel: OrderHotel | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: MailRoom[];
  /** The price of cancellation insurance, when it was bought. */
  insurance: number | null;
  total: number;
  paid: number;
  atHotel: number;
  cityTax: number;
  refunded: number;
  link: string;
}

type Labels = {
  stay: string;
  hotel: string;
  address: string;
  phone: string;
  /** The label of the link to the hotel on a map. */
  map: string;
  checkIn: string;
  checkOut: string;
  fromTime: (time: string) => string;
  untilTime: (time: string) => string;
  nights: string;
  room: (position: number) => string;
  reservation: string;
  rate: string;
  adults: string;
  children: string;
  breakfast: string;
  included: string;
  notIncluded: string;
  /** Breakfast the rate does not include, bought with the room. */
  booked: string;
  extras: string;
  cancelled: string;
  prices: string;
  roomPrice: string;
  insurance: string;
  total: string;
  paid: string;
  atHotel: string;
  cityTax: string;
  refunded: string;
  open: string;
};

/** The labels of the booking summary, for every site locale. */
export const BOOKING_LABELS: Record<Locale, Labels> = {
  en: {
    stay: 'Your stay',
    hotel: 'Hotel',
    address: 'Address',
    phone: 'Phone',
    map: 'Map',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    fromTime: (time) => `from ${time}`,
    untilTime: (time) => `until ${time}`,
    nights: 'Nights',
    room: (position) => `Room ${position}`,
    reservation: 'Reservation number',
    rate: 'Rate',
    adults: 'Adults',
    children: 'Children',
    breakfast: 'Breakfast',
    included: 'included',
    notIncluded: 'not included',
    booked: 'booked as an extra',
    extras: 'Extras',
    cancelled: 'Cancelled',
    prices: 'Price',
    roomPrice: 'Room price',
    insurance: 'Cancellation insurance',
    total: 'Total price',
    paid: 'Paid',
    atHotel: 'Due at the hotel',
    cityTax: 'City tax, paid at the hotel',
    refunded: 'Refunded',
    open: 'Open your booking',
  },
  de: {
    stay: 'Ihr Aufenthalt',
    hotel: 'Hotel',
    address: 'Adresse',
    phone: 'Telefon',
    map: 'Karte',
    checkIn: 'Anreise',
    checkOut: 'Abreise',
    fromTime: (time) => `ab ${time} Uhr`,
    untilTime: (time) => `bis ${time} Uhr`,
    nights: 'Nächte',
    room: (position) => `Zimmer ${position}`,
    reservation: 'Reservierungsnummer',
    rate: 'Rate',
    adults: 'Erwachsene',
    children: 'Kinder',
    breakfast: 'Frühstück',
    included: 'inklusive',
    notIncluded: 'nicht inklusive',
    booked: 'als Extra gebucht',
    extras: 'Extras',
    cancelled: 'Storniert',
    prices: 'Preis',
    roomPrice: 'Zimmerpreis',
    insurance: 'Stornoversicherung',
    total: 'Gesamtpreis',
    paid: 'Bezahlt',
    atHotel: 'Im Hotel zu zahlen',
    cityTax: 'City-Tax, im Hotel zu zahlen',
    refunded: 'Erstattet',
    open: 'Ihre Buchung öffnen',
  },
  fr: {
    stay: 'Votre séjour',
    hotel: 'Hôtel',
    address: 'Adresse',
    phone: 'Téléphone',
    map: 'Plan',
    checkIn: 'Arrivée',
    checkOut: 'Départ',
    fromTime: (time) => `à partir de ${time}`,
    untilTime: (time) => `jusqu’à ${time}`,
    nights: 'Nuits',
    room: (position) => `Chambre ${position}`,
    reservation: 'Numéro de réservation',
    rate: 'Tarif',
    adults: 'Adultes',
    children: 'Enfants',
    breakfast: 'Petit-déjeuner',
    included: 'inclus',
    notIncluded: 'non inclus',
    booked: 'réservé en supplément',
    extras: 'Suppléments',
    cancelled: 'Annulée',
    prices: 'Prix',
    roomPrice: 'Prix de la chambre',
    insurance: 'Assurance annulation',
    total: 'Prix total',
    paid: 'Payé',
    atHotel: 'À régler à l’hôtel',
    cityTax: 'Taxe de séjour, à régler à l’hôtel',
    refunded: 'Remboursé',
    open: 'Ouvrir votre réservation',
  },
  nl: {
    stay: 'Uw verblijf',
    hotel: 'Hotel',
    address: 'Adres',
    phone: 'Telefoon',
    map: 'Kaart',
    checkIn: 'Inchecken',
    checkOut: 'Uitchecken',
    fromTime: (time) => `vanaf ${time}`,
    untilTime: (time) => `tot ${time}`,
    nights: 'Nachten',
    room: (position) => `Kamer ${position}`,
    reservation: 'Reserveringsnummer',
    rate: 'Tarief',
    adults: 'Volwassenen',
    children: 'Kinderen',
    breakfast: 'Ontbijt',
    included: 'inbegrepen',
    notIncluded: 'niet inbegrepen',
    booked: 'als extra geboekt',
    extras: 'Extra’s',
    cancelled: 'Geannuleerd',
    prices: 'Prijs',
    roomPrice: 'Kamerprijs',
    insurance: 'Annuleringsverzekering',
    total: 'Totaalprijs',
    paid: 'Betaald',
    atHotel: 'Te betalen in het hotel',
    cityTax: 'Toeristenbelasting, te betalen in het hotel',
    refunded: 'Terugbetaald',
    open: 'Uw boeking openen',
  },
  es: {
    stay: 'Su estancia',
    hotel: 'Hotel',
    address: 'Dirección',
    phone: 'Teléfono',
    map: 'Mapa',
    checkIn: 'Entrada',
    checkOut: 'Salida',
    fromTime: (time) => `desde las ${time}`,
    untilTime: (time) => `hasta las ${time}`,
    nights: 'Noches',
    room: (position) => `Habitación ${position}`,
    reservation: 'Número de reserva',
    rate: 'Tarifa',
    adults: 'Adultos',
    children: 'Niños',
    breakfast: 'Desayuno',
    included: 'incluido',
    notIncluded: 'no incluido',
    booked: 'reservado como extra',
    extras: 'Extras',
    cancelled: 'Cancelada',
    prices: 'Precio',
    roomPrice: 'Precio de la habitación',
    insurance: 'Seguro de cancelación',
    total: 'Precio total',
    paid: 'Pagado',
    atHotel: 'A pagar en el hotel',
    cityTax: 'Tasa turística, a pagar en el hotel',
    refunded: 'Reembolsado',
    open: 'Abrir su reserva',
  },
  it: {
    stay: 'Il suo soggiorno',
    hotel: 'Hotel',
    address: 'Indirizzo',
    phone: 'Telefono',
    map: 'Mappa',
    checkIn: 'Arrivo',
    checkOut: 'Partenza',
    fromTime: (time) => `dalle ${time}`,
    untilTime: (time) => `entro le ${time}`,
    nights: 'Notti',
    room: (position) => `Camera ${position}`,
    reservation: 'Numero di prenotazione',
    rate: 'Tariffa',
    adults: 'Adulti',
    children: 'Bambini',
    breakfast: 'Colazione',
    included: 'inclusa',
    notIncluded: 'non inclusa',
    booked: 'prenotata come extra',
    extras: 'Extra',
    cancelled: 'Cancellata',
    prices: 'Prezzo',
    roomPrice: 'Prezzo della camera',
    insurance: 'Assicurazione annullamento',
    total: 'Prezzo totale',
    paid: 'Pagato',
    atHotel: 'Da pagare in hotel',
    cityTax: 'Tassa di soggiorno, da pagare in hotel',
    refunded: 'Rimborsato',
    open: 'Apri la prenotazione',
  },
  pl: {
    stay: 'Twój pobyt',
    hotel: 'Hotel',
    address: 'Adres',
    phone: 'Telefon',
    map: 'Mapa',
    checkIn: 'Zameldowanie',
    checkOut: 'Wymeldowanie',
    fromTime: (time) => `od ${time}`,
    untilTime: (time) => `do ${time}`,
    nights: 'Noce',
    room: (position) => `Pokój ${position}`,
    reservation: 'Numer rezerwacji',
    rate: 'Stawka',
    adults: 'Dorośli',
    children: 'Dzieci',
    breakfast: 'Śniadanie',
    included: 'wliczone',
    notIncluded: 'niewliczone',
    booked: 'zarezerwowane jako dodatek',
    extras: 'Dodatki',
    cancelled: 'Anulowana',
    prices: 'Cena',
    roomPrice: 'Cena pokoju',
    insurance: 'Ubezpieczenie od rezygnacji',
    total: 'Cena całkowita',
    paid: 'Zapłacono',
    atHotel: 'Do zapłaty w hotelu',
    cityTax: 'Opłata miejscowa, płatna w hotelu',
    refunded: 'Zwrócono',
    open: 'Otwórz rezerwację',
  },
  ar: {
    stay: 'إقامتك',
    hotel: 'الفندق',
    address: 'العنوان',
    phone: 'الهاتف',
    map: 'الخريطة',
    checkIn: 'تسجيل الوصول',
    checkOut: 'تسجيل المغادرة',
    fromTime: (time) => `من الساعة ${time}`,
    untilTime: (time) => `حتى الساعة ${time}`,
    nights: 'الليالي',
    room: (position) => `الغرفة ${position}`,
    reservation: 'رقم الحجز',
    rate: 'السعر',
    adults: 'البالغون',
    children: 'الأطفال',
    breakfast: 'الإفطار',
    included: 'مشمول',
    notIncluded: 'غير مشمول',
    booked: 'محجوز كإضافة',
    extras: 'الإضافات',
    cancelled: 'ملغى',
    prices: 'التكلفة',
    roomPrice: 'سعر الغرفة',
    insurance: 'تأمين الإلغاء',
    total: 'السعر الإجمالي',
    paid: 'المدفوع',
    atHotel: 'المستحق في الفندق',
    cityTax: 'ضريبة المدينة، تُدفع في الفندق',
    refunded: 'المبلغ المسترد',
    open: 'افتح حجزك',
  },
};

/** The conventions the site formats with (British English, not American); Arabic digits stay Latin, as on the site. */
export const intlLocale = (locale: Locale) => formattingLocale(locale === 'ar' ? 'ar-u-nu-latn' : locale);

export function formatMailDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

export function formatMailMoney(amount: number, currency: string, locale: Locale, signDisplay: 'auto' | 'exceptZero' = 'auto'): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, signDisplay }).format(amount);
}

/** A local time `HH:mm` as the locale writes it. */
function formatTime(time: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(`1970-01-01T${time}:00Z`));
}

/** The add-ons that are a breakfast: a room with one has breakfast, though its rate does not include it. */
const BREAKFAST_ADDONS: ReadonlySet<string> = new Set(['BREAKFAST', 'KIDS_BREAKFAST']);

/** A phone number as a `tel:` link: digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The booking as it is now (the order's answer, as the confirmation page reads it), with the link that opens it. */
export function bookingOfOrder(order: Order, locale: Locale, link: string): MailBooking {
  const stay = order.stays[0];
  return {
    locale,
    currency: order.currency,
    hotelName: order.hotel?.name ?? stay?.hotel_name ?? '',
    hotel: order.hotel,
    checkIn: stay?.check_in_date ?? '',
    checkOut: stay?.check_out_date ?? '',
    nights: stay?.night_count ?? 0,
    rooms: (stay?.room_stays ?? []).map((room) => ({
      reservationNumber: room.reservation_number,
      typeName: room.room_type_name,
      rateName: room.reservation_info.rate_name,
      adults: room.adults_count,
      children: room.child_ages.length,
      breakfast: room.reservation_info.breakfast_included ? 'included' : room.addons.some((addon) => BREAKFAST_ADDONS.has(addon.addon_code)) ? 'booked' : 'none',
      extras: room.addons.map((addon) => `${addon.quantity} × ${addon.name}`),
      cancelled: room.status === 'cancelled',
      priceWithTax: room.price_with_tax,
      cityTax: room.city_tax,
    })),
    insurance: order.insurance?.price ?? null,
    total: order.amount_to_pay_total,
    paid: order.amount_paid,
    atHotel: order.amount_at_hotel,
    cityTax: order.city_tax_total,
    refunded: order.amount_refunded,
    link,
  };
}

/** A label and its value; in the HTML part the value links to `href` when there is one. */
type Row = [label: string, value: string, href?: string];

function sections(booking: MailBooking) {
  const labels = BOOKING_LABELS[booking.locale];
  const money = (amount: number) => formatMailMoney(amount, booking.currency, booking.locale);
  const date = (iso: string) => formatMailDate(iso, booking.locale);
  const time = (value: string) => formatTime(value, booking.locale);
  const { hotel } = booking;
  const stay: Row[] = [
    [labels.hotel, booking.hotelName],
    ...(hotel ? [[labels.address, `${hotel.street}, ${hotel.postal_code} ${hotel.city}, ${hotel.country}`, hotel.map_url] as Row] : []),
    ...(hotel?.phone ? [[labels.phone, hotel.phone, telHref(hotel.phone)] as Row] : []),
    [labels.checkIn, `${date(booking.checkIn)}${hotel ? `, ${labels.fromTime(time(hotel.check_in_from))}` : ''}`],
    [labels.checkOut, `${date(booking.checkOut)}${hotel ? `, ${labels.untilTime(time(hotel.check_out_until))}` : ''}`],
    [labels.nights, String(booking.nights)],
  ];
  const rooms = booking.rooms.map((room, index) => ({
    title: `${labels.room(index + 1)}: ${room.typeName}`,
    cancelled: room.cancelled,
    rows: [
      [labels.reservation, room.reservationNumber],
      [labels.rate, room.rateName],
      [labels.adults, String(room.adults)],
      ...(room.children > 0 ? [[labels.children, String(room.children)] as Row] : []),
      [labels.breakfast, room.breakfast === 'included' ? labels.included : room.breakfast === 'booked' ? labels.booked : labels.notIncluded],
      ...(room.extras.length > 0 ? [[labels.extras, room.extras.join(', ')] as Row] : []),
      [labels.roomPrice, money(room.priceWithTax)],
    ] satisfies Row[],
  }));
  const prices: Row[] = [
    ...(booking.insurance !== null ? [[labels.insurance, money(booking.insurance)] as Row] : []),
    [labels.total, money(booking.total)],
    [labels.paid, money(booking.paid)],
    [labels.atHotel, money(booking.atHotel)],
    [labels.cityTax, money(booking.cityTax)],
    ...(booking.refunded > 0 ? [[labels.refunded, money(booking.refunded)] as Row] : []),
  ];
  return { labels, stay, rooms, prices, map: hotel?.map_url ?? null };
}

/** The summary as plain text, for the mail's text part. */
export function bookingText(booking: MailBooking): string {
  const { labels, stay, rooms, prices, map } = sections(booking);
  const rows = (entries: Row[]) => entries.map(([label, value]) => `${label}: ${value}`).join('\n');
  // A plain-text mail cannot link the address: the map's address follows it.
  const withMap = map ? [...stay.slice(0, 2), [labels.map, map] as Row, ...stay.slice(2)] : stay;
  return [
    `${labels.stay}\n${rows(withMap)}`,
    ...rooms.map((room) => `${room.title}${room.cancelled ? ` (${labels.cancelled})` : ''}\n${rows(room.rows)}`),
    `${labels.prices}\n${rows(prices)}`,
    `${labels.open}: ${booking.link}`,
  ].join('\n\n');
}

/** The summary as HTML, for the mail's HTML part; every value escaped. */
export function bookingHtml(booking: MailBooking): Html {
  const { labels, stay, rooms, prices } = sections(booking);
  const list = (entries: Row[]) =>
    html`<dl>
      ${entries.map(
        ([label, value, href]) =>
          html`<dt>${label}</dt>
            <dd>${href ? html`<a href="${href}">${value}</a>` : value}</dd>`,
      )}
    </dl>`;
  return html`<h2>${labels.stay}</h2>
    ${list(stay)}
    ${rooms.map(
      (room) =>
        html`<h3>${room.title}${room.cancelled ? html` <span class="cancelled">(${labels.cancelled})</span>` : ''}</h3>
          ${list(room.rows)}`,
    )}
    <h2>${labels.prices}</h2>
    ${list(prices)}
    <p><a class="button" href="${booking.link}">${labels.open}</a></p>`;
}
