import { afterEach, beforeEach, vi } from 'vitest';
import type { MemberProfile } from '../../src/contract/auth';
import { MEMBER_PROFILE } from '../auth/members';
import { validToken } from '../auth/tokens';
import type { BffHandler } from './render-app';

/**
 * A signed-in demo member as the member area's view tests meet her: her token (to store before the app
 * renders), and the BFF's answers for her profile and status, with more routes answered by `routes`
 * (path after /bff, e.g. '/members/bookings'); anything else is left to renderApp's defaults.
 */
export const MEMBER_SUBJECT = 'guid-anna';

export const memberToken = () => validToken(Date.now(), { sub: MEMBER_SUBJECT });

/** The machine tests' member (test/auth/members.ts) under the name the member area's tests greet. */
export const memberProfile: MemberProfile = { ...MEMBER_PROFILE, Guid: MEMBER_SUBJECT, email: 'anna@example.com', firstName: 'Anna', lastName: 'Schmidt' };

export type MemberRoutes = Record<string, { status?: number; body: unknown } | ((url: URL, init?: RequestInit) => { status?: number; body: unknown })>;

export function signedInMemberBff(routes: MemberRoutes = {}): BffHandler {
  return (url, init) => {
    const route = routes[url.pathname.replace(/^\/bff/, '')];
    if (route) return typeof route === 'function' ? route(url, init) : route;
    switch (url.pathname) {
      case '/bff/auth/providers':
        return { body: { data: [] } };
      case '/bff/members/profile':
        return { body: { data: memberProfile } };
      case '/bff/members/status':
        return { body: { data: { dailypointStatus: { reward_level: 'DB', rewards_points: 12_500 }, strapiStatus: { crs_id: null } } } };
      default:
        return undefined;
    }
  };
}

/** Each test of the file starts with the member signed in (her token stored) and ends with nothing stored. */
export function startEachTestSignedIn(): void {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', memberToken());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

