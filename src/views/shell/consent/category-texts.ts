import { useLingui } from '@lingui/react/macro';
import type { ConsentCategory } from '../../../services/consent/consent';

export interface CategoryText {
  name: string;
  description: string;
}

/** The name and one-line description of every category (a new category does not compile without them). */
export function useCategoryTexts(): Record<ConsentCategory, CategoryText> {
  const { t } = useLingui();
  return {
    necessary: {
      name: t`Necessary`,
      description: t`Keeps the site working: your language, your sign-in, your booking and this choice. Always on.`,
    },
    analytics: {
      name: t`Statistics`,
      description: t`Counts visits and clicks so we can see how the site is used and make it better.`,
    },
    abTesting: {
      name: t`A/B testing`,
      description: t`Shows some visitors a variant of a page to learn which one works better.`,
    },
    socialSignIn: {
      name: t`Sign-in with Google, Apple or Facebook`,
      description: t`Lets you sign in with your account there; the provider learns that you use our site.`,
    },
    targetedMessages: {
      name: t`Personal offers`,
      description: t`Shows offers and messages chosen for you and remembers the ones you have closed.`,
    },
    recentSearches: {
      name: t`Recent searches`,
      description: t`Remembers your last searches on this device so you can search again quickly.`,
    },
    video: {
      name: t`Videos`,
      description: t`Plays videos from other services, which may store data of their own.`,
    },
    marketing: {
      name: t`Marketing`,
      description: t`Measures our advertising on other sites and shows you our offers there.`,
    },
  };
}
