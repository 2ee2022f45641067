import * as v from 'valibot';
import { MemberProfileSchema } from '../../contract/auth';
import type { MemberProfile } from '../../contract/auth';
import { forgetMemberCheckoutDrafts, sessionStore } from '../booking/checkout-drafts';
import { writeMemberHint } from './member-hint';

/**
 * Values the browser keeps between visits (spec section 3, persisted client values), in localStorage.
 * Only tokens and session data are kept (architecture, security checklist); nothing here is read while a
 * page renders: the server has no storage, and the first browser render must match the server's.
 */
export const PERSISTED_KEYS = {
  /** The session token, as the raw string (spec section 3: "The token is stored under key token"). */
  token: 'token',
  memberLevel: 'memberLevel',
  profile: 'profile',
  /** The guid and token of a member who has just registered. */
  newMemberGuid: 'newMemberGuid',
  newMemberToken: 'newMemberToken',
  /** Extras a guest entered (booking details kept for the next visit); cleared with the session. */
  guestExtras: 'guestExtras',
  /** The cart (cart-related state of spec section 4); the booking flow writes it under this key. */
  cartId: 'cartId',
  /** Whether the sign-in prompt was shown; expires after one day. */
  loginShown: 'loginShown',
  /** Whether the member was identified to analytics; expires after one day. */
  identifyTracked: 'identifyTracked',
} as const;

export const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/** Lifetimes the spec gives (section 9). */
export const PERSISTED_LIFETIMES_MS = {
  loginShown: ONE_DAY_MS,
  identifyTracked: ONE_DAY_MS,
} as const;

/** The browser's localStorage, or null on the server and where storage is blocked. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readValue(key: string, storage: Storage | null = browserStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeValue(key: string, value: string, storage: Storage | null = browserStorage()): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value lives for this page only, which is no worse than private mode.
  }
}

export function removeValue(key: string, storage: Storage | null = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

const ExpiringSchema = v.object({ value: v.unknown(), expiresAt: v.number() });

/** Writes a value that is ignored (and dropped) once `ttlMs` has passed. */
export function writeExpiring(key: string, value: unknown, ttlMs: number, now: number, storage: Storage | null = browserStorage()): void {
  writeValue(key, JSON.stringify({ value, expiresAt: now + ttlMs }), storage);
}

/** A value written by writeExpiring, or null when absent, unreadable or expired (an expired one is removed). */
export function readExpiring(key: string, now: number, storage: Storage | null = browserStorage()): unknown {
  const raw = readValue(key, storage);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const entry = v.safeParse(ExpiringSchema, parsed);
  if (!entry.success || entry.output.expiresAt <= now) {
    removeValue(key, storage);
    return null;
  }
  return entry.output.value;
}

/** A flag kept for a while (login shown, identify tracked: one day each). */
export function isFlagSet(key: string, now: number, storage: Storage | null = browserStorage()): boolean {
  return readExpiring(key, now, storage) === true;
}

export function setFlag(key: string, ttlMs: number, now: number, storage: Storage | null = browserStorage()): void {
  writeExpiring(key, true, ttlMs, now, storage);
}

// ---------- the session's values ----------

export function readStoredToken(storage: Storage | null = browserStorage()): string | null {
  return readValue(PERSISTED_KEYS.token, storage);
}

/** The profile kept from the last visit, or null when absent or no longer in the contract's shape. */
export function readStoredProfile(storage: Storage | null = browserStorage()): MemberProfile | null {
  const raw = readValue(PERSISTED_KEYS.profile, storage);
  if (raw === null) return null;
  try {
    const parsed = v.safeParse(MemberProfileSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function readStoredLevel(storage: Storage | null = browserStorage()): string | null {
  return readValue(PERSISTED_KEYS.memberLevel, storage);
}

/** What the session machine writes and clears (its `store` input); tests pass an in-memory one. */
export interface SessionPersistence {
  writeToken(token: string): void;
  writeMember(member: { profile: MemberProfile; level: string | null }): void;
  /**
   * Clears the session data of spec section 4 (no token, or logout): token, level, profile, guest
   * extras, the new member's values and the cart-related state, a member's check-out drafts included.
   */
  clear(): void;
}

export function browserSessionPersistence(storage: () => Storage | null = browserStorage, tabStorage: () => Storage | null = sessionStore): SessionPersistence {
  return {
    writeToken: (token) => {
      writeValue(PERSISTED_KEYS.token, token, storage());
      writeMemberHint(true);
    },
    writeMember: ({ profile, level }) => {
      writeValue(PERSISTED_KEYS.profile, JSON.stringify(profile), storage());
      if (level === null) removeValue(PERSISTED_KEYS.memberLevel, storage());
      else writeValue(PERSISTED_KEYS.memberLevel, level, storage());
    },
    clear: () => {
      const store = storage();
      for (const key of [
        PERSISTED_KEYS.token,
        PERSISTED_KEYS.memberLevel,
        PERSISTED_KEYS.profile,
        PERSISTED_KEYS.guestExtras,
        PERSISTED_KEYS.newMemberGuid,
        PERSISTED_KEYS.newMemberToken,
        PERSISTED_KEYS.cartId,
      ]) {
        removeValue(key, store);
      }
      // The check-out drafts of a member (this tab's sessionStorage) go with the session, wherever it ended.
      forgetMemberCheckoutDrafts(tabStorage());
      writeMemberHint(false);
    },
  };
}
