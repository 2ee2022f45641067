// @vitest-environment-options {"url": "https://www.example.com/"}
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, setup, waitFor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { MEMBER_PROFILE } from '../../../test/auth/members';
import { flushPromises } from '../../../test/model-based/harness';
import { fakeToken } from '../../../test/auth/tokens';
import { MAIN_NEWSLETTER_ID } from '../../contract/auth';
import type { MemberProfile } from '../../contract/auth';
import { createAuthChannel } from '../../services/account/auth-channel';
import { memberNewslettersQuery, memberPreferencesQuery, memberProfileQuery } from '../../services/account/queries';
import type { AuthAccess } from '../../services/bff/request';
import { chooseConsent } from '../../services/consent/consent';
import { hotelQuery } from '../../services/content/queries';
import { SEEN_MESSAGES_KEY, targetedMessagesQuery } from '../../services/content/targeted-messages';
import { MEMBER_STATUSES, NON_MEMBER_STATUSES, targetedMessage } from './targeted.fixtures';
import { createLiveTargetedLogic } from './targeted.live';

/*
 * The flow's live bindings in an actor system with a session: the visitor is read only once the session
 * is known (restored, and a member's profile in), through the member queries; the page's brand comes
 * with its hotel; the messages arrive sanitised; storage and consent are the browser's.
 */

/** A session as the app's: restoring, then (for a member) loading their profile, then known. */
const sessionStandIn = setup({ types: { tags: {} as 'restoring' | 'memberLoading', events: {} as { type: 'restored' } | { type: 'memberLoaded' } } }).createMachine({
  initial: 'restoring',
  states: {
    restoring: { tags: ['restoring'], on: { restored: 'memberLoading' } },
    memberLoading: { tags: ['memberLoading'], on: { memberLoaded: 'known' } },
    known: {},
  },
});

const profile: MemberProfile = { ...MEMBER_PROFILE, address: { street: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', countryCode: 'DE', text: 'Hauptstraße 1, 10115 Berlin' } };

const POPUP = targetedMessage(1, { body: '<p>Hello<script>window.__pwned = true</script></p>' });

function startSystem({ member }: { member: boolean }) {
  const queryClient = new QueryClient();
  const access: AuthAccess = { token: fakeToken({ sub: 'm1', sso: 'sso-m1', exp: 4_000_000_000 }), channel: createAuthChannel(() => Promise.reject(new Error('no refresh'))) };
  queryClient.setQueryData(targetedMessagesQuery('en').queryKey, [POPUP]);
  queryClient.setQueryData(memberProfileQuery(access).queryKey, profile);
  queryClient.setQueryData(memberPreferencesQuery(access, 'en').queryKey, [{ name: 'wellness', label: 'Wellness', active: true }]);
  queryClient.setQueryData(memberNewslettersQuery(access, 'en').queryKey, [{ name: MAIN_NEWSLETTER_ID, label: 'News', active: true, dailypointId: 'n1' }]);
  queryClient.setQueryData(hotelQuery('en', 'BER01').queryKey, { brand: { code: 'ZZ' } } as never); // only the brand is read
  const targeted = createLiveTargetedLogic({ queryClient, access: () => (member ? access : null) });
  const root = setup({ actors: { session: sessionStandIn, targeted } }).createMachine({
    invoke: [
      { id: 'session', systemId: 'session', src: 'session' },
      { id: 'targeted', systemId: 'targeted', src: 'targeted', input: { pathname: '/en/hotels/BER01', locale: 'en', now: () => Date.now() } },
    ],
  });
  const app = createActor(root).start();
  return {
    app,
    session: app.system.get('session') as ActorRefFrom<typeof sessionStandIn>,
    flow: app.system.get('targeted') as ActorRefFrom<typeof targeted>,
  };
}


beforeEach(() => {
  localStorage.clear();
  chooseConsent(['targetedMessages', 'analytics']);
});

afterEach(() => localStorage.clear());

describe('the targeted flow’s live bindings', () => {
  it('reads the visitor only once the session is known, then as the member they are', async () => {
    const { app, session, flow } = startSystem({ member: true });
    await flushPromises();
    expect(flow.getSnapshot().context.page).toMatchObject({ hotelCode: 'BER01', brandCode: 'ZZ' });
    expect(flow.getSnapshot().context.visitor).toBeNull();
    session.send({ type: 'restored' });
    await flushPromises();
    expect(flow.getSnapshot().context.visitor).toBeNull();
    session.send({ type: 'memberLoaded' });
    await waitFor(flow, (snapshot) => snapshot.hasTag('ready'));
    expect(flow.getSnapshot().context.visitor).toEqual({ device: 'desktop', statuses: MEMBER_STATUSES, trackingConsent: true, messagesConsent: true });
    app.stop();
  });

  it('judges a guest as a non-member, and hands on the messages sanitised', async () => {
    const { app, session, flow } = startSystem({ member: false });
    session.send({ type: 'restored' });
    session.send({ type: 'memberLoaded' });
    await waitFor(flow, (snapshot) => snapshot.hasTag('ready'));
    expect(flow.getSnapshot().context.visitor?.statuses).toEqual(NON_MEMBER_STATUSES);
    expect(flow.getSnapshot().context.messages?.[0]?.attributes.body).toBe('<p>Hello</p>');
    app.stop();
  });

  it('keeps closed ids with consent, and hears of consent changes', async () => {
    const { app, session, flow } = startSystem({ member: false });
    session.send({ type: 'restored' });
    session.send({ type: 'memberLoaded' });
    await waitFor(flow, (snapshot) => snapshot.context.current !== null);
    flow.send({ type: 'message.close' });
    expect(localStorage.getItem(SEEN_MESSAGES_KEY)).toBe('[1]');
    chooseConsent(['targetedMessages']);
    expect(flow.getSnapshot().context.visitor?.trackingConsent).toBe(false);
    app.stop();
  });
});
