import { LOOPBACK_HOSTNAMES } from '../middleware/security-headers';
import type { AuthSettings } from './settings';

/** The name authenticators show beside a passkey of this site. */
export const RELYING_PARTY_NAME = 'H Rewards';

/** Where passkeys are made and used: the RP ID they are bound to, and the one origin allowed to use them. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party of a request (decision record 0048). With PUBLIC_URL (production, and development
 * through the Vite server): its host is the RP ID and its origin the only origin, unless it is a loopback
 * address: then the loopback name the request was addressed to, as in the demo. In the demo without
 * PUBLIC_URL, the loopback name the request was addressed to (as links and the card form follow it,
 * decision 0030); the Host header is the client's, so only loopback names are taken from it. Otherwise
 * (production without PUBLIC_URL, or the demo reached by another name) undefined: no passkeys there.
 */
export function relyingPartyOf(settings: Pick<AuthSettings, 'publicUrl' | 'production'>, requestUrl: string): RelyingParty | undefined {
  const request = URL.parse(requestUrl);
  const loopbackRequest = request && LOOPBACK_HOSTNAMES.includes(request.hostname) ? { id: request.hostname, origin: request.origin } : undefined;
  if (settings.publicUrl) {
    const url = new URL(settings.publicUrl);
    // A public URL on this machine (127.0.0.1, say) is reached by every loopback name alike; browsers refuse
    // an IP address as RP ID, so a request by `localhost` makes passkeys work there.
    if (LOOPBACK_HOSTNAMES.includes(url.hostname) && loopbackRequest) return loopbackRequest;
    return { id: url.hostname, origin: url.origin };
  }
  if (settings.production) return undefined;
  return loopbackRequest;
}
