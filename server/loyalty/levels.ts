import { MEMBER_LEVELS } from '../../src/contract/auth';
import type { MemberLevel, MemberLevelCode } from '../../src/contract/loyalty';
import type { LocalizedText } from '../../src/contract/locales';

/**
 * The level rules as data (decision record 0040): what each level takes in one calendar year (Berlin) of
 * qualifying nights OR qualifying points, and what it gives. Star is where every member starts. A level is
 * reached the moment a year's nights or points meet its threshold, kept through the next calendar year,
 * and at each year end set to the level that year's activity reached, but never more than one level below
 * the level held.
 */

export interface Benefit {
  code: string;
  name: LocalizedText;
}

export interface LevelRule extends MemberLevel {
  code: MemberLevelCode;
  /** Qualifying nights in a calendar year that reach the level. */
  nights: number;
  /** Or qualifying points in a calendar year. */
  points: number;
  /** What this level adds to the one below; a level has every benefit of the levels below it too. */
  adds: readonly Benefit[];
}

const THRESHOLDS: Record<MemberLevelCode, { nights: number; points: number; adds: readonly Benefit[] }> = {
  DP: {
    nights: 0,
    points: 0,
    adds: [
      { code: 'member-rates', name: { en: 'Member rates at every hotel', de: 'Mitgliederpreise in allen Hotels', fr: 'Tarifs membres dans tous les hôtels', es: 'Tarifas para miembros en todos los hoteles', it: 'Tariffe riservate ai membri in tutti gli hotel', nl: 'Ledenprijzen in elk hotel', pl: 'Ceny dla członków we wszystkich hotelach', ar: 'أسعار الأعضاء في كل الفنادق' } },
      { code: 'points-per-euro', name: { en: 'One point per euro spent on member rates', de: 'Ein Punkt pro Euro auf Mitgliederpreise', fr: 'Un point par euro dépensé aux tarifs membres', es: 'Un punto por cada euro gastado en tarifas para miembros', it: 'Un punto per ogni euro speso con le tariffe riservate ai membri', nl: 'Eén punt per euro bij ledenprijzen', pl: 'Jeden punkt za każde euro wydane w cenach dla członków', ar: 'نقطة واحدة لكل يورو يُنفق بأسعار الأعضاء' } },
      { code: 'free-wifi', name: { en: 'Free Wi-Fi', de: 'Kostenloses WLAN', fr: 'Wi-Fi gratuit', es: 'Wi-Fi gratuito', it: 'Wi-Fi gratuito', nl: 'Gratis wifi', pl: 'Bezpłatne Wi-Fi', ar: 'واي فاي مجاني' } },
    ],
  },
  DA: {
    nights: 10,
    points: 2_500,
    adds: [
      { code: 'late-checkout-13', name: { en: 'Late check-out until 1 pm, when available', de: 'Später Check-out bis 13 Uhr, nach Verfügbarkeit', fr: 'Départ tardif jusqu’à 13 h, selon disponibilité', es: 'Salida tardía hasta las 13:00, según disponibilidad', it: 'Check-out posticipato fino alle 13, in base alla disponibilità', nl: 'Laat uitchecken tot 13.00 uur, indien beschikbaar', pl: 'Późne wymeldowanie do 13:00, w miarę dostępności', ar: 'مغادرة متأخرة حتى الساعة 1 ظهرًا، حسب التوفر' } },
      { code: 'welcome-drink', name: { en: 'A welcome drink', de: 'Ein Willkommensgetränk', fr: 'Une boisson de bienvenue', es: 'Una bebida de bienvenida', it: 'Un drink di benvenuto', nl: 'Een welkomstdrankje', pl: 'Napój powitalny', ar: 'مشروب ترحيبي' } },
    ],
  },
  DX: {
    nights: 20,
    points: 5_000,
    adds: [
      { code: 'room-upgrade', name: { en: 'A room upgrade, when available', de: 'Ein Zimmer-Upgrade, nach Verfügbarkeit', fr: 'Un surclassement de chambre, selon disponibilité', es: 'Una mejora de habitación, según disponibilidad', it: 'Un upgrade della camera, in base alla disponibilità', nl: 'Een kamerupgrade, indien beschikbaar', pl: 'Lepszy pokój, w miarę dostępności', ar: 'ترقية الغرفة، حسب التوفر' } },
      { code: 'early-checkin-12', name: { en: 'Early check-in from noon, when available', de: 'Früher Check-in ab 12 Uhr, nach Verfügbarkeit', fr: 'Arrivée anticipée dès midi, selon disponibilité', es: 'Entrada anticipada desde las 12:00, según disponibilidad', it: 'Check-in anticipato da mezzogiorno, in base alla disponibilità', nl: 'Vroeg inchecken vanaf 12.00 uur, indien beschikbaar', pl: 'Wczesne zameldowanie od 12:00, w miarę dostępności', ar: 'تسجيل وصول مبكر من الظهر، حسب التوفر' } },
    ],
  },
  DB: {
    nights: 30,
    points: 7_500,
    adds: [
      { code: 'late-checkout-14', name: { en: 'Late check-out until 2 pm, when available', de: 'Später Check-out bis 14 Uhr, nach Verfügbarkeit', fr: 'Départ tardif jusqu’à 14 h, selon disponibilité', es: 'Salida tardía hasta las 14:00, según disponibilidad', it: 'Check-out posticipato fino alle 14, in base alla disponibilità', nl: 'Laat uitchecken tot 14.00 uur, indien beschikbaar', pl: 'Późne wymeldowanie do 14:00, w miarę dostępności', ar: 'مغادرة متأخرة حتى الساعة 2 ظهرًا، حسب التوفر' } },
      { code: 'weekend-breakfast', name: { en: 'Breakfast for two at weekends', de: 'Frühstück für zwei am Wochenende', fr: 'Petit-déjeuner pour deux le week-end', es: 'Desayuno para dos los fines de semana', it: 'Colazione per due nel fine settimana', nl: 'Ontbijt voor twee in het weekend', pl: 'Śniadanie dla dwojga w weekendy', ar: 'إفطار لشخصين في عطلات نهاية الأسبوع' } },
    ],
  },
  DI: {
    nights: 40,
    points: 10_000,
    adds: [
      { code: 'suite-upgrade', name: { en: 'A suite upgrade, when available', de: 'Ein Suiten-Upgrade, nach Verfügbarkeit', fr: 'Un surclassement en suite, selon disponibilité', es: 'Una mejora a suite, según disponibilidad', it: 'Un upgrade a suite, in base alla disponibilità', nl: 'Een upgrade naar een suite, indien beschikbaar', pl: 'Apartament zamiast pokoju, w miarę dostępności', ar: 'ترقية إلى جناح، حسب التوفر' } },
      { code: 'lounge-access', name: { en: 'Lounge access', de: 'Zugang zur Lounge', fr: 'Accès au salon', es: 'Acceso a la sala VIP', it: 'Accesso alla lounge', nl: 'Toegang tot de lounge', pl: 'Dostęp do saloniku', ar: 'دخول الصالة' } },
    ],
  },
  DD: {
    nights: 60,
    points: 15_000,
    adds: [
      { code: 'guaranteed-room-48h', name: { en: 'A room guaranteed when booked 48 hours ahead', de: 'Zimmergarantie bei Buchung 48 Stunden im Voraus', fr: 'Une chambre garantie pour toute réservation 48 heures à l’avance', es: 'Habitación garantizada al reservar con 48 horas de antelación', it: 'Camera garantita prenotando con 48 ore di anticipo', nl: 'Een gegarandeerde kamer bij boeking 48 uur vooraf', pl: 'Gwarancja pokoju przy rezerwacji 48 godzin wcześniej', ar: 'غرفة مضمونة عند الحجز قبل 48 ساعة' } },
      { code: 'personal-concierge', name: { en: 'A personal concierge', de: 'Ein persönlicher Concierge', fr: 'Un concierge personnel', es: 'Un conserje personal', it: 'Un concierge personale', nl: 'Een persoonlijke conciërge', pl: 'Osobisty konsjerż', ar: 'كونسيرج شخصي' } },
    ],
  },
};

/** Every level by level_order (the contract's MEMBER_LEVELS give names, orders and codes). */
export const LEVEL_RULES: readonly LevelRule[] = MEMBER_LEVELS.map((level) => ({ ...level, ...THRESHOLDS[level.code] }));

const FIRST = LEVEL_RULES[0] as LevelRule;

/** The level of a code; an unknown or missing code is the first level (Star). */
export function levelOf(code: string | null | undefined): LevelRule {
  return LEVEL_RULES.find((level) => level.code === code) ?? FIRST;
}

/** Qualifying nights and points of one calendar year. */
export interface YearActivity {
  nights: number;
  points: number;
}

const reaches = (level: LevelRule, activity: YearActivity) => activity.nights >= level.nights || activity.points >= level.points;

/** The highest level a year's activity reaches. */
export function qualifiedLevel(activity: YearActivity): LevelRule {
  return LEVEL_RULES.reduce((best, level) => (reaches(level, activity) && level.order > best.order ? level : best), FIRST);
}

/** The level after a year end: what the year reached, but at most one level below the level held. */
export function levelAfterYearEnd(current: LevelRule, activity: YearActivity): LevelRule {
  const reached = qualifiedLevel(activity);
  const index = LEVEL_RULES.indexOf(current);
  const oneBelow = LEVEL_RULES[Math.max(0, index - 1)] ?? FIRST;
  return reached.order >= oneBelow.order ? reached : oneBelow;
}

/** Every benefit of a level: its own and those of the levels below it, lowest first. */
export function benefitsOf(level: LevelRule): Benefit[] {
  return LEVEL_RULES.filter((candidate) => candidate.order <= level.order).flatMap((candidate) => candidate.adds);
}

export interface LevelProgress {
  keep: { met: boolean; nightsNeeded: number; pointsNeeded: number };
  next: { level: LevelRule; nightsNeeded: number; pointsNeeded: number } | null;
}

/** What keeping the level and reaching the next one still take this year (either nights or points do). */
export function progressOf(current: LevelRule, activity: YearActivity): LevelProgress {
  const needs = (level: LevelRule) => ({
    nightsNeeded: Math.max(0, level.nights - activity.nights),
    pointsNeeded: Math.max(0, level.points - activity.points),
  });
  const next = LEVEL_RULES.find((level) => level.order > current.order);
  return {
    keep: { met: reaches(current, activity), ...needs(current) },
    next: next ? { level: next, ...needs(next) } : null,
  };
}

export const levelView = (level: LevelRule): MemberLevel => ({ code: level.code, name: level.name, order: level.order });
