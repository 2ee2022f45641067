import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { MAIN_NEWSLETTER_ID } from '../../src/contract/auth';
import { NEWSLETTER_LIMITS, type NewsletterStatus, type NewsletterStatusItem } from '../../src/contract/member-preferences';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import { newLinkToken, tokenDigest } from '../auth/codes';
import type { Database } from '../db/database';
import { members, memberUserTypes, newsletterConfirmations, newsletterSubscriptions, type UserType } from '../db/schema';
import { NEWSLETTERS } from './preferences';

/**
 * Newsletter subscriptions with double opt-in (decision record 0044). A member's subscriptions are theirs
 * by id; a visitor's are by email. A subscription is `pending` until its mailed confirmation link is
 * followed, then `active`; unsubscribing deletes it.
 *
 * members.newsletter is the registration's consent to the main newsletter, which the activation link
 * proves. It mirrors the main newsletter's state: a member with it set and no subscription row (registered
 * after migration 0018) receives the main newsletter; every change here writes both.
 */

/** Whose subscriptions: a member (found by session or by email) or a visitor's email. */
export type Subscriber = { kind: 'member'; memberId: number; email: string; locale: Locale } | { kind: 'visitor'; email: string };

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select'>;

const ofSubscriber = (subscriber: Subscriber): SQL =>
  subscriber.kind === 'member' ? eq(newsletterSubscriptions.memberId, subscriber.memberId) : eq(newsletterSubscriptions.email, subscriber.email);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The member with this email, else the visitor's email: the same email is one subscriber wherever it subscribes. */
export async function subscriberByEmail(db: Reader, email: string): Promise<Subscriber> {
  const [member] = await db.select({ id: members.id, email: members.email, locale: members.locale }).from(members).where(eq(members.email, email));
  return member ? { kind: 'member', memberId: member.id, email: member.email, locale: member.locale } : { kind: 'visitor', email };
}

/** B2B members get the business wording; everyone else, visitors included, is a consumer (B2C). */
export async function userTypeOf(db: Reader, subscriber: Subscriber): Promise<UserType> {
  if (subscriber.kind === 'visitor') return 'b2c';
  const [row] = await db.select({ userType: memberUserTypes.userType }).from(memberUserTypes).where(eq(memberUserTypes.memberId, subscriber.memberId));
  return row?.userType ?? 'b2c';
}

/** Each newsletter's status for the subscriber. */
async function statusesOf(db: Reader, subscriber: Subscriber): Promise<Map<string, NewsletterStatus>> {
  const rows = await db
    .select({ newsletter: newsletterSubscriptions.newsletter, status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .where(ofSubscriber(subscriber));
  const statuses = new Map<string, NewsletterStatus>(rows.map((row) => [row.newsletter, row.status]));
  if (subscriber.kind === 'member' && !statuses.has(MAIN_NEWSLETTER_ID)) {
    const [member] = await db.select({ newsletter: members.newsletter }).from(members).where(eq(members.id, subscriber.memberId));
    if (member?.newsletter) statuses.set(MAIN_NEWSLETTER_ID, 'active');
  }
  return statuses;
}

function item(name: string, status: NewsletterStatus, locale: Locale): NewsletterStatusItem | undefined {
  const newsletter = NEWSLETTERS.find((candidate) => candidate.name === name);
  if (!newsletter) return undefined;
  return { name, label: pickLocalized(newsletter.label, locale), active: status === 'active', dailypointId: newsletter.dailypointId, status };
}

/** Every newsletter of the catalogue with the subscriber's status. */
export async function newsletterItemsOf(db: Reader, subscriber: Subscriber, locale: Locale): Promise<NewsletterStatusItem[]> {
  const statuses = await statusesOf(db, subscriber);
  return NEWSLETTERS.flatMap((newsletter) => item(newsletter.name, statuses.get(newsletter.name) ?? 'none', locale) ?? []);
}

/** The catalogue's item for a name (status `none`), undefined for an unknown name: the routes answer 404. */
export const newsletterItem = (name: string, status: NewsletterStatus, locale: Locale) => item(name, status, locale);

/** The main newsletter's mirror on the member row (see the note at the top). */
async function mirrorConsent(tx: Tx, subscriber: Subscriber, newsletter: string, subscribed: boolean) {
  if (subscriber.kind === 'member' && newsletter === MAIN_NEWSLETTER_ID) {
    await tx.update(members).set({ newsletter: subscribed }).where(eq(members.id, subscriber.memberId));
  }
}

/**
 * Asks for a subscription: `active` if the subscriber already receives it (nothing to mail), else the
 * pending subscription and a new confirmation token to mail (earlier links of it stop working). The row
 * is locked for the change, so racing requests do not both issue tokens on top of one another's.
 */
export async function requestSubscription(
  db: Database,
  { subscriber, newsletter, locale, now }: { subscriber: Subscriber; newsletter: string; locale: Locale; now: Date },
): Promise<{ status: 'active' } | { status: 'pending'; token: string }> {
  const current = (await statusesOf(db, subscriber)).get(newsletter);
  return db.transaction(async (tx) => {
    const owner = subscriber.kind === 'member' ? { memberId: subscriber.memberId } : { email: subscriber.email };
    if (current === 'active') {
      // Consent given at registration (no row yet): written down now, so the table holds every subscription.
      await tx
        .insert(newsletterSubscriptions)
        .values({ ...owner, newsletter, status: 'active', locale, createdAt: now, confirmedAt: now })
        .onConflictDoNothing();
      return { status: 'active' as const };
    }
    await tx.insert(newsletterSubscriptions).values({ ...owner, newsletter, status: 'pending', locale, createdAt: now }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: newsletterSubscriptions.id, status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(and(ofSubscriber(subscriber), eq(newsletterSubscriptions.newsletter, newsletter)))
      .for('update');
    if (!row) throw new Error('The subscription just written has gone');
    if (row.status === 'active') return { status: 'active' as const };
    await tx.update(newsletterSubscriptions).set({ locale }).where(eq(newsletterSubscriptions.id, row.id));
    await tx.delete(newsletterConfirmations).where(and(eq(newsletterConfirmations.subscriptionId, row.id), isNull(newsletterConfirmations.usedAt)));
    const token = newLinkToken();
    await tx.insert(newsletterConfirmations).values({
      tokenHash: tokenDigest(token),
      subscriptionId: row.id,
      expiresAt: new Date(now.getTime() + NEWSLETTER_LIMITS.confirmationValidDays * DAY_MS),
      createdAt: now,
    });
    return { status: 'pending' as const, token };
  });
}

/**
 * Follows a confirmation link: the token is spent by a conditional update (unused and unexpired), so of
 * two requests racing with one token exactly one activates the subscription. Undefined for a token that
 * is unknown, used or expired, or whose subscription was cancelled since (its links went with it).
 */
export async function confirmSubscription(db: Database, token: string, now: Date): Promise<{ newsletter: string } | undefined> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(newsletterConfirmations)
      .set({ usedAt: now })
      .where(
        and(
          eq(newsletterConfirmations.tokenHash, tokenDigest(token)),
          isNull(newsletterConfirmations.usedAt),
          gt(newsletterConfirmations.expiresAt, now),
        ),
      )
      .returning({ subscriptionId: newsletterConfirmations.subscriptionId });
    if (!spent) return undefined;
    const [subscription] = await tx
      .update(newsletterSubscriptions)
      .set({ status: 'active', confirmedAt: now })
      .where(eq(newsletterSubscriptions.id, spent.subscriptionId))
      .returning({ memberId: newsletterSubscriptions.memberId, newsletter: newsletterSubscriptions.newsletter });
    if (!subscription) return undefined;
    if (subscription.memberId !== null && subscription.newsletter === MAIN_NEWSLETTER_ID) {
      await tx.update(members).set({ newsletter: true }).where(eq(members.id, subscription.memberId));
    }
    return { newsletter: subscription.newsletter };
  });
}

/** Unsubscribes at once (idempotent); a pending subscription's links stop working with it. */
export async function unsubscribe(db: Database, subscriber: Subscriber, newsletter: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(newsletterSubscriptions).where(and(ofSubscriber(subscriber), eq(newsletterSubscriptions.newsletter, newsletter)));
    await mirrorConsent(tx, subscriber, newsletter, false);
  });
}

/**
 * Subscribes at once, for the preference centre: its link was mailed to the address, so holding it proves
 * the mailbox as the confirmation link does. Idempotent.
 */
export async function subscribeConfirmed(
  db: Database,
  { subscriber, newsletter, locale, now }: { subscriber: Subscriber; newsletter: string; locale: Locale; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = { newsletter, status: 'active' as const, locale, createdAt: now, confirmedAt: now };
    const set = { status: 'active' as const, confirmedAt: now };
    if (subscriber.kind === 'member') {
      await tx
        .insert(newsletterSubscriptions)
        .values({ ...values, memberId: subscriber.memberId })
        .onConflictDoUpdate({ target: [newsletterSubscriptions.memberId, newsletterSubscriptions.newsletter], set });
    } else {
      await tx
        .insert(newsletterSubscriptions)
        .values({ ...values, email: subscriber.email })
        .onConflictDoUpdate({ target: [newsletterSubscriptions.email, newsletterSubscriptions.newsletter], set });
    }
    await mirrorConsent(tx, subscriber, newsletter, true);
  });
}
