import { readStoredToken } from './persisted-values';
import { isValidToken, refreshDelayOf } from './token';

/**
 * Runs `task` while holding a lock shared by every tab of the site (the Web Locks API); where the API is
 * missing, at once.
 */
export async function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return task();
  return (await locks.request(name, task)) as T;
}

/**
 * A refresh that tabs take in turn. The BFF's refresh token (a cookie all tabs share) is single use: two
 * tabs refreshing at the same moment would present the same token twice, which the BFF takes for theft
 * and answers by revoking the session. Under the lock, a tab that waited finds the token another tab has
 * just stored and uses it instead of refreshing again.
 */
export function refreshAcrossTabs(refresh: () => Promise<string>, now: () => number = Date.now): () => Promise<string> {
  return () => {
    const before = readStoredToken();
    return withTabLock('hotel-group-auth-refresh', async () => {
      const stored = readStoredToken();
      const renewedMeanwhile = stored !== null && stored !== before && isValidToken(stored, now()) && (refreshDelayOf(stored, now()) ?? 1) > 0;
      return renewedMeanwhile ? stored : refresh();
    });
  };
}
