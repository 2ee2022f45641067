/**
 * The app's edge: the one place where the actor system (src/machines/app) meets the browser. The effects
 * its machines name (navigation, storage, caches, tracking, provider redirects, HTTP) are bound here, once;
 * the browser's own events (other tabs' storage, the router settling on a page, the HTTP client's token
 * renewals) enter here as events. Created once per page load in the browser and per request on the server.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { RegisteredRouter } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { DEFAULT_LOCALE } from './contract/locales';
import type { Locale } from './contract/locales';
import { appMachine } from './machines/app/app.machine';
import type { AppStorage, BannerStart, CartLogic, LoginLogic, ModificationLogic, TargetedLogic } from './machines/app/app.types';
import { createLiveBannerLogic } from './machines/banners/banners.live';
import type { BannerEdge } from './machines/banners/banners.live';
import type { CartEdge } from './machines/cart/cart.live';
import { createLiveFavouritesLogic } from './machines/favourites/favourites.live';
import type { ModificationEdge } from './machines/modification/modification.live';
import { createLiveSearchLogic } from './machines/search/search.live';
import type { SearchEdge } from './machines/search/search.live';
import { sessionMachine } from './machines/session/session.machine';
import type { SessionMember } from './machines/session/session.types';
import { TRACK_ACTION_ATTRIBUTE, TRACK_AREA_ATTRIBUTE, trackMemberAreaClick, trackPageView } from './services/analytics/analytics';
import { hotelCodeOfPath } from './services/analytics/page-types';
import { logout, refreshAccessToken } from './services/account/api';
import { createAuthChannel } from './services/account/auth-channel';
import { opensLoginDialog } from './services/account/dialog-rules';
import type { AuthChannel } from './services/account/auth-channel';
import { identifyMember } from './services/account/identify';
import { browserSessionPersistence, PERSISTED_KEYS, readStoredToken } from './services/account/persisted-values';
import { MEMBER_QUERY_ROOT, memberProfileQuery, memberStatusQuery } from './services/account/queries';
import { refreshAcrossTabs } from './services/account/tabs';
import { hasConsent, onConsentChange } from './services/consent/consent';
import { hotelQuery, serviceMessagesQuery } from './services/content/queries';
import { isDevelopmentHost } from './services/content/targeted-eligibility';
import { forgetSeenIds } from './services/content/targeted-messages';
import { readStoredCartId } from './services/booking/persisted-cart';
import { reportError } from './services/errors/report';
import type { FlagSource } from './services/flags/flags';
import { DEFAULT_SNAPSHOT, browserFlagSource } from './services/flags/queries';
import { displayLocale } from './services/i18n/catalogs';
import { plainNumber } from './services/navigation/router-search';
import { idle } from './services/scheduling/idle';
import type { SearchQueryState } from './services/search/search-state';
import { subscribeToViewport, viewportIsMobile } from './views/shell/use-mobile-screen';

export type AppActor = ActorRefFrom<typeof appMachine>;

export interface AppSystem {
  app: AppActor;
  /** The channel between authenticated requests and the session (see services/account/auth-channel.ts). */
  channel: AuthChannel;
  /** Stops the actors and the browser subscriptions (tests, the server after a render). */
  stop(): void;
}

function browserStorage(): AppStorage {
  return { ...browserSessionPersistence(), readToken: () => readStoredToken(), readCartId: () => readStoredCartId() };
}

function browserInfo() {
  return {
    user_agent: navigator.userAgent.slice(0, 500),
    language: navigator.language.slice(0, 35),
    screen_width: window.screen.width,
    screen_height: window.screen.height,
    time_zone_offset: new Date().getTimezoneOffset(),
  };
}

/**
 * The actor system with the site's effects. `router` is read when an effect runs (the router is made with
 * the app actor in its context, so it exists only after this returns).
 */
export function createAppSystem({
  queryClient,
  router,
  location,
  flags = browserFlagSource,
}: {
  queryClient: QueryClient;
  router: () => RegisteredRouter;
  location: { pathname: string; hash: string };
  /** The feature flags' source (the browser's GrowthBook client; tests pass their own). */
  flags?: Pick<FlagSource, 'getSnapshot'>;
}): AppSystem {
  const channel = createAuthChannel(refreshAcrossTabs(refreshAccessToken));

  const session = sessionMachine.provide({
    actors: {
      // Profile and status through the authenticated queries (their cache, retries and 401 rule); always
      // fetched afresh, so a reload after a profile change shows the change.
      loadMember: fromPromise<SessionMember, { token: string }>(async ({ input }) => {
        const access = { token: input.token, channel };
        const [profile, status] = await Promise.all([
          queryClient.fetchQuery({ ...memberProfileQuery(access), staleTime: 0 }),
          queryClient.fetchQuery({ ...memberStatusQuery(access), staleTime: 0 }),
        ]);
        return { profile, status };
      }),
      refreshToken: fromPromise<string>(() => channel.refresh()),
      logout: fromPromise<null, { token: string | null }>(async ({ input }) => {
        await logout(input.token);
        return null;
      }),
    },
    actions: {
      // services/account/identify.ts hands the member to analytics (once a day, with consent).
      identify: ({ context }) => {
        const guid = context.member?.profile.Guid;
        if (guid) identifyMember(guid);
      },
    },
  });

  let app: AppActor | null = null;
  const access = () => {
    const token = app?.getSnapshot().context.session.getSnapshot().context.token ?? null;
    return token ? { token, channel } : null;
  };
  const cartEdge: CartEdge = {
    access,
    showCartInAddress: (locale, cartId) => {
      const current = router().state.location.search as Record<string, unknown>;
      if ((current.cart_id ?? null) === cartId) return;
      void router().navigate({ to: '/$locale/booking/check-out', params: { locale }, search: (previous) => ({ ...previous, cart_id: cartId ?? undefined }), replace: true });
    },
    goToConfirmation: (locale, orderId) => void router().navigate({ to: '/$locale/booking/confirmation', params: { locale }, search: { order_id: orderId }, replace: true }),
    goToProvider: (url) => window.location.assign(url),
    checkoutReturnUrl: (locale, cartId) =>
      `${window.location.origin}${router().buildLocation({ to: '/$locale/booking/check-out', params: { locale }, search: { cart_id: cartId } }).href}`,
    browserInfo,
  };

  const pageLocale = (): Locale => app?.getSnapshot().context.locale ?? DEFAULT_LOCALE;
  const searchEdge: SearchEdge = {
    // A hotel's page searches that hotel: its submit opens the hotel's rooms and rates rather than a list of one hotel.
    openResults: (search) =>
      void router().navigate({
        to: router().state.matches.some((match) => match.routeId === '/$locale/hotels/$hotelCode') ? '/$locale/booking/select-room-rate' : '/$locale/find-a-hotel',
        params: { locale: pageLocale() },
        search,
      }),
    // A refinement (a filter, the sort, a rate chosen) changes the page the guest is reading: they keep their place on it.
    showRefinement: (search) => void router().navigate({ to: '.', search, replace: true, resetScroll: false }),
    followSearched: (listener) =>
      router().subscribe('onResolved', () => {
        const searched = searchedOf(router().state.matches);
        if (searched) listener(searched);
      }),
  };
  const modificationEdge: ModificationEdge = {
    queryClient,
    access: () => access() ?? { token: null, channel },
    showConfirmation: (orderId, reservationNumber) =>
      router().navigate({ to: '/$locale/booking/confirmation', params: { locale: pageLocale() }, search: { order_id: orderId, modified: plainNumber(reservationNumber) } }),
  };

  const logic = appMachine.provide({
    actors: {
      session,
      search: createLiveSearchLogic(searchEdge),
      banner: createLiveBannerLogic(browserBannerEdge),
      favourites: createLiveFavouritesLogic({ queryClient, access: () => access() ?? { token: null, channel } }),
      loadModification: fromPromise<ModificationLogic>(async () => (await import('./machines/modification/modification.live')).createLiveModificationLogic(modificationEdge)),
      loadBannerMessages: fromPromise<BannerStart[], { locale: Locale }>(async ({ input }) =>
        (await queryClient.fetchQuery(serviceMessagesQuery(input.locale))).map((message) => ({ messageId: message.id, isOpenedByDefault: message.attributes.isOpenedByDefault })),
      ),
      loadLogin: fromPromise<LoginLogic>(async () => (await import('./machines/login/login.live')).createLiveLoginLogic(queryClient)),
      loadCart: fromPromise<CartLogic>(async () => (await import('./machines/cart/cart.live')).createLiveCartLogic(cartEdge)),
      // Targeted messages never show before the page is in use: their code (with the HTML sanitiser) loads once it is idle.
      loadTargeted: fromPromise<TargetedLogic>(async () => {
        await idle();
        return (await import('./machines/targeted/targeted.live')).createLiveTargetedLogic({ queryClient, access });
      }),
    },
    actions: {
      goToRegistration: ({ context, event }) => {
        if (event.type !== 'registration.required') return;
        void router().navigate({ to: '/$locale/account/registration', params: { locale: context.locale }, search: { registration_token: event.registrationToken } });
      },
      goHome: ({ context }) => void router().navigate({ to: '/$locale/', params: { locale: context.locale } }),
      forgetMemberQueries: () => queryClient.removeQueries({ queryKey: MEMBER_QUERY_ROOT }),
      addReservationsFromReservationSystem: () => {
        const current = access();
        if (!current?.token) return;
        // Loaded when needed: the member area's calls stay out of every page's first load.
        void Promise.all([import('./services/loyalty/api'), import('./services/loyalty/queries')])
          .then(async ([api, queries]) => {
            const { added } = await api.refreshExternalReservations(current);
            if (added > 0) await queries.refreshLoyalty(queryClient, current);
          })
          // Spec section 8: failures of the external-reservation refresh are swallowed.
          .catch(() => undefined);
      },
      forgetSeenMessages: () => forgetSeenIds(),
      trackPageView: ({ event }) => {
        if (event.type !== 'route.changed') return;
        const { pathname, locale } = event;
        const hotelCode = hotelCodeOfPath(pathname);
        if (!hotelCode) {
          trackPageView({ pathname, locale });
          return;
        }
        // The hotel page's loader has fetched the hotel already: this reads the cache.
        queryClient.ensureQueryData(hotelQuery(locale, hotelCode)).then(
          (hotel) => trackPageView({ pathname, locale, hotel: { hotelName: hotel.hotelName, hotelCode: hotel.hotelCode, brandCode: hotel.brand.code } }),
          () => trackPageView({ pathname, locale }),
        );
      },
    },
  });

  const locale: Locale = displayLocale(location.pathname) ?? DEFAULT_LOCALE;
  app = createActor(logic, {
    systemId: 'app',
    input: {
      locale,
      pathname: location.pathname,
      hash: location.hash,
      storage: typeof window === 'undefined' ? serverStorage() : browserStorage(),
      now: () => Date.now(),
      report: reportError,
      newKey: () => crypto.randomUUID(),
      // With consent to targeted messages, or on a development host (spec section 4); never on the server.
      targetedAllowed: () => typeof window !== 'undefined' && (hasConsent('targetedMessages') || isDevelopmentHost(window.location.host)),
      // The browser's flags once they have loaded; the defaults on the server and before (as views read them).
      flagOn: (flag) => (typeof window === 'undefined' ? DEFAULT_SNAPSHOT : flags.getSnapshot()).flags[flag],
    },
  });
  const actor = app;
  actor.start();

  const unsubscribe: (() => void)[] = [];
  // Authenticated requests report a renewed token or a final 401.
  unsubscribe.push(channel.subscribe((event) => actor.send(event.type === 'unauthorized' ? { type: 'auth.unauthorized' } : { type: 'auth.tokenRefreshed', token: event.token })));
  if (typeof window !== 'undefined') {
    // Other tabs: the token they store or remove (sign-in, renewal, sign-out); the app's guards decide.
    const onStorage = (event: StorageEvent) => {
      if (event.key === PERSISTED_KEYS.token) actor.send({ type: 'storage.tokenChanged', token: event.newValue });
    };
    window.addEventListener('storage', onStorage);
    unsubscribe.push(() => window.removeEventListener('storage', onStorage));
    // Consent given or withdrawn, here or in another tab.
    unsubscribe.push(onConsentChange(() => actor.send({ type: 'consent.changed' })));
    // Clicks, captured before the router's own link handling: links to #open-login-popup ask the app for
    // the sign-in dialog (its guards decide), and elements named for member-area tracking are counted.
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const tracked = target?.closest(`[${TRACK_AREA_ATTRIBUTE}]`);
      if (tracked) trackMemberAreaClick(window.location.pathname, tracked.getAttribute(TRACK_AREA_ATTRIBUTE) ?? '', tracked.getAttribute(TRACK_ACTION_ATTRIBUTE) ?? undefined);
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!opensLoginDialog(target?.closest('a')?.getAttribute('href') ?? null)) return;
      event.preventDefault();
      actor.send({ type: 'login.linkClicked' });
    };
    document.addEventListener('click', onClick, { capture: true });
    unsubscribe.push(() => document.removeEventListener('click', onClick, { capture: true }));
  }
  return {
    app: actor,
    channel,
    stop: () => {
      unsubscribe.forEach((stop) => stop());
      actor.stop();
    },
  };
}

/** Tells the app which page the router settled on (its language too); subscribed once the router exists. */
export function followRouter(system: AppSystem, router: RegisteredRouter): () => void {
  return router.subscribe('onResolved', ({ toLocation }) => {
    system.app.send({ type: 'route.changed', pathname: toLocation.pathname, hash: toLocation.hash, locale: displayLocale(toLocation.pathname) });
  });
}

/** The search the deepest matched route read from the URL, if any. */
function searchedOf(matches: RegisteredRouter['state']['matches']): SearchQueryState | null {
  for (const match of [...matches].reverse()) {
    // Only the search pages' routes put `searched` into their validated search (see routes/-search-url.ts).
    if ('searched' in match.search) return match.search.searched;
  }
  return null;
}

/**
 * A modal on screen: an open dialog element, or another element marked modal and not hidden. A closed
 * dialog element keeps its aria-modal attribute (the sign-in dialog stays in the page once loaded), so
 * dialog elements count only while open.
 */
const MODAL_SELECTOR = 'dialog[open], :not(dialog)[aria-modal="true"]:not([hidden])';

/** The document as banners hear it: modal dialogs (a change reported only when it is one) and the screen size. */
const browserBannerEdge: BannerEdge = {
  watchModals: (listener) => {
    const modalIsOpen = () => document.querySelector(MODAL_SELECTOR) !== null;
    let open = modalIsOpen();
    listener(open);
    // Dialogs open and close by attribute (open, aria-modal, hidden) or by being added and removed.
    const observer = new MutationObserver(() => {
      if (modalIsOpen() === open) return;
      open = !open;
      listener(open);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'aria-modal', 'hidden'] });
    return () => observer.disconnect();
  },
  watchViewport: (listener) => {
    listener(viewportIsMobile());
    return subscribeToViewport(() => listener(viewportIsMobile()));
  },
};

/** On the server nothing is stored: the page renders signed out, as the browser's first render does. */
function serverStorage(): AppStorage {
  return { readToken: () => null, readCartId: () => null, writeToken: () => undefined, writeMember: () => undefined, clear: () => undefined };
}
