import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { textDirection } from '../../contract/locales';
import type { Locale } from '../../contract/locales';
import { selectTheme } from '../../machines/appearance/appearance.selectors';
import { THEMES, themeCssVariables } from '../../themes/tokens';
import { AppearanceContext } from './appearance-context';
import { FlagsProvider } from './flags-context';
import { ConsentBanner } from './consent/ConsentBanner';
import { PrivacySettingsProvider, usePrivacySettings } from './consent/privacy-settings-context';
import { Footer } from './Footer';
import { Header } from './Header';
import { LoginHost, LoginNoticeSlot } from '../account/sign-in/LoginHost';
import { appearanceLogic, brandThemeOf } from './page-appearance';
import { SeoLinks } from './SeoLinks';
import { ServiceBanners } from './ServiceBanners';
import { TargetedMessagesHost } from './targeted/TargetedMessagesHost';
import { HydratesLater } from '../ui/HydratesLater';
import '../account/sign-in/login.css';
import './site.css';
import './consent/consent.css';

/** The frame of every page: theme, language and direction, header, main content and footer. */
export function SiteLayout({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { pathname } = useLocation();
  const router = useRouter();
  // The theme follows the router (the path and the brand of the page shown), see page-appearance.ts.
  const logic = useMemo(() => appearanceLogic(router), [router]);
  return (
    <FlagsProvider>
      <AppearanceContext.Provider logic={logic} options={{ input: { pathname, brandTheme: brandThemeOf(router.state.matches) } }}>
        <ThemedShell locale={locale}>{children}</ThemedShell>
      </AppearanceContext.Provider>
    </FlagsProvider>
  );
}

function ThemedShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { t } = useLingui();
  const theme = AppearanceContext.useSelector(selectTheme);
  const { pathname } = useLocation();

  // DOM work: the document's language and direction follow the page's locale.
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
  }, [locale]);

  // DOM work: the document carries the theme in force, for styles outside the site's root element.
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
      <PrivacySettingsProvider>
        {/* Early in the reading order, so keyboard and screen-reader users meet it first. */}
        <ConsentBanner />
        <LoginHost locale={locale}>
            <Header locale={locale} tokens={tokens} />
            <ServiceBanners locale={locale} pathname={pathname} />
            <LoginNoticeSlot />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <HydratesLater>
              <Footer locale={locale} />
            </HydratesLater>
            <TargetedMessagesHost />
        </LoginHost>
        <ConsentSettings />
      </PrivacySettingsProvider>
    </div>
  );
}

// A dialog is its own chunk: it loads the first time the visitor opens the privacy settings.
const ConsentSettingsDialog = lazy(() => import('./consent/ConsentSettingsDialog').then((module) => ({ default: module.ConsentSettingsDialog })));

/** The privacy settings dialog, once asked for (and kept from then on, so closing gives focus back). */
function ConsentSettings() {
  const { open } = usePrivacySettings();
  const [asked, setAsked] = useState(false);
  if (open && !asked) setAsked(true);
  return asked ? (
    <Suspense fallback={null}>
      <ConsentSettingsDialog />
    </Suspense>
  ) : null;
}
