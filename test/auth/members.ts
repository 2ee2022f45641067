import type { MemberProfile } from '../../src/contract/auth';
import type { SessionMember } from '../../src/machines/session/session.types';

/** The member of the machine tests: Mia Muster, Gold (DB), 1,200 points. */
export const MEMBER_PROFILE: MemberProfile = {
  Guid: 'guid-m1',
  email: 'm1@example.com',
  firstName: 'Mia',
  lastName: 'Muster',
  salutation: 'ms',
  birthday: null,
  locale: 'en',
  address: null,
  dailypointMasterId: 'dp-1',
  profileComplete: true,
  extras: {},
};

/** Her profile and status, as the session loads them. */
export const SESSION_MEMBER: SessionMember = {
  profile: MEMBER_PROFILE,
  status: { dailypointStatus: { reward_level: 'DB', rewards_points: 1200 }, strapiStatus: { crs_id: null } },
};
