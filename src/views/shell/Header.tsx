import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import type { ThemeTokens } from '../../themes/tokens';
import { AccountMenu } from './AccountMenu';
import { LocaleSwitcher } from './LocaleSwitcher';
import { ThemeLogo } from './ThemeLogo';

export function Header({ locale, tokens }: { locale: Locale; tokens: ThemeTokens }) {
  const { t } = useLingui();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        {/* The visible wordmark starts the link's name, so a person who says what they see can follow it. */}
        <Link to="/$locale/" params={{ locale }} className="site-header__home">
          <ThemeLogo tokens={tokens} />
          <span className="visually-hidden"> {t`Home page`}</span>
        </Link>
        <nav className="site-nav" aria-label={t`Main`}>
          <ul>
            <li>
              <Link to="/$locale/find-a-hotel" params={{ locale }}>
                {t`Find a hotel`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/" params={{ locale }} hash="brands">
                {t`Our brands`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/account/overview" params={{ locale }}>
                {t`Rewards`}
              </Link>
            </li>
            <li>
              <Link to="/$locale/booking/manage" params={{ locale }}>
                {t`Manage my booking`}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="site-header__tools">
          <LocaleSwitcher locale={locale} />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
