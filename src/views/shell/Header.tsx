import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../contract/locales';
import { localizedPath, ROUTES } from '../../services/navigation/paths';
import type { ThemeTokens } from '../../themes/tokens';
import { AccountMenu } from './AccountMenu';
import { LocaleSwitcher } from './LocaleSwitcher';
import { SiteLink } from './SiteLink';
import { ThemeLogo } from './ThemeLogo';

export function Header({ locale, tokens }: { locale: Locale; tokens: ThemeTokens }) {
  const { t } = useLingui();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <SiteLink href={localizedPath(locale, ROUTES.home)} className="site-header__home" aria-label={t`Home page`}>
          <ThemeLogo tokens={tokens} />
        </SiteLink>
        <nav className="site-nav" aria-label={t`Main`}>
          <ul>
            <li>
              <SiteLink href={localizedPath(locale, ROUTES.findAHotel)}>{t`Find a hotel`}</SiteLink>
            </li>
            <li>
              <SiteLink href={`${localizedPath(locale, ROUTES.home)}#brands`}>{t`Our brands`}</SiteLink>
            </li>
            <li>
              <SiteLink href={localizedPath(locale, ROUTES.account.overview)}>{t`Rewards`}</SiteLink>
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
