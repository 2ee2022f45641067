import { and, eq, inArray } from 'drizzle-orm';
import { MAIN_NEWSLETTER_ID } from '../../../src/contract/auth';
import type { IsoDate } from '../../lib/calendar';
import type { Database } from '../database';
import { members, newsletterSubscriptions } from '../schema';
import { DEMO_MEMBERS } from './members';

type Writer = Pick<Database, 'insert' | 'select'>;

/**
 * The demo members' newsletter subscriptions: Anna receives the main newsletter (README, "Demo members");
 * Omar asked for it and has not confirmed yet, so the double opt-in has a pending case to show. Neither
 * has a confirmation link stored: Omar asks again to get one mailed.
 */
const DEMO_SUBSCRIPTIONS = [
  { email: DEMO_MEMBERS.withPassword, status: 'active' },
  { email: DEMO_MEMBERS.codeOnly, status: 'pending' },
] as const;

/** Inserts the demo subscriptions that are missing; a subscription already stored is left as it is. */
export async function insertDemoNewsletters(db: Writer, today: IsoDate): Promise<void> {
  const at = new Date(`${today}T08:00:00Z`);
  const rows = await db
    .select({ id: members.id, email: members.email, locale: members.locale })
    .from(members)
    .where(inArray(members.email, DEMO_SUBSCRIPTIONS.map((row) => row.email)));
  const present = new Set(
    (
      await db
        .select({ memberId: newsletterSubscriptions.memberId })
        .from(newsletterSubscriptions)
        .where(
          and(
            inArray(newsletterSubscriptions.memberId, rows.map((row) => row.id)),
            eq(newsletterSubscriptions.newsletter, MAIN_NEWSLETTER_ID),
          ),
        )
    ).map((row) => row.memberId),
  );
  // In the order of DEMO_SUBSCRIPTIONS, so the ids are the same on every seed.
  const missing = DEMO_SUBSCRIPTIONS.flatMap(({ email, status }) => {
    const member = rows.find((row) => row.email === email);
    if (!member || present.has(member.id)) return [];
    return [
      {
        memberId: member.id,
        newsletter: MAIN_NEWSLETTER_ID,
        status,
        locale: member.locale,
        createdAt: at,
        confirmedAt: status === 'active' ? at : null,
      },
    ];
  });
  if (missing.length > 0) await db.insert(newsletterSubscriptions).values(missing).onConflictDoNothing();
}
