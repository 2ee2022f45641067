import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../contract/locales';
import { localizedPath, ROUTES } from '../../services/navigation/paths';
import { usePrivacySettings } from './consent/privacy-settings-context';
import { SiteLink } from './SiteLink';

export function Footer({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const { openSettings } = usePrivacySettings();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={t`Footer`}>
          <ul>
            <li>
              <SiteLink href={localizedPath(locale, ROUTES.findAHotel)}>{t`Find a hotel`}</SiteLink>
            </li>
            <li>
              <SiteLink href={localizedPath(locale, ROUTES.manageBooking)}>{t`Find your booking`}</SiteLink>
            </li>
            <li>
              <SiteLink href={localizedPath(locale, ROUTES.account.registration)}>{t`Join H Rewards`}</SiteLink>
            </li>
            <li>
              <SiteLink href={localizedPath(locale, ROUTES.preferenceCenter)}>{t`Newsletter preferences`}</SiteLink>
            </li>
            <li>
              {/* Consent can be changed at any time, from every page. */}
              <button type="button" className="site-footer__privacy" aria-haspopup="dialog" onClick={openSettings}>
                {t`Privacy settings`}
              </button>
            </li>
          </ul>
        </nav>
        <p className="site-footer__legal">{t`© ${year} H World Hotels. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
