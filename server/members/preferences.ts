import { eq } from 'drizzle-orm';
import { MAIN_NEWSLETTER_ID, type NewsletterItem, type PreferenceItem } from '../../src/contract/auth';
import { type Locale, type LocalizedText, pickLocalized } from '../../src/contract/locales';
import type { Database } from '../db/database';
import { memberPreferences } from '../db/schema';
import type { Member } from './store';

/**
 * The preferences a member may choose, in the order they are shown. The names are stored with each
 * member's choice (member_preferences), so a name never changes once members may have chosen it.
 */
export const PREFERENCES = [
  {
    name: 'spa',
    label: {
      en: 'Spa and wellness',
      de: 'Spa und Wellness',
      fr: 'Spa et bien-être',
      nl: 'Spa en wellness',
      es: 'Spa y bienestar',
      it: 'Spa e benessere',
      pl: 'Spa i wellness',
      ar: 'السبا والعافية',
    },
  },
  {
    name: 'late-checkout',
    label: {
      en: 'Late check-out',
      de: 'Später Check-out',
      fr: 'Départ tardif',
      nl: 'Late check-out',
      es: 'Salida tardía',
      it: 'Check-out posticipato',
      pl: 'Późne wymeldowanie',
      ar: 'مغادرة متأخرة',
    },
  },
  {
    name: 'quiet-room',
    label: {
      en: 'Quiet room',
      de: 'Ruhiges Zimmer',
      fr: 'Chambre calme',
      nl: 'Rustige kamer',
      es: 'Habitación tranquila',
      it: 'Camera tranquilla',
      pl: 'Cichy pokój',
      ar: 'غرفة هادئة',
    },
  },
  {
    name: 'high-floor',
    label: {
      en: 'High floor',
      de: 'Hohe Etage',
      fr: 'Étage élevé',
      nl: 'Hoge verdieping',
      es: 'Planta alta',
      it: 'Piano alto',
      pl: 'Wysokie piętro',
      ar: 'طابق مرتفع',
    },
  },
  {
    name: 'vegetarian-breakfast',
    label: {
      en: 'Vegetarian breakfast',
      de: 'Vegetarisches Frühstück',
      fr: 'Petit-déjeuner végétarien',
      nl: 'Vegetarisch ontbijt',
      es: 'Desayuno vegetariano',
      it: 'Colazione vegetariana',
      pl: 'Śniadanie wegetariańskie',
      ar: 'فطور نباتي',
    },
  },
] as const satisfies readonly { name: string; label: LocalizedText }[];

export type PreferenceName = (typeof PREFERENCES)[number]['name'];

interface Newsletter {
  name: string;
  /** The newsletter's id in the loyalty system (dailypoint). */
  dailypointId: string;
  label: LocalizedText;
  /** Whether the member receives it. */
  subscribed(member: Pick<Member, 'newsletter'>): boolean;
}

/** The newsletters, main one first. The main one is the member's newsletter consent (members.newsletter). */
export const NEWSLETTERS: readonly Newsletter[] = [
  {
    name: MAIN_NEWSLETTER_ID,
    dailypointId: 'DPNL-1001',
    label: {
      en: 'H Rewards newsletter',
      de: 'H Rewards Newsletter',
      fr: 'Newsletter H Rewards',
      nl: 'H Rewards-nieuwsbrief',
      es: 'Boletín de H Rewards',
      it: 'Newsletter H Rewards',
      pl: 'Newsletter H Rewards',
      ar: 'النشرة الإخبارية لبرنامج H Rewards',
    },
    subscribed: (member) => member.newsletter,
  },
];

/** Every preference of the catalogue with the member's choice; one the member never chose is inactive. */
export async function preferencesOf(db: Pick<Database, 'select'>, memberId: number, locale: Locale): Promise<PreferenceItem[]> {
  const rows = await db
    .select({ name: memberPreferences.name, active: memberPreferences.active })
    .from(memberPreferences)
    .where(eq(memberPreferences.memberId, memberId));
  const chosen = new Map(rows.map((row) => [row.name, row.active]));
  return PREFERENCES.map((preference) => ({
    name: preference.name,
    label: pickLocalized(preference.label, locale),
    active: chosen.get(preference.name) ?? false,
  }));
}

/** Every newsletter with whether the member receives it. */
export function newslettersOf(member: Pick<Member, 'newsletter'>, locale: Locale): NewsletterItem[] {
  return NEWSLETTERS.map((newsletter) => ({
    name: newsletter.name,
    label: pickLocalized(newsletter.label, locale),
    active: newsletter.subscribed(member),
    dailypointId: newsletter.dailypointId,
  }));
}
