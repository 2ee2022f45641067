import { PERSISTED_KEYS, PERSISTED_LIFETIMES_MS, readExpiring, writeExpiring } from './persisted-values';

/**
 * Identifying a member to analytics (spec section 6: members are identified in analytics), at most once
 * a day per member and browser (the identify-tracked flag, spec sections 3 and 9, holds the member's guid).
 *
 * Analytics is not built yet: until it is, an identification is only recorded here (and readable with
 * identifiedMembers(), which the tests use). The analytics service will take over the body of this function.
 */
const recorded: string[] = [];

export function identifyMember(memberGuid: string, now: number = Date.now()): boolean {
  if (readExpiring(PERSISTED_KEYS.identifyTracked, now) === memberGuid) return false;
  recorded.push(memberGuid);
  writeExpiring(PERSISTED_KEYS.identifyTracked, memberGuid, PERSISTED_LIFETIMES_MS.identifyTracked, now);
  return true;
}

export function identifiedMembers(): readonly string[] {
  return recorded;
}
