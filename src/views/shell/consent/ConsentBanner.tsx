import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ConsentCategory } from '../../../services/consent/consent';
import { useConsentChoice } from '../../../services/consent/queries';
import { usePrivacySettings } from './privacy-settings-context';

/**
 * The first-visit banner: asks for consent until the visitor has chosen for the current categories. It is
 * in the server's page, so it is painted with it, before any script (decision 0038): the page is the same
 * for everyone, and for a visitor whose consent cookie says they have chosen, the server marks `<html>`
 * and the banner's style hides it. The browser's first render matches the server's (the banner there);
 * once the stored choice is read, a visitor who has chosen no longer gets it at all. It is fixed to the end
 * of the viewport, so it moves nothing on the page. It is not modal: the page stays usable, with only
 * necessary on.
 */
export function ConsentBanner() {
  const { t } = useLingui();
  const { known, chosen, categories, choose: chooseConsent } = useConsentChoice();
  const { openSettings } = usePrivacySettings();
  const titleId = useId();
  if (known && chosen) return null;
  // The banner goes with the choice: focus moves on to the page's content instead of being lost.
  const choose = (granted: readonly ConsentCategory[]) => {
    chooseConsent(granted);
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <div className="consent-banner__inner">
        <h2 id={titleId} className="consent-banner__title">
          {t`Your privacy`}
        </h2>
        <p className="consent-banner__text">
          {t`We use what is necessary to run the site. With your consent we also measure visits, test improvements, show personal offers and offer sign-in with Google, Apple or Facebook. You can change your choice at any time under Privacy settings.`}
        </p>
        <p className="consent-banner__actions">
          <button type="button" className="button button--primary" onClick={() => choose(categories)}>
            {t`Accept all`}
          </button>
          <button type="button" className="button" onClick={() => choose([])}>
            {t`Only necessary`}
          </button>
          <button type="button" className="button" aria-haspopup="dialog" onClick={openSettings}>
            {t`Choose…`}
          </button>
        </p>
      </div>
    </section>
  );
}
