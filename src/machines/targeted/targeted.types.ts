import type { TargetedMessage, TargetedMessageTrigger } from '../../contract/content';
import type { Locale } from '../../contract/locales';
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

export type Device = 'mobile' | 'desktop';

/** What the rules need to know about the visitor; it changes with sign-in, consent and screen size. */
export interface VisitorFacts {
  device: Device;
  statuses: MemberStatuses;
  /** Consent to tracking: messages that filter visitors need it. */
  trackingConsent: boolean;
  /** Consent to targeted messages: any message needs it (development hosts excepted). */
  messagesConsent: boolean;
}

/** What the browser keeps for the rules: read once, when the flow starts. */
export interface BrowserFacts {
  /** The page's host name: development hosts show messages without consent. */
  host: string;
  /** Ids the visitor closed before (kept in the browser with consent). */
  seenIds: readonly number[];
}

/** What the app starts the flow with: the page on screen, and a clock (tests pass a fixed one). */
export interface TargetedInput {
  pathname: string;
  locale: Locale;
  /** Milliseconds since the epoch: countdowns are measured against it. */
  now: () => number;
}

export interface TargetedContext extends TargetedInput {
  /** The messages of the locale, or null until they have been fetched once. */
  messages: readonly TargetedMessage[] | null;
  /** The page's host, or null until the browser's facts have been read. */
  host: string | null;
  seenIds: readonly number[];
  /** The page the rules judge: it follows the route once its facts (a hotel's brand) are known. */
  page: PageFacts | null;
  /** The visitor the rules judge, or null until the session is known and the member's facts are in. */
  visitor: VisitorFacts | null;
  /** The message on screen (or closing), if any. */
  current: TargetedMessage | null;
  /** A scroll arrived while the scroll trigger was throttled: it fires once more when the pause ends. */
  scrollPending: boolean;
  /** Triggers that fired while a popup was closing, or a sign-in before all facts were known: considered once they can be. */
  pendingTriggers: readonly TargetedMessageTrigger[];
}

/** What the app tells the flow (src/machines/app). */
export type TargetedAppEvent =
  /** The router settled on a page (the onLoad trigger once its facts are known). */
  | { type: 'route.changed'; pathname: string; locale: Locale }
  /** A member signed in and their profile is in (the onLogin trigger once their facts are known). */
  | { type: 'session.signedIn' }
  /** The member's data changed, or the member signed out. */
  | { type: 'session.changed' };

/** What the browser's watchers report (bound in targeted.live.ts). */
export type TargetedBrowserEvent =
  /** The screen crossed the mobile breakpoint. */
  | { type: 'device.changed'; device: Device }
  /** The visitor's consent changed (here or in another tab). */
  | { type: 'consent.changed'; trackingConsent: boolean; messagesConsent: boolean };

/** What the views send. */
export type TargetedViewEvent =
  /** Mouse, touch or key activity: the inactivity period starts again. */
  | { type: 'visitor.active' }
  /** The page scrolled (the onScroll trigger, throttled). */
  | { type: 'page.scrolled' }
  /** The visitor closed the message (close button, Escape, or its call to action). */
  | { type: 'message.close' };

/** Raised by the machine itself, never sent from outside. */
export type TargetedInternalEvent =
  /** A new path or language: the page's facts are read again. */
  | { type: 'page.requested' }
  /** A new language: the messages are fetched again. */
  | { type: 'messages.requested' }
  /** The browser's facts were read. */
  | { type: 'browser.known' }
  /** The locale's messages arrived. */
  | { type: 'messages.known' }
  /** The page's facts are known (and differ from the last ones): the onLoad trigger. */
  | { type: 'page.known' }
  /** The visitor's facts are known (and differ from the last ones). */
  | { type: 'visitor.known' }
  /** A signed-in member's facts are known: the onLogin trigger. */
  | { type: 'visitor.loggedIn' }
  /** A trigger fired. */
  | { type: 'trigger.fired'; trigger: TargetedMessageTrigger }
  /** The page, the visitor or the messages changed, so the message on screen is checked again. */
  | { type: 'facts.changed' };

export type TargetedEvent = TargetedAppEvent | TargetedBrowserEvent | TargetedViewEvent | TargetedInternalEvent;

/** Tags the views select on. `ready`: every fact is known and the triggers run. */
export type TargetedTag = 'ready' | 'notification' | 'popup' | 'closing' | 'countdown';
