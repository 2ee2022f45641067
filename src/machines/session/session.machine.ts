import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { expiryDelayOf, loginStateOf, refreshDelayOf, tokenProblem } from '../../services/account/token';
import type { AppSessionEvent, LoadMemberInput, SessionContext, SessionEmitted, SessionEndReason, SessionEvent, SessionInput, SessionMember, SessionTag } from './session.types';

/**
 * Tells the app's actor system (src/machines/app) what happened to the session, so the other flows can
 * follow; a session run on its own (tests, the server's render) has no app to tell.
 */
function tellApp(system: { get: (systemId: string) => AnyActorRef | undefined }, enqueue: { sendTo: (to: AnyActorRef, event: AppSessionEvent) => void }, event: AppSessionEvent) {
  const app = system.get('app');
  if (app) enqueue.sendTo(app, event);
}

/** setTimeout's largest delay (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** After a failed refresh, try again this often while the token has not expired. */
export const REFRESH_RETRY_MS = 15_000;

const clampTimer = (ms: number | null) => Math.min(ms ?? MAX_TIMER_MS, MAX_TIMER_MS);

/** The token an event carries, if any (restore, received, refreshed, or an actor's output). */
function tokenOf(event: { type: string }): string | null {
  if ('token' in event && typeof event.token === 'string') return event.token;
  if ('output' in event && typeof event.output === 'string') return event.output;
  return null;
}

/**
 * The visitor's session (spec sections 4 and 6): signed out until the browser has read the stored token,
 * then signed in while a valid token (one with an `sso` claim, not expired) is held. While signed in, two
 * regions run side by side: the member's profile and status are loaded, and the access token is renewed
 * shortly before it expires (see services/account/requests.ts for the whole refresh design).
 *
 * Pages are rendered on the server first: the session starts in `idle` on both sides and shows as signed
 * out; the browser sends `session.restore` after it has taken the page over.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
    tags: {} as SessionTag,
  },
  actors: {
    /** Profile and status of the signed-in member (authenticated queries). */
    loadMember: fromPromise<SessionMember, LoadMemberInput>(() => Promise.reject(new Error('loadMember is not provided'))),
    /** A new access token from the refresh route (cookie-based). */
    refreshToken: fromPromise<string>(() => Promise.reject(new Error('refreshToken is not provided'))),
    /** Ends the session on the BFF. */
    logout: fromPromise<null, { token: string | null }>(() => Promise.resolve(null)),
  },
  guards: {
    isTokenValid: ({ context, event }) => tokenProblem(tokenOf(event), context.now()) === null,
    /** Signed by us for a session (has `sso`) but expired: the refresh cookie may still renew it. */
    isTokenRenewable: ({ context, event }) => tokenProblem(tokenOf(event), context.now()) === 'expired',
    /** A stored token longer than 10 characters means an existing account (spec section 4). */
    hasExistingAccount: ({ event }) => loginStateOf(tokenOf(event)) === 'existing_account',
    /** The token is known to expire: it gets refreshed before. */
    tokenExpires: ({ context }) => expiryDelayOf(context.token, context.now()) !== null,
    /** Time is left to try the refresh once more before the token expires. */
    hasTimeToRetry: ({ context }) => (expiryDelayOf(context.token, context.now()) ?? MAX_TIMER_MS) > REFRESH_RETRY_MS,
  },
  delays: {
    refreshDelay: ({ context }) => clampTimer(refreshDelayOf(context.token, context.now())),
    expiryDelay: ({ context }) => clampTimer(expiryDelayOf(context.token, context.now())),
    refreshRetry: REFRESH_RETRY_MS,
  },
  actions: {
    /** A valid token is stored and the login dialog closes (spec section 4, token validity). */
    acceptToken: enqueueActions(({ context, event, enqueue, system }) => {
      const token = tokenOf(event);
      if (token === null) return;
      // Side effects are enqueued: the callback itself also runs when paths are computed without an actor.
      enqueue(() => context.store.writeToken(token));
      enqueue.assign({ token });
      enqueue.emit({ type: 'session.signedIn', token });
      tellApp(system, enqueue, { type: 'session.signedIn' });
    }),
    /** A renewed access token replaces the old one; the member stays signed in. */
    storeRenewedToken: enqueueActions(({ context, event, enqueue }) => {
      const token = tokenOf(event);
      if (token === null) return;
      enqueue(() => context.store.writeToken(token));
      enqueue.assign({ token });
    }),
    /** An invalid token is logged and otherwise ignored (spec section 4). */
    rejectToken: enqueueActions(({ context, event, enqueue }) => {
      const problem = tokenProblem(tokenOf(event), context.now()) ?? 'malformed';
      enqueue(() => context.report(new Error(`Session token rejected: ${problem}`), 'session'));
      enqueue.emit({ type: 'token.rejected', problem });
    }),
    /** No token, or logout: the session data is cleared (spec section 4). */
    endSession: enqueueActions(({ context, enqueue, system }, params: { reason: SessionEndReason }) => {
      enqueue(() => context.store.clear());
      enqueue.assign({ token: null, member: null });
      enqueue.emit({ type: 'session.ended', reason: params.reason });
      tellApp(system, enqueue, { type: 'session.ended', reason: params.reason });
    }),
    setMember: assign(({ event }) => ('output' in event ? { member: event.output as SessionMember } : {})),
    /** The app hears that the member is known (or could not be loaded): flows waiting for them go on. */
    tellAppMemberKnown: enqueueActions(({ context, enqueue, system }) => {
      tellApp(system, enqueue, { type: 'session.memberKnown', member: context.member });
    }),
    persistMember: ({ context }) => {
      if (!context.member) return;
      context.store.writeMember({ profile: context.member.profile, level: context.member.status.dailypointStatus.reward_level });
    },
    identify: emit(({ context }) => ({ type: 'identify' as const, memberGuid: context.member?.profile.Guid ?? '' })),
    reportMemberFailure: ({ context, event }) => context.report('error' in event ? event.error : event, 'session: member'),
    reportRefreshFailure: ({ context, event }) => context.report('error' in event ? event.error : new Error('The refreshed token is not valid'), 'session: refresh'),
  },
}).createMachine({
  id: 'session',
  description: 'Who is signed in: the session token, the member it belongs to, and keeping the token fresh.',
  context: ({ input }) => ({ token: null, member: null, store: input.store, now: input.now, report: input.report }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Rendered (on the server, or in the browser before it read storage): shown as signed out.',
      tags: ['signedOut', 'restoring'],
      on: {
        'session.restore': [
          { guard: 'isTokenValid', target: 'signedIn', actions: 'acceptToken' },
          { guard: 'isTokenRenewable', target: 'renewing' },
          { guard: 'hasExistingAccount', target: 'signedOut', actions: ['rejectToken', { type: 'endSession', params: { reason: 'invalid_token' } }] },
          { target: 'signedOut', actions: { type: 'endSession', params: { reason: 'no_token' } } },
        ],
        'token.received': [{ guard: 'isTokenValid', target: 'signedIn', actions: 'acceptToken' }, { actions: 'rejectToken' }],
      },
    },
    renewing: {
      description: 'The stored token has expired: the refresh cookie is asked for a new one before the member shows as signed in.',
      tags: ['signedOut', 'restoring'],
      invoke: {
        id: 'renewToken',
        src: 'refreshToken',
        onDone: [
          { guard: 'isTokenValid', target: 'signedIn', actions: 'acceptToken' },
          { target: 'signedOut', actions: ['reportRefreshFailure', { type: 'endSession', params: { reason: 'renewal_failed' } }] },
        ],
        onError: { target: 'signedOut', actions: { type: 'endSession', params: { reason: 'renewal_failed' } } },
      },
      on: {
        'token.received': [{ guard: 'isTokenValid', target: 'signedIn', actions: 'acceptToken' }, { actions: 'rejectToken' }],
      },
    },
    signedOut: {
      description: 'No member: the session data is cleared; a sign-in or a token link signs a member in.',
      tags: ['signedOut'],
      on: {
        'token.received': [{ guard: 'isTokenValid', target: 'signedIn', actions: 'acceptToken' }, { actions: 'rejectToken' }],
      },
    },
    signedIn: {
      description: 'A member holds a valid token: their profile and status load, and the token is renewed before it expires.',
      tags: ['signedIn'],
      type: 'parallel',
      on: {
        logout: 'signingOut',
        'session.unauthorized': { target: 'signedOut', actions: { type: 'endSession', params: { reason: 'unauthorized' } } },
        // Another member's (or a newer) token: the session starts again with it.
        'token.received': [{ guard: 'isTokenValid', target: 'signedIn', reenter: true, actions: 'acceptToken' }, { actions: 'rejectToken' }],
      },
      states: {
        member: {
          description: 'The member’s profile and status.',
          initial: 'loading',
          states: {
            loading: {
              description: 'Profile and status are being loaded.',
              tags: ['memberLoading'],
              invoke: {
                id: 'loadMember',
                src: 'loadMember',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: { target: 'loaded', actions: ['setMember', 'persistMember', 'identify', 'tellAppMemberKnown'] },
                onError: { target: 'failed', actions: ['reportMemberFailure', 'tellAppMemberKnown'] },
              },
            },
            loaded: {
              description: 'Profile and status are known (and kept for the next visit).',
              on: { 'member.reload': 'loading' },
            },
            failed: {
              description: 'Profile or status could not be loaded; the member stays signed in.',
              on: { 'member.reload': 'loading' },
            },
          },
        },
        refresh: {
          description: 'Keeps the access token fresh.',
          initial: 'waiting',
          on: {
            // From the region to its own child: only this region's state is left and entered again (the
            // timer starts over); `reenter` would leave the whole parallel state and reload the member.
            'token.refreshed': [{ guard: 'isTokenValid', target: '.waiting', actions: 'storeRenewedToken' }, { actions: 'rejectToken' }],
          },
          states: {
            waiting: {
              description: 'Waits until shortly before the token expires.',
              after: { refreshDelay: { guard: 'tokenExpires', target: 'refreshing' } },
            },
            refreshing: {
              description: 'Asks the refresh route for a new access token.',
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                onDone: [
                  { guard: 'isTokenValid', target: 'waiting', actions: 'storeRenewedToken' },
                  { target: 'expiring', actions: 'reportRefreshFailure' },
                ],
                onError: { target: 'expiring', actions: 'reportRefreshFailure' },
              },
            },
            expiring: {
              description: 'The refresh failed: it is tried again while the token lasts; when it expires, the session ends.',
              after: {
                refreshRetry: { guard: 'hasTimeToRetry', target: 'refreshing' },
                expiryDelay: { target: '#session.signedOut', actions: { type: 'endSession', params: { reason: 'expired' } } },
              },
            },
          },
        },
      },
    },
    signingOut: {
      description: 'The BFF ends the session everywhere; the local data is cleared whatever it answers.',
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'signedOut', actions: { type: 'endSession', params: { reason: 'logout' } } },
        onError: { target: 'signedOut', actions: { type: 'endSession', params: { reason: 'logout' } } },
      },
    },
  },
});
