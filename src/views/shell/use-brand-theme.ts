import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ThemeId } from '../../contract/themes';
import { AppearanceContext } from './appearance-context';

/** A page of a brand calls this so the whole site is painted in that brand's theme while it shows. */
export function useBrandTheme(theme: ThemeId | null): void {
  const actor = AppearanceContext.useActorRef();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!theme) return undefined;
    actor.send({ type: 'brand.shown', pathname, theme });
    return () => actor.send({ type: 'brand.cleared', pathname });
  }, [actor, pathname, theme]);
}
