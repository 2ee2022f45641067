import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { textDirection } from '../../contract/locales';
import type { Locale } from '../../contract/locales';
import { selectTheme } from '../../machines/appearance/appearance.selectors';
import { THEMES, themeCssVariables } from '../../themes/tokens';
import { AppearanceContext } from './appearance-context';
import { Footer } from './Footer';
import { Header } from './Header';
import { LoginHost, LoginNoticeSlot } from './LoginHost';
import { SessionProvider } from './SessionProvider';
import { SeoLinks } from './SeoLinks';
import './login.css';
import './site.css';

/** The frame of every page: theme, language and direction, header, main content and footer. */
export function SiteLayout({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <AppearanceContext.Provider options={{ input: { pathname } }}>
      <ThemedShell locale={locale}>{children}</ThemedShell>
    </AppearanceContext.Provider>
  );
}

function ThemedShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { t } = useLingui();
  const actor = AppearanceContext.useActorRef();
  const theme = AppearanceContext.useSelector(selectTheme);
  const { pathname } = useLocation();

  useEffect(() => {
    actor.send({ type: 'path.changed', pathname });
  }, [actor, pathname]);

  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
  }, [locale]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const tokens = THEMES[theme];
  return (
    <div className="site" data-theme={theme} style={themeCssVariables(tokens)}>
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <SeoLinks locale={locale} />
      <SessionProvider locale={locale}>
        <LoginHost locale={locale}>
          <Header locale={locale} tokens={tokens} />
          <LoginNoticeSlot />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <Footer locale={locale} />
        </LoginHost>
      </SessionProvider>
    </div>
  );
}
