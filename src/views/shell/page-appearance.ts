import type { RegisteredRouter } from '@tanstack/react-router';
import { fromCallback } from 'xstate';
import type { ThemeId } from '../../contract/themes';
import { appearanceMachine } from '../../machines/appearance/appearance.machine';
import type { AppearanceEvent } from '../../machines/appearance/appearance.types';

type RouterMatch = RegisteredRouter['state']['matches'][number];

/** The theme of the brand a page belongs to, from the content its route loaded: a brand's page or a hotel's. */
export function brandThemeOf(matches: readonly RouterMatch[]): ThemeId | null {
  for (const match of matches) {
    if (match.routeId === '/$locale/brands/$brandCode' && match.loaderData) return match.loaderData.theme;
    if (match.routeId === '/$locale/hotels/$hotelCode' && match.loaderData) return match.loaderData.brand.theme;
  }
  return null;
}

/**
 * The appearance machine following the router: the page shown when the actor starts (in the browser,
 * after hydration) and each page the router settles on after it, with its brand.
 */
export function appearanceLogic(router: RegisteredRouter) {
  return appearanceMachine.provide({
    actors: {
      followPage: fromCallback<AppearanceEvent>(({ sendBack }) => {
        const report = () => {
          const { pathname } = router.state.location;
          const theme = brandThemeOf(router.state.matches);
          if (theme) sendBack({ type: 'brand.shown', pathname, theme });
          sendBack({ type: 'path.changed', pathname });
        };
        report();
        return router.subscribe('onResolved', report);
      }),
    },
  });
}
