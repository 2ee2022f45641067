import { useMemo, useSyncExternalStore } from 'react';
import { chooseConsent, CONSENT_CATEGORIES, grantedCategories, hasChosen, hasConsent, onAnyConsentChange } from './consent';
import type { ConsentCategory } from './consent';

/**
 * React's view of the consent service (consent.ts). The server has no storage and the browser's first render must
 * match it (0010), so both render with the server's answer — nothing chosen, only `necessary` — and
 * the browser reads the stored choice once the page has been taken over. Components mounted later read
 * it at once. A choice made in this tab (chooseConsent) or in another tab (the `storage` event) renders
 * again everything that asked.
 */
const subscribe = onAnyConsentChange;

/** Whether `category` is granted; false on the server and while the page is taken over. */
export function useConsent(category: ConsentCategory): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasConsent(category),
    () => category === 'necessary',
  );
}

export interface ConsentChoiceView {
  /** False on the server and while the page is taken over: storage has not been read yet. */
  known: boolean;
  /** Whether the visitor has chosen for the current categories (false until known). */
  chosen: boolean;
  granted: ReadonlySet<ConsentCategory>;
  /** Every category there is to choose, in the order the settings list them. */
  categories: readonly ConsentCategory[];
  /** Records a choice (these categories granted, the rest refused); everything that asked renders again. */
  choose: (granted: readonly ConsentCategory[]) => void;
}

const SERVER_SNAPSHOT = 'unknown';

/** The choice as one comparable string, so React sees a change only when there is one. */
function snapshot(): string {
  if (!hasChosen()) return 'unset';
  const granted = grantedCategories();
  return `chosen:${CONSENT_CATEGORIES.filter((category) => granted.has(category)).join(',')}`;
}

/** The whole choice: whether one was made and what it grants, and the way to make it. */
export function useConsentChoice(): ConsentChoiceView {
  const current = useSyncExternalStore(subscribe, snapshot, () => SERVER_SNAPSHOT);
  return useMemo(() => {
    const chosen = current.startsWith('chosen:');
    const granted = new Set<ConsentCategory>(['necessary']);
    if (chosen) for (const category of CONSENT_CATEGORIES) if (current.slice('chosen:'.length).split(',').includes(category)) granted.add(category);
    return { known: current !== SERVER_SNAPSHOT, chosen, granted, categories: CONSENT_CATEGORIES, choose: chooseConsent };
  }, [current]);
}
