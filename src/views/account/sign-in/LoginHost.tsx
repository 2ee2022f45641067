import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { useConsent } from '../../../services/consent/queries';
import { useLoginControl } from '../../shell/session-context';

const LoginOverlay = lazy(() => import('./login-runtime').then((module) => ({ default: module.LoginOverlay })));
const LoginNotice = lazy(() => import('./login-runtime').then((module) => ({ default: module.LoginNotice })));
// Without consent to social sign-in nothing of the prompt is loaded (spec section 2).
const GooglePrompt = lazy(() => import('./GooglePrompt'));

/**
 * The sign-in dialog's place on every page. Its machine is the app's `login` actor, loaded and started by
 * the app the first time someone asks to sign in; its views are their own chunk, rendered from then on.
 * Links to #open-login-popup reach the app from the edge (src/app-actor.ts), so they work from the first click.
 */
export function LoginHost({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { t } = useLingui();
  const { actor, open, loadFailed } = useLoginControl();
  const socialConsent = useConsent('socialSignIn');
  return (
    <>
      {children}
      {actor ? (
        <Suspense fallback={null}>
          <LoginOverlay locale={locale} />
        </Suspense>
      ) : null}
      {socialConsent ? (
        <Suspense fallback={null}>
          <GooglePrompt />
        </Suspense>
      ) : null}
      {loadFailed ? (
        <div className="login-notice login-notice--floating" role="alert">
          <p>{t`Sign in could not be loaded. Check your connection and try again.`}</p>
          <p className="login-notice__actions">
            <button type="button" className="button button--primary" onClick={() => open()}>
              {t`Try again`}
            </button>
          </p>
        </div>
      ) : null}
    </>
  );
}

/** What a refused sign-in leaves behind once the dialog has closed; nothing before sign-in was loaded. */
export function LoginNoticeSlot() {
  const { actor } = useLoginControl();
  return actor ? (
    <Suspense fallback={null}>
      <LoginNotice />
    </Suspense>
  ) : null;
}
