import { asc, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { type TargetedMessage, TargetedMessageSchema } from '../../src/contract/content';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import type { Database } from '../db/database';
import { targetedMessages } from '../db/schema';

type TargetedMessageRow = typeof targetedMessages.$inferSelect;

/**
 * The active targeted messages in one locale (English where a text is missing), highest priority first.
 * All of them: which page, visitor and moment shows which is decided in the browser
 * (src/services/content/targeted-eligibility.ts), so moving between pages needs no new request and the
 * answer can be cached for everyone. The body stays HTML; the browser sanitises it.
 *
 * The member filters are judged there against the member's own answers: `memberPreferencesStatus`
 * against GET /members/preferences (member_preferences: selected when any is active) and
 * `memberNotificationsStatus` against GET /members/newsletters (newsletter_subscriptions: subscribed
 * once the main newsletter's double opt-in is confirmed; a pending one is not). Nothing about a member
 * is read here, so this answer never varies by who asks (targeted-messages.test.ts holds both sides).
 *
 * The database keeps the filters as text; a row whose filter holds a value the rules do not know is left
 * out rather than shown to visitors it was never meant for.
 */
export async function listTargetedMessages(db: Database, locale: Locale): Promise<TargetedMessage[]> {
  const rows = await db
    .select()
    .from(targetedMessages)
    .where(eq(targetedMessages.active, true))
    .orderBy(desc(targetedMessages.priority), asc(targetedMessages.id));
  return rows.flatMap((row) => {
    const parsed = v.safeParse(TargetedMessageSchema, toMessage(row, locale));
    return parsed.success ? [parsed.output] : [];
  });
}

function toMessage(row: TargetedMessageRow, locale: Locale) {
  return {
    id: row.id,
    attributes: {
      priority: row.priority,
      trigger: row.trigger,
      kind: row.kind,
      deviceType: row.deviceType,
      memberType: row.memberType,
      memberAddressStatus: row.memberAddressStatus,
      memberPreferencesStatus: row.memberPreferencesStatus,
      memberNotificationsStatus: row.memberNotificationsStatus,
      isCountdown: row.isCountdown,
      countdownDate: row.countdownDate?.toISOString() ?? null,
      excludedPages: row.excludedPages,
      targets: { brands: row.targets.brands, hotels: row.targets.hotels, urls: row.targets.urls },
      header: pickLocalized(row.header, locale),
      body: pickLocalized(row.body, locale),
      ctaLabel: row.ctaLabel ? pickLocalized(row.ctaLabel, locale) : null,
      ctaLink: row.ctaLink,
      imageUrl: row.imageUrl,
    },
  };
}
