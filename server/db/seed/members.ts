import { inArray } from 'drizzle-orm';
import type { IsoDate } from '../../lib/calendar';
import type { PreferenceName } from '../../members/preferences';
import type { Database } from '../database';
import { memberPreferences, members } from '../schema';

/**
 * Demo members (README, "Demo members"). Fixed ids and a password hash computed once (argon2id with the
 * app's parameters and a fixed salt, so the seed stays byte-identical), never a real person's data.
 */
export const DEMO_PASSWORD = 'Demo-Password-2026';
export const DEMO_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$aC1yZXdhcmRzLWRlbW8tMQ$MoEPHRNEuIsPDt23+QkKY2g3fPrCycPm+gwfEl/aZ1k';

export const DEMO_MEMBERS = {
  /** Active, with a password: signs in with the password, or with a code and then the password. */
  withPassword: 'anna.schmidt@example.com',
  /** Active, no password: signs in with a one-time code (or Apple, local provider). */
  codeOnly: 'omar.haddad@example.com',
  /** Registered, not activated yet: a code sign-in or the activation link activates her. */
  notActivated: 'lena.weber@example.com',
} as const;

type Writer = Pick<Database, 'insert' | 'select'>;

/** Inserts the demo members that are missing (by email); those present are left as they are. */
export async function insertDemoMembers(db: Writer, today: IsoDate): Promise<void> {
  const at = new Date(`${today}T08:00:00Z`);
  const present = new Set(
    (
      await db
        .select({ email: members.email })
        .from(members)
        .where(inArray(members.email, Object.values(DEMO_MEMBERS)))
    ).map((row) => row.email),
  );
  const missing = demoMemberRows(at).filter((row) => !present.has(row.email));
  if (missing.length > 0) await db.insert(members).values(missing).onConflictDoNothing({ target: members.email });
}

/**
 * The demo members' preference choices: Anna has two on and one she turned off again (her newsletter is on,
 * see her member row); Omar has chosen none (and gets no newsletter), so the targeted-message filters
 * "preferences selected" and "newsletter subscribed" have a member on each side.
 */
const DEMO_PREFERENCES: readonly { email: string; name: PreferenceName; active: boolean }[] = [
  { email: DEMO_MEMBERS.withPassword, name: 'spa', active: true },
  { email: DEMO_MEMBERS.withPassword, name: 'late-checkout', active: true },
  { email: DEMO_MEMBERS.withPassword, name: 'quiet-room', active: false },
];

/** Inserts the demo preference choices that are missing; a choice already stored is left as it is. */
export async function insertDemoPreferences(db: Writer): Promise<void> {
  const ids = new Map(
    (
      await db
        .select({ id: members.id, email: members.email })
        .from(members)
        .where(inArray(members.email, [...new Set(DEMO_PREFERENCES.map((row) => row.email))]))
    ).map((row) => [row.email, row.id]),
  );
  const rows = DEMO_PREFERENCES.flatMap(({ email, name, active }) => {
    const memberId = ids.get(email);
    return memberId === undefined ? [] : [{ memberId, name, active }];
  });
  if (rows.length > 0) await db.insert(memberPreferences).values(rows).onConflictDoNothing();
}

function demoMemberRows(at: Date): (typeof members.$inferInsert)[] {
  return [
    {
      guid: '6f1c2b7e-3d44-4b8a-9a51-1a2b3c4d5e01',
      email: DEMO_MEMBERS.withPassword,
      firstName: 'Anna',
      lastName: 'Schmidt',
      salutation: 'ms',
      birthday: '1986-04-12',
      locale: 'de',
      street: 'Kurfürstendamm 21',
      postalCode: '10719',
      city: 'Berlin',
      countryCode: 'DE',
      dailypointMasterId: 'DP1000000001',
      passwordHash: DEMO_PASSWORD_HASH,
      status: 'active',
      activatedAt: at,
      rewardLevelCode: 'DB',
      points: 12_500,
      crsId: 'CRS-700001',
      newsletter: true,
      registrationSource: 'website',
      createdAt: at,
    },
    {
      guid: '6f1c2b7e-3d44-4b8a-9a51-1a2b3c4d5e02',
      email: DEMO_MEMBERS.codeOnly,
      firstName: 'Omar',
      lastName: 'Haddad',
      salutation: 'mr',
      locale: 'ar',
      dailypointMasterId: 'DP1000000002',
      passwordHash: null,
      status: 'active',
      activatedAt: at,
      rewardLevelCode: 'DA',
      points: 2_300,
      crsId: null,
      newsletter: false,
      registrationSource: 'app',
      createdAt: at,
    },
    {
      guid: '6f1c2b7e-3d44-4b8a-9a51-1a2b3c4d5e03',
      email: DEMO_MEMBERS.notActivated,
      firstName: 'Lena',
      lastName: 'Weber',
      locale: 'en',
      passwordHash: null,
      status: 'pending',
      registrationSource: 'website',
      createdAt: at,
    },
  ];
}
