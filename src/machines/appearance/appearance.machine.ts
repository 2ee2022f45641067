import { assign, fromCallback, setup } from 'xstate';
import { DEFAULT_THEME, IN_HOUSE_THEME } from '../../themes/defaults';
import { isInHousePath } from '../../services/navigation/paths';
import type { AppearanceContext, AppearanceEvent, AppearanceInput } from './appearance.types';

/**
 * Chooses the visual theme of the site: the in-house theme on check-in and checkout paths, else the
 * theme of the brand the page belongs to, else the group theme.
 *
 * A page's brand is announced together with its path, so the announcement counts only while that
 * path is shown: the order in which a navigation's path and brand are reported does not matter.
 * `followPage` reports both, from the start on; it is bound to the router where the actor is created.
 */
export const appearanceMachine = setup({
  types: {
    context: {} as AppearanceContext,
    events: {} as AppearanceEvent,
    input: {} as AppearanceInput,
  },
  actors: {
    /** Sends `path.changed` (and `brand.shown` for a brand's page) for the page shown now and each one after it. */
    followPage: fromCallback<AppearanceEvent>(() => undefined),
  },
  guards: {
    isInHousePath: ({ context }) => isInHousePath(context.pathname),
    hasBrandForPath: ({ context }) => context.brandTheme !== null && context.brandPathname === context.pathname,
  },
  actions: {
    recordPath: assign({
      pathname: ({ event }) => event.pathname,
    }),
    recordBrand: assign(({ event }) =>
      event.type === 'brand.shown' ? { brandTheme: event.theme, brandPathname: event.pathname } : {},
    ),
    clearBrandOfPath: assign(({ context, event }) =>
      context.brandPathname === event.pathname ? { brandTheme: null, brandPathname: null } : {},
    ),
    applyGroupTheme: assign({ theme: DEFAULT_THEME }),
    applyInHouseTheme: assign({ theme: IN_HOUSE_THEME }),
    applyBrandTheme: assign({ theme: ({ context }) => context.brandTheme ?? DEFAULT_THEME }),
  },
}).createMachine({
  id: 'appearance',
  description: 'Picks the theme the whole site is painted in.',
  context: ({ input }) => ({
    pathname: input.pathname,
    brandTheme: input.brandTheme ?? null,
    brandPathname: input.brandTheme ? input.pathname : null,
    theme: DEFAULT_THEME,
  }),
  initial: 'choosing',
  invoke: { src: 'followPage' },
  on: {
    'path.changed': { target: '.choosing', actions: 'recordPath' },
    'brand.shown': { target: '.choosing', actions: 'recordBrand' },
    'brand.cleared': { target: '.choosing', actions: 'clearBrandOfPath' },
  },
  states: {
    choosing: {
      description: 'Decides which theme applies to the path now shown.',
      always: [
        { guard: 'isInHousePath', target: 'inHouse' },
        { guard: 'hasBrandForPath', target: 'brand' },
        { target: 'group' },
      ],
    },
    group: {
      description: 'A page of the group, belonging to no brand: the group theme.',
      tags: ['themed'],
      entry: 'applyGroupTheme',
    },
    brand: {
      description: 'A page of one brand or one of its hotels: that brand’s theme.',
      tags: ['themed'],
      entry: 'applyBrandTheme',
    },
    inHouse: {
      description: 'The check-in or checkout flow: the in-house theme, whatever the brand.',
      tags: ['themed'],
      entry: 'applyInHouseTheme',
    },
  },
});
