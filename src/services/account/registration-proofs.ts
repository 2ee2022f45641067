import { MAX_REGISTRATION_PROOFS } from '../../contract/auth';
import { browserStorage, ONE_DAY_MS, readExpiring, removeValue, writeExpiring } from './persisted-values';

/**
 * Registration proofs: `register` answers one, and the browser that registered sends it back with the
 * activation link, so the password chosen at registration is set without asking for it again. Kept in
 * localStorage (the link is often opened in another tab), one key per email: registering the same email
 * again replaces the proof, as it replaces the link. Only the registering browser has it: whoever else
 * opens the link (the mailbox's owner, when someone else registered their email) is asked for that
 * password or activates without it.
 */
const KEY_PREFIX = 'registrationProof:';
/** As long as the activation link works. */
const LIFETIME_MS = 7 * ONE_DAY_MS;

export function keepRegistrationProof(email: string, proof: string, now: number = Date.now(), storage: Storage | null = browserStorage()): void {
  writeExpiring(`${KEY_PREFIX}${email.trim().toLowerCase()}`, proof, LIFETIME_MS, now, storage);
}

function proofKeys(storage: Storage | null): string[] {
  const keys: string[] = [];
  try {
    for (let index = 0; storage && index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(KEY_PREFIX)) keys.push(key);
    }
  } catch {
    // Blocked storage holds no proofs.
  }
  return keys;
}

/** The proofs this browser keeps (expired ones are dropped), at most as many as the BFF takes. */
export function registrationProofs(now: number = Date.now(), storage: Storage | null = browserStorage()): string[] {
  return proofKeys(storage)
    .map((key) => readExpiring(key, now, storage))
    .filter((proof): proof is string => typeof proof === 'string')
    .slice(0, MAX_REGISTRATION_PROOFS);
}

/** Forgets a proof once its activation used it (the others stay for their own links). */
export function forgetRegistrationProof(proof: string, now: number = Date.now(), storage: Storage | null = browserStorage()): void {
  for (const key of proofKeys(storage)) {
    if (readExpiring(key, now, storage) === proof) removeValue(key, storage);
  }
}
