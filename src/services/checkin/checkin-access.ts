import { CHECKIN_ACCESS_HEADER } from '../../contract/checkin';
import { sessionStore } from '../booking/checkout-drafts';

/**
 * Stay access keys (decision records 0053 and 0057): what opens a guest's check-in with its id, on the
 * model of the order access keys (services/booking/order-access.ts). Kept per check-in in sessionStorage,
 * so only this tab has them and they are gone when it closes (a later visit opens the check-in again
 * through the mail's link or the lookup), and sent only in the X-Stay-Access request header, never in an
 * address.
 */
const PREFIX = 'stayAccess:';
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const KEY_PATTERN = /^[\w.-]{1,400}$/;

/** Keeps the key of the check-in with this id. */
export function rememberCheckinAccess(checkinId: string, key: string, storage: Storage | null = sessionStore()): void {
  if (!ID_PATTERN.test(checkinId) || !KEY_PATTERN.test(key)) return;
  try {
    storage?.setItem(`${PREFIX}${checkinId}`, key);
  } catch {
    // Storage full or blocked: the check-in opens through the mail's link or the lookup instead.
  }
}

export function checkinAccessKey(checkinId: string, storage: Storage | null = sessionStore()): string | null {
  try {
    const key = storage?.getItem(`${PREFIX}${checkinId}`) ?? null;
    return key !== null && KEY_PATTERN.test(key) ? key : null;
  } catch {
    return null;
  }
}

/** The header that carries the check-in's key, when this tab has one. */
export function checkinAccessHeaders(checkinId: string, storage: Storage | null = sessionStore()): Record<string, string> {
  const key = checkinAccessKey(checkinId, storage);
  return key === null ? {} : { [CHECKIN_ACCESS_HEADER]: key };
}
