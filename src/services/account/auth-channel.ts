/**
 * How authenticated requests talk to the session actor without importing it (services never import
 * machines): a small publish/subscribe channel, one per app (the session provider makes it).
 *
 * - `unauthorized`: a request that carried the bearer token was answered 401 even after one refresh: the
 *   session logs out (spec section 4, authenticated queries).
 * - `token.refreshed`: a request renewed the access token on its own (after a 401): the session stores it.
 */
export type AuthChannelEvent = { type: 'unauthorized' } | { type: 'token.refreshed'; token: string };

export interface AuthChannel {
  emit(event: AuthChannelEvent): void;
  subscribe(listener: (event: AuthChannelEvent) => void): () => void;
  /**
   * A new access token from the refresh route. Concurrent callers (several queries answered 401 at once,
   * and the session's own timer) share one request: refresh tokens are single use on the BFF, so a second
   * parallel refresh would be taken for a stolen token and end the session.
   */
  refresh(): Promise<string>;
}

export function createAuthChannel(refreshAccessToken: () => Promise<string>): AuthChannel {
  const listeners = new Set<(event: AuthChannelEvent) => void>();
  let pending: Promise<string> | null = null;
  return {
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    refresh() {
      pending ??= refreshAccessToken().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}
