import { trackIdentify } from '../analytics/analytics';
import { hasConsent, onConsentChange } from '../consent/consent';
import { browserStorage, PERSISTED_KEYS, PERSISTED_LIFETIMES_MS, readExpiring, writeExpiring } from './persisted-values';

/**
 * Identifying a member to analytics (spec section 6: members are identified in analytics), at most once
 * a day per member and browser (the identify-tracked flag, spec sections 3 and 9, holds the member's guid).
 *
 * The identification goes to the tracking queue, which sends it only with analytics consent. The flag is
 * analytics data too: without consent it is kept in memory for this page only, and written to storage
 * once consent is given (a refusal forgets it, as the queue forgets the event).
 */
const recorded: string[] = [];
let unwritten: { memberGuid: string; at: number } | null = null;
let stopListening: (() => void) | null = null;

function listenForConsent(): void {
  stopListening ??= onConsentChange((granted) => {
    const flag = unwritten;
    unwritten = null;
    if (flag && granted.has('analytics')) {
      writeExpiring(PERSISTED_KEYS.identifyTracked, flag.memberGuid, PERSISTED_LIFETIMES_MS.identifyTracked, flag.at);
    }
  });
}

function identifiedGuid(now: number, storage: Storage | null): unknown {
  if (unwritten && unwritten.at + PERSISTED_LIFETIMES_MS.identifyTracked > now) return unwritten.memberGuid;
  return readExpiring(PERSISTED_KEYS.identifyTracked, now, storage);
}

/** Identifies the member unless done for them in the last day; answers whether it did. */
export function identifyMember(memberGuid: string, now: number = Date.now(), storage: Storage | null = browserStorage()): boolean {
  if (identifiedGuid(now, storage) === memberGuid) return false;
  recorded.push(memberGuid);
  trackIdentify(memberGuid);
  if (hasConsent('analytics', storage)) {
    unwritten = null;
    writeExpiring(PERSISTED_KEYS.identifyTracked, memberGuid, PERSISTED_LIFETIMES_MS.identifyTracked, now, storage);
  } else {
    unwritten = { memberGuid, at: now };
    listenForConsent();
  }
  return true;
}

/** The members identified in this page's life, oldest first (tests). */
export function identifiedMembers(): readonly string[] {
  return recorded;
}
