import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import { usePrivacySettings } from './consent/privacy-settings-context';

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
              <Link to="/$locale/find-a-hotel" params={{ locale }}>
                {t`Find a hotel`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/booking/manage" params={{ locale }}>
                {t`Manage my booking`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/account/registration" params={{ locale }}>
                {t`Join H Rewards`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/enroll" params={{ locale }}>
                {t`Company rates`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/preference-center" params={{ locale }}>
                {t`Newsletter preferences`}
              </Link>
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
