import type { MemberStatuses } from '../../services/content/targeted-eligibility';
export { targetedMessage } from '../../services/content/targeted-messages.fixtures';
import type { PageFacts, VisitorFacts } from './targeted.types';

/** Test data for the targeted-message machine and its views. */

export const page = (pathname: string, overrides: Partial<PageFacts> = {}): PageFacts => ({
  pathname,
  locale: 'en',
  brandCode: null,
  hotelCode: null,
  isPrivateOffer: false,
  ...overrides,
});

export const NON_MEMBER_STATUSES: MemberStatuses = {
  memberType: 'non-member',
  addressStatus: 'incomplete',
  preferencesStatus: 'not-selected',
  notificationsStatus: 'not-subscribed',
};

export const MEMBER_STATUSES: MemberStatuses = {
  memberType: 'member',
  addressStatus: 'complete',
  preferencesStatus: 'selected',
  notificationsStatus: 'subscribed',
};

export const VISITORS = {
  /** A guest who allowed everything. */
  guest: { device: 'desktop', statuses: NON_MEMBER_STATUSES, trackingConsent: true, messagesConsent: true },
  member: { device: 'desktop', statuses: MEMBER_STATUSES, trackingConsent: true, messagesConsent: true },
  /** A guest who allowed only what is necessary. */
  refused: { device: 'desktop', statuses: NON_MEMBER_STATUSES, trackingConsent: false, messagesConsent: false },
} as const satisfies Record<string, VisitorFacts>;

/** A production host: consent counts there. */
export const PRODUCTION_HOST = 'www.example.com';
