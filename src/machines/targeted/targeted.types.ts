import type { TargetedMessage, TargetedMessageTrigger } from '../../contract/content';
import type { MemberStatuses } from '../../services/content/targeted-eligibility';

/** What the rules need to know about the page on screen (spec section 3, Page). */
export interface PageFacts {
  /** The location's pathname, locale segment included. */
  pathname: string;
  locale: string;
  brandCode: string | null;
  hotelCode: string | null;
  isPrivateOffer: boolean;
}

/** What the rules need to know about the visitor; it changes with sign-in, consent and screen size. */
export interface VisitorFacts {
  device: 'mobile' | 'desktop';
  statuses: MemberStatuses;
  /** Consent to tracking: messages that filter visitors need it. */
  trackingConsent: boolean;
  /** Consent to targeted messages: any message needs it (development hosts excepted). */
  messagesConsent: boolean;
}

/** What the machine starts with; tests pass a fixed clock. */
export interface TargetedInput {
  messages: readonly TargetedMessage[];
  /** Ids the visitor closed before (kept in the browser with consent). */
  seenIds: readonly number[];
  page: PageFacts;
  visitor: VisitorFacts;
  /** The page's host name: development hosts show messages without consent. */
  host: string;
  /** Milliseconds since the epoch: countdowns are measured against it. */
  now: () => number;
}

export interface TargetedContext extends TargetedInput {
  /** The message on screen (or closing), if any. */
  current: TargetedMessage | null;
  /** A scroll arrived while the scroll trigger was throttled: it fires once more when the pause ends. */
  scrollPending: boolean;
  /** Triggers that fired while a popup was closing: considered once it has gone. */
  pendingTriggers: readonly TargetedMessageTrigger[];
}

export type TargetedEvent =
  /** The content was fetched again (another language, or the cache renewed). */
  | { type: 'messages.updated'; messages: readonly TargetedMessage[] }
  /** The path changed (the onLoad trigger). */
  | { type: 'page.changed'; page: PageFacts }
  /** Sign-out, a consent choice or a resize changed what is known of the visitor. */
  | { type: 'visitor.changed'; visitor: VisitorFacts }
  /** A member signed in and their statuses are known (the onLogin trigger). */
  | { type: 'visitor.loggedIn'; visitor: VisitorFacts }
  /** Mouse, touch or key activity: the inactivity period starts again. */
  | { type: 'visitor.active' }
  /** The page scrolled (the onScroll trigger, throttled). */
  | { type: 'page.scrolled' }
  /** The visitor closed the message (close button, Escape, or its call to action). */
  | { type: 'message.close' }
  /** Internal: a trigger fired; raised by the machine itself, never sent by a view. */
  | { type: 'trigger.fired'; trigger: TargetedMessageTrigger }
  /** Internal: the page or the visitor changed, so the message on screen is checked again. */
  | { type: 'facts.changed' };

/** Tags the views select on. */
export type TargetedTag = 'notification' | 'popup' | 'closing' | 'countdown';
