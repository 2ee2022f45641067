import { and, asc, eq } from 'drizzle-orm';
import { MAIN_NEWSLETTER_ID, type PreferenceItem } from '../../src/contract/auth';
import type { BrandPreferenceItem } from '../../src/contract/member-preferences';
import { type Locale, type LocalizedText, pickLocalized } from '../../src/contract/locales';
import type { Database } from '../db/database';
import { brands, memberBrandPreferences, memberPreferences } from '../db/schema';

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
}

/**
 * The newsletters, main one first. Who receives which is in newsletter_subscriptions (server/members/newsletters.ts);
 * members.newsletter mirrors the main one for the member's profile.
 */
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
  },
];

export const newsletterNamed = (name: string): Newsletter | undefined => NEWSLETTERS.find((newsletter) => newsletter.name === name);

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

/**
 * Chooses or unchooses a preference of the catalogue; idempotent. The row is kept when unchosen (as the
 * seed's turned-off choice is), so the answer is the same as for a preference never chosen.
 */
export async function setPreference(
  db: Pick<Database, 'insert'>,
  memberId: number,
  name: string,
  active: boolean,
  locale: Locale,
): Promise<PreferenceItem | undefined> {
  const preference = PREFERENCES.find((candidate) => candidate.name === name);
  if (!preference) return undefined;
  await db
    .insert(memberPreferences)
    .values({ memberId, name: preference.name, active })
    .onConflictDoUpdate({ target: [memberPreferences.memberId, memberPreferences.name], set: { active } });
  return { name: preference.name, label: pickLocalized(preference.label, locale), active };
}

/** Every brand of the group, in its order, with the member's choice. Brand names are names, not translated. */
export async function brandPreferencesOf(db: Pick<Database, 'select'>, memberId: number): Promise<BrandPreferenceItem[]> {
  const rows = await db
    .select({ code: brands.code, name: brands.name, chosen: memberBrandPreferences.memberId })
    .from(brands)
    .leftJoin(memberBrandPreferences, and(eq(memberBrandPreferences.brandId, brands.id), eq(memberBrandPreferences.memberId, memberId)))
    .orderBy(asc(brands.sortOrder), asc(brands.code));
  return rows.map((row) => ({ name: row.code, label: row.name, active: row.chosen !== null }));
}

/** Chooses or unchooses a brand by its code; idempotent (a row is a choice). Undefined for an unknown code. */
export async function setBrandPreference(
  db: Pick<Database, 'select' | 'insert' | 'delete'>,
  memberId: number,
  code: string,
  active: boolean,
  now: Date,
): Promise<BrandPreferenceItem | undefined> {
  const [brand] = await db.select({ id: brands.id, code: brands.code, name: brands.name }).from(brands).where(eq(brands.code, code));
  if (!brand) return undefined;
  if (active) await db.insert(memberBrandPreferences).values({ memberId, brandId: brand.id, createdAt: now }).onConflictDoNothing();
  else await db.delete(memberBrandPreferences).where(and(eq(memberBrandPreferences.memberId, memberId), eq(memberBrandPreferences.brandId, brand.id)));
  return { name: brand.code, label: brand.name, active };
}
