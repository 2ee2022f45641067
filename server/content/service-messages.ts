import { asc, eq } from 'drizzle-orm';
import type { ServiceMessage } from '../../src/contract/content';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import type { Database } from '../db/database';
import { serviceMessages } from '../db/schema';

/**
 * The active service messages in one locale (English where a text is missing), in the editors' order.
 * All of them: which page shows which is decided in the browser from `targetUrls`, so a visitor moving
 * between pages needs no new request. The description stays HTML; the browser sanitises it.
 */
export async function listServiceMessages(db: Database, locale: Locale): Promise<ServiceMessage[]> {
  const rows = await db
    .select()
    .from(serviceMessages)
    .where(eq(serviceMessages.active, true))
    .orderBy(asc(serviceMessages.sortOrder), asc(serviceMessages.id));
  return rows.map((row) => ({
    id: row.id,
    attributes: {
      targetUrls: row.targetUrls,
      isOpenedByDefault: row.isOpenedByDefault,
      header: pickLocalized(row.header, locale),
      description: pickLocalized(row.description, locale),
      backgroundColor: row.backgroundColour,
    },
  }));
}
