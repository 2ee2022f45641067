import { type AddonPricingMode, GUARANTEE_POLICY_TYPES, type GuaranteePolicyType } from '../schema';
import type { Translations } from './geography';

/** Reference data the group uses everywhere: amenities, room kinds, rates, policies, levels, currencies. */

export interface AmenitySeed {
  code: string;
  name: Translations;
}

export const AMENITIES: readonly AmenitySeed[] = [
  { code: 'wifi', name: { en: 'Free Wi-Fi', de: 'Kostenloses WLAN', fr: 'Wi-Fi gratuit', nl: 'Gratis wifi', es: 'Wi-Fi gratuito', it: 'Wi-Fi gratuito', pl: 'Bezpłatne Wi-Fi', ar: 'واي فاي مجاني' } },
  { code: 'reception-24h', name: { en: '24-hour reception', de: '24-Stunden-Rezeption', fr: 'Réception 24 h/24', nl: '24-uursreceptie', es: 'Recepción 24 horas', it: 'Reception 24 ore su 24', pl: 'Recepcja całodobowa', ar: 'استقبال على مدار الساعة' } },
  { code: 'restaurant', name: { en: 'Restaurant', de: 'Restaurant', fr: 'Restaurant', nl: 'Restaurant', es: 'Restaurante', it: 'Ristorante', pl: 'Restauracja', ar: 'مطعم' } },
  { code: 'bar', name: { en: 'Bar', de: 'Bar', fr: 'Bar', nl: 'Bar', es: 'Bar', it: 'Bar', pl: 'Bar', ar: 'بار' } },
  { code: 'fitness', name: { en: 'Fitness room', de: 'Fitnessraum', fr: 'Salle de fitness', nl: 'Fitnessruimte', es: 'Gimnasio', it: 'Palestra', pl: 'Siłownia', ar: 'صالة رياضية' } },
  { code: 'spa', name: { en: 'Spa', de: 'Spa', fr: 'Spa', nl: 'Spa', es: 'Spa', it: 'Spa', pl: 'Spa', ar: 'منتجع صحي' } },
  { code: 'pool', name: { en: 'Swimming pool', de: 'Schwimmbad', fr: 'Piscine', nl: 'Zwembad', es: 'Piscina', it: 'Piscina', pl: 'Basen', ar: 'مسبح' } },
  { code: 'parking', name: { en: 'Parking', de: 'Parkplatz', fr: 'Parking', nl: 'Parkeren', es: 'Aparcamiento', it: 'Parcheggio', pl: 'Parking', ar: 'موقف سيارات' } },
  { code: 'ev-charging', name: { en: 'EV charging', de: 'E-Ladestation', fr: 'Recharge pour véhicules électriques', nl: 'Laadpaal', es: 'Carga de vehículos eléctricos', it: 'Ricarica auto elettriche', pl: 'Ładowarka do aut elektrycznych', ar: 'شحن السيارات الكهربائية' } },
  { code: 'pets', name: { en: 'Pets welcome', de: 'Haustiere willkommen', fr: 'Animaux acceptés', nl: 'Huisdieren welkom', es: 'Se admiten mascotas', it: 'Animali ammessi', pl: 'Zwierzęta mile widziane', ar: 'يُسمح بالحيوانات الأليفة' } },
  { code: 'accessible', name: { en: 'Accessible rooms', de: 'Barrierefreie Zimmer', fr: 'Chambres accessibles', nl: 'Toegankelijke kamers', es: 'Habitaciones accesibles', it: 'Camere accessibili', pl: 'Pokoje dla osób z niepełnosprawnościami', ar: 'غرف مجهزة لذوي الاحتياجات الخاصة' } },
  { code: 'meeting-rooms', name: { en: 'Meeting rooms', de: 'Tagungsräume', fr: 'Salles de réunion', nl: 'Vergaderzalen', es: 'Salas de reuniones', it: 'Sale riunioni', pl: 'Sale konferencyjne', ar: 'قاعات اجتماعات' } },
  { code: 'airport-shuttle', name: { en: 'Airport shuttle', de: 'Flughafentransfer', fr: 'Navette aéroport', nl: 'Luchthavenshuttle', es: 'Traslado al aeropuerto', it: 'Navetta aeroportuale', pl: 'Transfer z lotniska', ar: 'نقل من وإلى المطار' } },
  { code: 'bikes', name: { en: 'Bike rental', de: 'Fahrradverleih', fr: 'Location de vélos', nl: 'Fietsverhuur', es: 'Alquiler de bicicletas', it: 'Noleggio biciclette', pl: 'Wypożyczalnia rowerów', ar: 'تأجير الدراجات' } },
  { code: 'rooftop', name: { en: 'Rooftop terrace', de: 'Dachterrasse', fr: 'Toit-terrasse', nl: 'Dakterras', es: 'Terraza en la azotea', it: 'Terrazza panoramica', pl: 'Taras na dachu', ar: 'تراس على السطح' } },
  { code: 'family-rooms', name: { en: 'Family rooms', de: 'Familienzimmer', fr: 'Chambres familiales', nl: 'Familiekamers', es: 'Habitaciones familiares', it: 'Camere familiari', pl: 'Pokoje rodzinne', ar: 'غرف عائلية' } },
  { code: 'beach', name: { en: 'Private beach', de: 'Privatstrand', fr: 'Plage privée', nl: 'Privéstrand', es: 'Playa privada', it: 'Spiaggia privata', pl: 'Prywatna plaża', ar: 'شاطئ خاص' } },
];

/** Cities by the sea where a hotel may have a beach; other hotels never get one. */
export const BEACH_CITIES: readonly string[] = ['dubai', 'abu-dhabi', 'hurghada', 'barcelona'];

export interface RoomKindSeed {
  code: string;
  name: Translations;
  maxAdults: number;
  maxChildren: number;
  maxOccupancy: number;
  /** Price against the hotel's standard room, in percent. */
  priceIndex: number;
}

/** Every hotel has STD; each then offers two to four of the others. */
export const ROOM_KINDS: readonly RoomKindSeed[] = [
  { code: 'STD', maxAdults: 2, maxChildren: 1, maxOccupancy: 3, priceIndex: 100,
    name: { en: 'Standard Room', de: 'Standardzimmer', fr: 'Chambre Standard', nl: 'Standaardkamer', es: 'Habitación Estándar', it: 'Camera Standard', pl: 'Pokój Standard', ar: 'غرفة قياسية' } },
  { code: 'SGL', maxAdults: 1, maxChildren: 0, maxOccupancy: 1, priceIndex: 85,
    name: { en: 'Single Room', de: 'Einzelzimmer', fr: 'Chambre Simple', nl: 'Eenpersoonskamer', es: 'Habitación Individual', it: 'Camera Singola', pl: 'Pokój jednoosobowy', ar: 'غرفة مفردة' } },
  { code: 'SUP', maxAdults: 2, maxChildren: 1, maxOccupancy: 3, priceIndex: 118,
    name: { en: 'Superior Room', de: 'Superior Zimmer', fr: 'Chambre Supérieure', nl: 'Superior kamer', es: 'Habitación Superior', it: 'Camera Superior', pl: 'Pokój Superior', ar: 'غرفة سوبيريور' } },
  { code: 'DLX', maxAdults: 3, maxChildren: 2, maxOccupancy: 4, priceIndex: 140,
    name: { en: 'Deluxe Room', de: 'Deluxe Zimmer', fr: 'Chambre Deluxe', nl: 'Deluxe kamer', es: 'Habitación Deluxe', it: 'Camera Deluxe', pl: 'Pokój Deluxe', ar: 'غرفة ديلوكس' } },
  { code: 'FAM', maxAdults: 2, maxChildren: 3, maxOccupancy: 4, priceIndex: 150,
    name: { en: 'Family Room', de: 'Familienzimmer', fr: 'Chambre Familiale', nl: 'Familiekamer', es: 'Habitación Familiar', it: 'Camera Family', pl: 'Pokój rodzinny', ar: 'غرفة عائلية' } },
  { code: 'JS', maxAdults: 2, maxChildren: 2, maxOccupancy: 4, priceIndex: 175,
    name: { en: 'Junior Suite', de: 'Junior Suite', fr: 'Junior Suite', nl: 'Junior suite', es: 'Junior Suite', it: 'Junior Suite', pl: 'Junior Suite', ar: 'جناح جونيور' } },
  { code: 'STE', maxAdults: 4, maxChildren: 2, maxOccupancy: 5, priceIndex: 240,
    name: { en: 'Suite', de: 'Suite', fr: 'Suite', nl: 'Suite', es: 'Suite', it: 'Suite', pl: 'Apartament', ar: 'جناح' } },
];

export const GUARANTEE_POLICIES: readonly { code: string; policyType: GuaranteePolicyType; description: Translations }[] = [
  { code: 'HOLD18', policyType: GUARANTEE_POLICY_TYPES.hold,
    description: { en: 'Held without payment until 6 pm on the day of arrival.', de: 'Ohne Zahlung reserviert bis 18 Uhr am Anreisetag.', fr: "Réservation maintenue sans paiement jusqu'à 18 h le jour de l'arrivée.", nl: 'Zonder betaling gereserveerd tot 18.00 uur op de dag van aankomst.', es: 'Reserva mantenida sin pago hasta las 18:00 del día de llegada.', it: "Prenotazione mantenuta senza pagamento fino alle 18:00 del giorno di arrivo.", pl: 'Rezerwacja bez płatności utrzymywana do godz. 18:00 w dniu przyjazdu.', ar: 'يُحتفظ بالحجز دون دفع حتى الساعة 6 مساءً من يوم الوصول.' } },
  { code: 'GCC', policyType: GUARANTEE_POLICY_TYPES.guarantee,
    description: { en: 'Guaranteed by credit card; a no-show is charged the first night.', de: 'Per Kreditkarte garantiert; bei Nichtanreise wird die erste Nacht berechnet.', fr: 'Garantie par carte de crédit ; la première nuit est facturée en cas de non-présentation.', nl: 'Gegarandeerd met creditcard; bij no-show wordt de eerste nacht in rekening gebracht.', es: 'Garantizada con tarjeta de crédito; si no se presenta, se cobra la primera noche.', it: 'Garantita con carta di credito; in caso di mancato arrivo viene addebitata la prima notte.', pl: 'Gwarancja kartą kredytową; w razie niestawienia się pobierana jest opłata za pierwszą noc.', ar: 'مضمون ببطاقة الائتمان؛ وتُحتسب الليلة الأولى في حال عدم الحضور.' } },
  { code: 'DEP100', policyType: GUARANTEE_POLICY_TYPES.deposit,
    description: { en: 'Prepaid: the full amount is charged when you book.', de: 'Vorauszahlung: Der volle Betrag wird bei der Buchung belastet.', fr: 'Prépayé : le montant total est débité lors de la réservation.', nl: 'Vooruitbetaald: het volledige bedrag wordt bij het boeken afgeschreven.', es: 'Prepago: el importe total se cobra al reservar.', it: "Prepagato: l'intero importo viene addebitato al momento della prenotazione.", pl: 'Przedpłata: pełna kwota jest pobierana przy rezerwacji.', ar: 'دفع مسبق: يُخصم المبلغ كاملًا عند الحجز.' } },
];

export const CANCELLATION_POLICIES: readonly { code: string; freeUntilHoursBeforeArrival: number | null; description: Translations }[] = [
  { code: 'CXL18', freeUntilHoursBeforeArrival: 0,
    description: { en: 'Free cancellation until 6 pm on the day of arrival.', de: 'Kostenlose Stornierung bis 18 Uhr am Anreisetag.', fr: "Annulation gratuite jusqu'à 18 h le jour de l'arrivée.", nl: 'Gratis annuleren tot 18.00 uur op de dag van aankomst.', es: 'Cancelación gratuita hasta las 18:00 del día de llegada.', it: 'Cancellazione gratuita fino alle 18:00 del giorno di arrivo.', pl: 'Bezpłatne anulowanie do godz. 18:00 w dniu przyjazdu.', ar: 'إلغاء مجاني حتى الساعة 6 مساءً من يوم الوصول.' } },
  { code: 'CXL1D', freeUntilHoursBeforeArrival: 24,
    description: { en: 'Free cancellation until 6 pm the day before arrival.', de: 'Kostenlose Stornierung bis 18 Uhr am Vortag der Anreise.', fr: "Annulation gratuite jusqu'à 18 h la veille de l'arrivée.", nl: 'Gratis annuleren tot 18.00 uur op de dag vóór aankomst.', es: 'Cancelación gratuita hasta las 18:00 del día anterior a la llegada.', it: "Cancellazione gratuita fino alle 18:00 del giorno prima dell'arrivo.", pl: 'Bezpłatne anulowanie do godz. 18:00 w dniu poprzedzającym przyjazd.', ar: 'إلغاء مجاني حتى الساعة 6 مساءً من اليوم السابق للوصول.' } },
  { code: 'CXL3D', freeUntilHoursBeforeArrival: 72,
    description: { en: 'Free cancellation until three days before arrival.', de: 'Kostenlose Stornierung bis drei Tage vor der Anreise.', fr: "Annulation gratuite jusqu'à trois jours avant l'arrivée.", nl: 'Gratis annuleren tot drie dagen voor aankomst.', es: 'Cancelación gratuita hasta tres días antes de la llegada.', it: "Cancellazione gratuita fino a tre giorni prima dell'arrivo.", pl: 'Bezpłatne anulowanie do trzech dni przed przyjazdem.', ar: 'إلغاء مجاني حتى ثلاثة أيام قبل الوصول.' } },
  { code: 'NONREF', freeUntilHoursBeforeArrival: null,
    description: { en: 'Non-refundable.', de: 'Nicht erstattbar.', fr: 'Non remboursable.', nl: 'Niet restitueerbaar.', es: 'No reembolsable.', it: 'Non rimborsabile.', pl: 'Bezzwrotna.', ar: 'غير قابل للاسترداد.' } },
];

export interface RateSeed {
  code: string;
  name: Translations;
  breakfastIncluded: boolean;
  guaranteePolicyCode: string;
  cancellationPolicyCode: string;
  priceFactorBps: number;
}

export interface RatePairSeed {
  /** How often a hotel offers this pair; the first two are offered everywhere. */
  offeredShare: number;
  nonMember: RateSeed;
  member: RateSeed;
}

/**
 * Member rates and the non-member rates they pair with (the spec's pairing table, HRW1X to AX and
 * HRWPR1 to S07, plus our own pairs in the same style).
 */
export const RATE_PAIRS: readonly RatePairSeed[] = [
  {
    offeredShare: 1,
    nonMember: { code: 'AX', breakfastIncluded: false, guaranteePolicyCode: 'HOLD18', cancellationPolicyCode: 'CXL18', priceFactorBps: 10_000,
      name: { en: 'Flexible Rate', de: 'Flexibler Tarif', fr: 'Tarif flexible', nl: 'Flexibel tarief', es: 'Tarifa flexible', it: 'Tariffa flessibile', pl: 'Taryfa elastyczna', ar: 'سعر مرن' } },
    member: { code: 'HRW1X', breakfastIncluded: false, guaranteePolicyCode: 'HOLD18', cancellationPolicyCode: 'CXL18', priceFactorBps: 9_500,
      name: { en: 'Member Flexible Rate', de: 'Flexibler Mitgliedertarif', fr: 'Tarif flexible membre', nl: 'Flexibel ledentarief', es: 'Tarifa flexible para socios', it: 'Tariffa flessibile soci', pl: 'Elastyczna taryfa członkowska', ar: 'سعر مرن للأعضاء' } },
  },
  {
    offeredShare: 1,
    nonMember: { code: 'S07', breakfastIncluded: false, guaranteePolicyCode: 'DEP100', cancellationPolicyCode: 'NONREF', priceFactorBps: 8_800,
      name: { en: 'Saver Rate (prepaid)', de: 'Spartarif (Vorauszahlung)', fr: 'Tarif économique (prépayé)', nl: 'Voordeeltarief (vooruitbetaald)', es: 'Tarifa ahorro (prepago)', it: 'Tariffa risparmio (prepagata)', pl: 'Taryfa oszczędnościowa (przedpłata)', ar: 'سعر التوفير (دفع مسبق)' } },
    member: { code: 'HRWPR1', breakfastIncluded: false, guaranteePolicyCode: 'DEP100', cancellationPolicyCode: 'NONREF', priceFactorBps: 8_400,
      name: { en: 'Member Saver Rate (prepaid)', de: 'Mitglieder-Spartarif (Vorauszahlung)', fr: 'Tarif économique membre (prépayé)', nl: 'Voordeeltarief voor leden (vooruitbetaald)', es: 'Tarifa ahorro para socios (prepago)', it: 'Tariffa risparmio soci (prepagata)', pl: 'Taryfa oszczędnościowa dla członków (przedpłata)', ar: 'سعر التوفير للأعضاء (دفع مسبق)' } },
  },
  {
    offeredShare: 0.7,
    nonMember: { code: 'BB1', breakfastIncluded: true, guaranteePolicyCode: 'GCC', cancellationPolicyCode: 'CXL1D', priceFactorBps: 11_400,
      name: { en: 'Flexible Rate with Breakfast', de: 'Flexibler Tarif mit Frühstück', fr: 'Tarif flexible avec petit-déjeuner', nl: 'Flexibel tarief met ontbijt', es: 'Tarifa flexible con desayuno', it: 'Tariffa flessibile con colazione', pl: 'Taryfa elastyczna ze śniadaniem', ar: 'سعر مرن مع الإفطار' } },
    member: { code: 'HRWBB', breakfastIncluded: true, guaranteePolicyCode: 'GCC', cancellationPolicyCode: 'CXL1D', priceFactorBps: 10_800,
      name: { en: 'Member Rate with Breakfast', de: 'Mitgliedertarif mit Frühstück', fr: 'Tarif membre avec petit-déjeuner', nl: 'Ledentarief met ontbijt', es: 'Tarifa para socios con desayuno', it: 'Tariffa soci con colazione', pl: 'Taryfa członkowska ze śniadaniem', ar: 'سعر الأعضاء مع الإفطار' } },
  },
  {
    offeredShare: 0.5,
    nonMember: { code: 'ADV14', breakfastIncluded: false, guaranteePolicyCode: 'DEP100', cancellationPolicyCode: 'NONREF', priceFactorBps: 8_000,
      name: { en: 'Early Booker (14 days ahead)', de: 'Frühbucher (14 Tage im Voraus)', fr: 'Réservation anticipée (14 jours avant)', nl: 'Vroegboeker (14 dagen vooraf)', es: 'Reserva anticipada (14 días antes)', it: 'Prenota prima (14 giorni prima)', pl: 'Wczesna rezerwacja (14 dni wcześniej)', ar: 'الحجز المبكر (قبل 14 يومًا)' } },
    member: { code: 'HRWADV', breakfastIncluded: false, guaranteePolicyCode: 'DEP100', cancellationPolicyCode: 'NONREF', priceFactorBps: 7_600,
      name: { en: 'Member Early Booker', de: 'Mitglieder-Frühbucher', fr: 'Réservation anticipée membre', nl: 'Vroegboekers voor leden', es: 'Reserva anticipada para socios', it: 'Prenota prima soci', pl: 'Wczesna rezerwacja dla członków', ar: 'الحجز المبكر للأعضاء' } },
  },
  {
    offeredShare: 0.3,
    nonMember: { code: 'LS7', breakfastIncluded: false, guaranteePolicyCode: 'GCC', cancellationPolicyCode: 'CXL3D', priceFactorBps: 9_000,
      name: { en: 'Long Stay (7 nights or more)', de: 'Langzeitaufenthalt (ab 7 Nächten)', fr: 'Long séjour (7 nuits ou plus)', nl: 'Lang verblijf (7 nachten of meer)', es: 'Estancia larga (7 noches o más)', it: 'Soggiorno lungo (7 notti o più)', pl: 'Długi pobyt (od 7 nocy)', ar: 'إقامة طويلة (7 ليالٍ أو أكثر)' } },
    member: { code: 'HRWLS', breakfastIncluded: false, guaranteePolicyCode: 'GCC', cancellationPolicyCode: 'CXL3D', priceFactorBps: 8_600,
      name: { en: 'Member Long Stay', de: 'Mitglieder-Langzeitaufenthalt', fr: 'Long séjour membre', nl: 'Lang verblijf voor leden', es: 'Estancia larga para socios', it: 'Soggiorno lungo soci', pl: 'Długi pobyt dla członków', ar: 'إقامة طويلة للأعضاء' } },
  },
];

/** A rate without a member counterpart, offered by business-minded brands. */
export const CORPORATE_RATE: RateSeed = {
  code: 'CORP', breakfastIncluded: true, guaranteePolicyCode: 'GCC', cancellationPolicyCode: 'CXL18', priceFactorBps: 9_200,
  name: { en: 'Corporate Rate', de: 'Firmentarif', fr: 'Tarif entreprise', nl: 'Zakelijk tarief', es: 'Tarifa corporativa', it: 'Tariffa aziendale', pl: 'Taryfa firmowa', ar: 'سعر الشركات' },
};

export interface AddonSeed {
  code: string;
  name: Translations;
  pricingMode: AddonPricingMode;
  priceMinor: number;
}

/** Offered by every hotel; together they use every pricing mode of the spec. */
export const GLOBAL_ADDONS: readonly AddonSeed[] = [
  { code: 'BREAKFAST', pricingMode: 'per_adult_per_night', priceMinor: 2_400,
    name: { en: 'Breakfast buffet', de: 'Frühstücksbuffet', fr: 'Petit-déjeuner buffet', nl: 'Ontbijtbuffet', es: 'Desayuno bufé', it: 'Colazione a buffet', pl: 'Śniadanie w formie bufetu', ar: 'بوفيه الإفطار' } },
  { code: 'KIDS_BREAKFAST', pricingMode: 'per_child_per_night', priceMinor: 1_200,
    name: { en: "Children's breakfast", de: 'Kinderfrühstück', fr: 'Petit-déjeuner enfant', nl: 'Kinderontbijt', es: 'Desayuno infantil', it: 'Colazione per bambini', pl: 'Śniadanie dla dzieci', ar: 'إفطار الأطفال' } },
  { code: 'PARKING', pricingMode: 'per_night', priceMinor: 2_500,
    name: { en: 'Parking space', de: 'Parkplatz', fr: 'Place de parking', nl: 'Parkeerplaats', es: 'Plaza de aparcamiento', it: 'Posto auto', pl: 'Miejsce parkingowe', ar: 'موقف سيارة' } },
  { code: 'PET', pricingMode: 'per_night', priceMinor: 1_500,
    name: { en: 'Pet stay', de: 'Haustieraufenthalt', fr: 'Séjour animal de compagnie', nl: 'Verblijf huisdier', es: 'Estancia de mascota', it: 'Soggiorno animale domestico', pl: 'Pobyt zwierzęcia', ar: 'إقامة الحيوان الأليف' } },
  { code: 'LATE_CHECKOUT', pricingMode: 'per_stay', priceMinor: 3_000,
    name: { en: 'Late check-out until 2 pm', de: 'Später Check-out bis 14 Uhr', fr: "Départ tardif jusqu'à 14 h", nl: 'Laat uitchecken tot 14.00 uur', es: 'Salida tardía hasta las 14:00', it: 'Check-out posticipato fino alle 14:00', pl: 'Późne wymeldowanie do 14:00', ar: 'مغادرة متأخرة حتى الساعة 2 ظهرًا' } },
  { code: 'EARLY_CHECKIN', pricingMode: 'per_stay', priceMinor: 3_000,
    name: { en: 'Early check-in from 10 am', de: 'Früher Check-in ab 10 Uhr', fr: 'Arrivée anticipée dès 10 h', nl: 'Vroeg inchecken vanaf 10.00 uur', es: 'Entrada anticipada desde las 10:00', it: 'Check-in anticipato dalle 10:00', pl: 'Wczesne zameldowanie od 10:00', ar: 'تسجيل وصول مبكر من الساعة 10 صباحًا' } },
  { code: 'WELCOME_DRINK', pricingMode: 'per_person', priceMinor: 900,
    name: { en: 'Welcome drink', de: 'Begrüßungsgetränk', fr: 'Boisson de bienvenue', nl: 'Welkomstdrankje', es: 'Bebida de bienvenida', it: 'Drink di benvenuto', pl: 'Napój powitalny', ar: 'مشروب ترحيبي' } },
  { code: 'HALF_BOARD', pricingMode: 'per_person_per_night', priceMinor: 3_900,
    name: { en: 'Half board (dinner)', de: 'Halbpension (Abendessen)', fr: 'Demi-pension (dîner)', nl: 'Halfpension (diner)', es: 'Media pensión (cena)', it: 'Mezza pensione (cena)', pl: 'Półpensjonat (kolacja)', ar: 'نصف إقامة (العشاء)' } },
];

/** Offered only by hotels in the listed cities. */
export const LOCAL_ADDONS: readonly (AddonSeed & { cities: readonly string[] })[] = [
  { code: 'AIRPORT_TRANSFER', pricingMode: 'per_person', priceMinor: 4_500, cities: ['dubai', 'abu-dhabi', 'cairo', 'hurghada'],
    name: { en: 'Airport transfer', de: 'Flughafentransfer', fr: 'Transfert aéroport', nl: 'Luchthaventransfer', es: 'Traslado al aeropuerto', it: 'Transfer aeroportuale', pl: 'Transfer lotniskowy', ar: 'النقل من المطار' } },
  { code: 'BIKE', pricingMode: 'per_person_per_night', priceMinor: 1_500, cities: ['amsterdam', 'copenhagen', 'rotterdam', 'aarhus'],
    name: { en: 'City bike', de: 'Stadtrad', fr: 'Vélo de ville', nl: 'Stadsfiets', es: 'Bicicleta urbana', it: 'Bicicletta da città', pl: 'Rower miejski', ar: 'دراجة المدينة' } },
  { code: 'SPA_ACCESS', pricingMode: 'per_adult_per_night', priceMinor: 3_500, cities: ['hurghada', 'salzburg', 'zurich'],
    name: { en: 'Spa access', de: 'Spa-Zugang', fr: 'Accès au spa', nl: 'Toegang tot de spa', es: 'Acceso al spa', it: 'Accesso alla spa', pl: 'Wstęp do spa', ar: 'دخول المنتجع الصحي' } },
];

/** Levels of the rewards programme, lowest first; `levelOrder` sorts them (spec: membership-levels). */
export const MEMBERSHIP_LEVELS: readonly { code: string; name: string; levelOrder: number }[] = [
  { code: 'DP', name: 'Star', levelOrder: 4 },
  { code: 'DA', name: 'Silver', levelOrder: 5 },
  { code: 'DX', name: 'Prestige', levelOrder: 6 },
  { code: 'DB', name: 'Gold', levelOrder: 7 },
  { code: 'DI', name: 'Platinum', levelOrder: 8 },
  { code: 'DD', name: 'Diamond', levelOrder: 9 },
];

/** The spec's supported currencies with a fixed display rate: units per euro, times one million. */
export const CURRENCIES: readonly { code: string; decimals: number; ratePerEurMicros: number }[] = [
  { code: 'EUR', decimals: 2, ratePerEurMicros: 1_000_000 },
  { code: 'USD', decimals: 2, ratePerEurMicros: 1_085_000 },
  { code: 'AED', decimals: 2, ratePerEurMicros: 3_985_000 },
  { code: 'AUD', decimals: 2, ratePerEurMicros: 1_650_000 },
  { code: 'BRL', decimals: 2, ratePerEurMicros: 5_950_000 },
  { code: 'CAD', decimals: 2, ratePerEurMicros: 1_480_000 },
  { code: 'CHF', decimals: 2, ratePerEurMicros: 950_000 },
  { code: 'CNY', decimals: 2, ratePerEurMicros: 7_800_000 },
  { code: 'DKK', decimals: 2, ratePerEurMicros: 7_460_000 },
  { code: 'EGP', decimals: 2, ratePerEurMicros: 52_500_000 },
  { code: 'GBP', decimals: 2, ratePerEurMicros: 850_000 },
  { code: 'JPY', decimals: 0, ratePerEurMicros: 162_000_000 },
  { code: 'OMR', decimals: 3, ratePerEurMicros: 417_000 },
  { code: 'QAR', decimals: 2, ratePerEurMicros: 3_950_000 },
  { code: 'RUB', decimals: 2, ratePerEurMicros: 98_500_000 },
  { code: 'SAR', decimals: 2, ratePerEurMicros: 4_070_000 },
  { code: 'SEK', decimals: 2, ratePerEurMicros: 11_400_000 },
  { code: 'SGD', decimals: 2, ratePerEurMicros: 1_450_000 },
  { code: 'UAH', decimals: 2, ratePerEurMicros: 44_500_000 },
];
