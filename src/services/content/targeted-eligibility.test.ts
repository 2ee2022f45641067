import { describe, expect, it } from 'vitest';
import type { TargetedMessage } from '../../contract/content';
import {
  derivedStatuses,
  type EligibilityContext,
  isDevelopmentHost,
  isEligible,
  type MemberStatuses,
  pickMessage,
} from './targeted-eligibility';
import { targetedMessage } from './targeted-messages.fixtures';

type Attributes = TargetedMessage['attributes'];

const message = (attributes: Partial<Attributes> = {}, id = 1): TargetedMessage => targetedMessage(id, attributes);

const NON_MEMBER: MemberStatuses = {
  memberType: 'non-member',
  addressStatus: 'incomplete',
  preferencesStatus: 'not-selected',
  notificationsStatus: 'not-subscribed',
};
const MEMBER: MemberStatuses = { memberType: 'member', addressStatus: 'complete', preferencesStatus: 'selected', notificationsStatus: 'subscribed' };

const NOW = new Date('2026-03-10T12:00:00.000Z');

function context(overrides: Partial<EligibilityContext> = {}): EligibilityContext {
  return {
    pathname: '/en/find-a-hotel',
    locale: 'en',
    brandCode: null,
    hotelCode: null,
    isPrivateOffer: false,
    now: NOW,
    device: 'desktop',
    statuses: NON_MEMBER,
    trackingConsent: true,
    messagesConsent: true,
    host: 'www.example.com',
    seenIds: [],
    ...overrides,
  };
}

const urls = (...patterns: string[]) => ({ brands: [], hotels: [], urls: patterns });

type Row = [why: string, attributes: Partial<Attributes>, overrides: Partial<EligibilityContext>, eligible: boolean];

describe('isEligible', () => {
  const rows: Row[] = [
    ['no targets and every filter on all: shown', {}, {}, true],

    // Brand targets
    ['brand target matches the page brand', { targets: { brands: ['pure', 'nova'], hotels: [], urls: [] } }, { brandCode: 'nova' }, true],
    ['brand target misses another brand', { targets: { brands: ['pure'], hotels: [], urls: [] } }, { brandCode: 'nova' }, false],
    ['brand target misses a page without a brand', { targets: { brands: ['pure'], hotels: [], urls: [] } }, { brandCode: null }, false],

    // Hotel targets
    ['hotel target matches the page hotel', { targets: { brands: [], hotels: ['BER1'], urls: [] } }, { hotelCode: 'BER1' }, true],
    ['hotel target misses another hotel', { targets: { brands: [], hotels: ['BER1'], urls: [] } }, { hotelCode: 'MUC2' }, false],
    ['hotel target misses a page without a hotel', { targets: { brands: [], hotels: ['BER1'], urls: [] } }, {}, false],
    [
      'brand and hotel targets must both match',
      { targets: { brands: ['pure'], hotels: ['BER1'], urls: [] } },
      { brandCode: 'nova', hotelCode: 'BER1' },
      false,
    ],

    // URL targets (regex, case-insensitive, slashes stripped, invalid never matches)
    ['url target matches the path without its locale', { targets: urls('find-a-hotel') }, {}, true],
    ['url target matches a path given without locale', { targets: urls('find-a-hotel') }, { pathname: '/find-a-hotel' }, true],
    ['url target is case-insensitive', { targets: urls('/FIND-A-HOTEL/') }, { pathname: '/de/Find-A-Hotel/', locale: 'de' }, true],
    ['url target misses another page', { targets: urls('find-a-hotel') }, { pathname: '/en/brands/pure' }, false],
    ['url target as a regular expression', { targets: urls('hotels/[A-Z0-9]+') }, { pathname: '/en/hotels/BER1' }, true],
    ['any of several url targets', { targets: urls('brands/.*', 'find-a-hotel') }, {}, true],
    ['an invalid url pattern never matches', { targets: urls('find-a-(hotel') }, {}, false],
    ['an empty url target is the home page only', { targets: urls('') }, { pathname: '/en' }, true],
    ['the home page target misses other pages', { targets: urls('') }, {}, false],

    // Excluded pages
    ['an excluded page hides the message', { excludedPages: ['/find-a-hotel'] }, {}, false],
    ['excluded link with locale, trailing slash and capitals', { excludedPages: ['/EN/Find-A-Hotel/'] }, {}, false],
    ['excluded absolute link with query', { excludedPages: ['https://www.example.com/de/find-a-hotel?x=1'] }, {}, false],
    ['another excluded page leaves this one alone', { excludedPages: ['/brands/pure'] }, {}, true],
    ['an excluded page is the whole path, not a prefix', { excludedPages: ['/find'] }, {}, true],

    // Private offers and system pages
    ['not on a private offer', {}, { isPrivateOffer: true }, false],
    ['not on account pages', {}, { pathname: '/en/account/overview' }, false],
    ['not on booking pages', {}, { pathname: '/en/booking/check-out' }, false],
    ['not on /checkin', {}, { pathname: '/en/checkin' }, false],
    ['not on check-in steps', {}, { pathname: '/en/checkin/personal-details' }, false],
    ['not on checkout pages', {}, { pathname: '/en/checkout/redirect' }, false],
    ['not on system pages even when a url target names them', { targets: urls('checkin') }, { pathname: '/checkin' }, false],
    ['a page merely containing a system word is not a system page', {}, { pathname: '/en/brands/booking-club' }, true],

    // Countdown
    ['a running countdown shows', { isCountdown: true, countdownDate: '2026-03-10T12:00:01.000Z' }, {}, true],
    ['an expired countdown hides', { isCountdown: true, countdownDate: '2026-03-10T11:59:59.000Z' }, {}, false],
    ['a countdown ending exactly now has expired', { isCountdown: true, countdownDate: '2026-03-10T12:00:00.000Z' }, {}, false],
    ['a past date without a countdown is ignored', { isCountdown: false, countdownDate: '2020-01-01T00:00:00.000Z' }, {}, true],

    // Device filter
    ['device mobile on mobile', { deviceType: 'mobile' }, { device: 'mobile' }, true],
    ['device mobile on desktop', { deviceType: 'mobile' }, { device: 'desktop' }, false],
    ['device desktop on mobile', { deviceType: 'desktop' }, { device: 'mobile' }, false],

    // Member filter
    ['members only, for a member', { memberType: 'member' }, { statuses: MEMBER }, true],
    ['members only, for a non-member', { memberType: 'member' }, { statuses: NON_MEMBER }, false],
    ['non-members only, for a member', { memberType: 'non-member' }, { statuses: MEMBER }, false],
    ['non-members only, for a non-member', { memberType: 'non-member' }, { statuses: NON_MEMBER }, true],

    // Address filter
    ['address complete wanted, complete', { memberAddressStatus: 'complete' }, { statuses: MEMBER }, true],
    ['address complete wanted, incomplete', { memberAddressStatus: 'complete' }, { statuses: { ...MEMBER, addressStatus: 'incomplete' } }, false],
    ['address incomplete wanted, complete', { memberAddressStatus: 'incomplete' }, { statuses: MEMBER }, false],

    // Preferences filter
    ['preferences selected wanted, selected', { memberPreferencesStatus: 'selected' }, { statuses: MEMBER }, true],
    [
      'preferences selected wanted, none selected',
      { memberPreferencesStatus: 'selected' },
      { statuses: { ...MEMBER, preferencesStatus: 'not-selected' } },
      false,
    ],
    ['preferences not selected wanted, selected', { memberPreferencesStatus: 'not-selected' }, { statuses: MEMBER }, false],

    // Newsletter filter
    ['newsletter subscribed wanted, subscribed', { memberNotificationsStatus: 'subscribed' }, { statuses: MEMBER }, true],
    [
      'newsletter subscribed wanted, not subscribed',
      { memberNotificationsStatus: 'subscribed' },
      { statuses: { ...MEMBER, notificationsStatus: 'not-subscribed' } },
      false,
    ],
    ['newsletter not subscribed wanted, subscribed', { memberNotificationsStatus: 'not-subscribed' }, { statuses: MEMBER }, false],

    // Tracking consent
    ['without consent, an all-"all" message still shows', {}, { trackingConsent: false }, true],
    ['without consent, a device filter hides it', { deviceType: 'desktop' }, { trackingConsent: false }, false],
    ['without consent, a member filter hides it', { memberType: 'non-member' }, { trackingConsent: false }, false],
    ['without consent, an address filter hides it', { memberAddressStatus: 'incomplete' }, { trackingConsent: false }, false],
    ['without consent, a preferences filter hides it', { memberPreferencesStatus: 'not-selected' }, { trackingConsent: false }, false],
    ['without consent, a newsletter filter hides it', { memberNotificationsStatus: 'not-subscribed' }, { trackingConsent: false }, false],
    ['with consent, a matching filter shows', { memberType: 'non-member' }, { trackingConsent: true }, true],
    ['on a dev host, filters work without consent', { memberType: 'non-member' }, { trackingConsent: false, host: 'dev.example.com' }, true],
    ['on a uat host, filters work without consent', { memberType: 'non-member' }, { trackingConsent: false, host: 'uat.example.com' }, true],
    ['on localhost, filters work without consent', { memberType: 'non-member' }, { trackingConsent: false, host: 'localhost:5173' }, true],
    [
      'on a dev host, a filter that does not match still hides it',
      { memberType: 'member' },
      { trackingConsent: false, host: 'dev.example.com' },
      false,
    ],

    // Consent to targeted messages
    ['without consent to messages, nothing shows', {}, { messagesConsent: false }, false],
    ['without consent to messages or tracking, nothing shows', {}, { messagesConsent: false, trackingConsent: false }, false],
    ['on a dev host, messages show without consent', {}, { messagesConsent: false, trackingConsent: false, host: 'dev.example.com' }, true],
    ['on localhost, messages show without consent', {}, { messagesConsent: false, host: '127.0.0.1:3000' }, true],
    ['consent to messages without tracking: all-"all" messages', {}, { messagesConsent: true, trackingConsent: false }, true],

    // Already seen
    ['a seen message is not shown again', {}, { seenIds: [1] }, false],
    ['a seen message is not shown again (set)', {}, { seenIds: new Set([1]) }, false],
    ['another seen message does not hide this one', {}, { seenIds: [2] }, true],
  ];

  it.each(rows)('%s', (_why, attributes, overrides, eligible) => {
    expect(isEligible(message(attributes), context(overrides))).toBe(eligible);
  });
});

describe('isDevelopmentHost', () => {
  const rows: [host: string, development: boolean][] = [
    ['localhost', true],
    ['localhost:4173', true],
    ['127.0.0.1', true],
    ['127.0.0.1:8080', true],
    ['site.local', true],
    ['dev.example.com', true],
    ['uat.example.com', true],
    ['web-dev.example.com', true],
    ['uat-2.example.com', true],
    ['www.example.com', false],
    ['developer.example.com', false],
    ['devices.example.com', false],
    ['example.dev-shop.com', false],
    ['statuat.com', false],
  ];
  it.each(rows)('%s → %s', (host, development) => {
    expect(isDevelopmentHost(host)).toBe(development);
  });
});

describe('derivedStatuses', () => {
  const main = { name: 'HW_NL-SHG_NL_B2C', active: true };
  const rows: [why: string, args: Parameters<typeof derivedStatuses>, expected: MemberStatuses][] = [
    ['signed out: a non-member, nothing read', [null, [{ name: 'spa', active: true }], [main]], NON_MEMBER],
    ['a member with everything set', [{ address: { text: 'Unter den Linden 1, Berlin' } }, [{ name: 'spa', active: true }], [main]], MEMBER],
    [
      'no address: incomplete',
      [{ address: null }, [], []],
      { memberType: 'member', addressStatus: 'incomplete', preferencesStatus: 'not-selected', notificationsStatus: 'not-subscribed' },
    ],
    ['a blank address text: incomplete', [{ address: { text: '  \n ' } }, [], []], { ...NON_MEMBER, memberType: 'member' }],
    [
      'one active preference among inactive ones: selected',
      [{ address: null }, [{ name: 'a', active: false }, { name: 'b', active: true }], []],
      { ...NON_MEMBER, memberType: 'member', preferencesStatus: 'selected' },
    ],
    [
      'only inactive preferences: not selected',
      [{ address: null }, [{ name: 'a', active: false }], []],
      { ...NON_MEMBER, memberType: 'member' },
    ],
    [
      'the main newsletter active: subscribed',
      [{ address: null }, [], [{ name: 'other', active: false }, main]],
      { ...NON_MEMBER, memberType: 'member', notificationsStatus: 'subscribed' },
    ],
    [
      'the main newsletter inactive: not subscribed',
      [{ address: null }, [], [{ ...main, active: false }]],
      { ...NON_MEMBER, memberType: 'member' },
    ],
    [
      'another newsletter active does not count',
      [{ address: null }, [], [{ name: 'HW_NL-OTHER', active: true }]],
      { ...NON_MEMBER, memberType: 'member' },
    ],
  ];
  it.each(rows)('%s', (_why, args, expected) => {
    expect(derivedStatuses(...args)).toEqual(expected);
  });
});

describe('pickMessage', () => {
  it('shows the eligible message of highest priority, whatever the order it arrives in', () => {
    const messages = [message({ priority: 1 }, 1), message({ priority: 30 }, 2), message({ priority: 10 }, 3)];
    expect(pickMessage(messages, context())?.id).toBe(2);
  });

  it('skips a higher-priority message that is not eligible', () => {
    const messages = [message({ priority: 50, memberType: 'member' }, 1), message({ priority: 10 }, 2), message({ priority: 5 }, 3)];
    expect(pickMessage(messages, context())?.id).toBe(2);
  });

  it('moves on to the next once the first has been seen', () => {
    const messages = [message({ priority: 10 }, 1), message({ priority: 5 }, 2)];
    expect(pickMessage(messages, context({ seenIds: [1] }))?.id).toBe(2);
  });

  it('keeps the earlier message on equal priority', () => {
    const messages = [message({ priority: 7 }, 4), message({ priority: 7 }, 3)];
    expect(pickMessage(messages, context())?.id).toBe(4);
  });

  it('considers only the messages of the trigger asked for', () => {
    const messages = [message({ priority: 30, trigger: 'onScroll' }, 1), message({ priority: 10, trigger: 'onLoad' }, 2), message({ priority: 50, trigger: 'onLeave' }, 3)];
    expect(pickMessage(messages, context(), 'onLoad')?.id).toBe(2);
    expect(pickMessage(messages, context(), 'onScroll')?.id).toBe(1);
    expect(pickMessage(messages, context(), 'onInactivity')).toBeNull();
    expect(pickMessage(messages, context())?.id).toBe(3);
  });

  it('answers null when nothing is eligible', () => {
    expect(pickMessage([message({}, 1)], context({ pathname: '/en/checkin' }))).toBeNull();
    expect(pickMessage([], context())).toBeNull();
  });
});
