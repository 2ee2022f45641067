import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import { selectIsSignedIn, selectNeedsProfileCompletion } from '../../machines/session/session.selectors';
import { PageTitle } from '../shell/PageTitle';
import { SessionActorContext } from '../shell/session-context';
import { SignInButton } from './sign-in/SignInButton';

/** After a successful activation (or a registration that signed the member in). */
export function ActivatedPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const needsProfile = SessionActorContext.useSelector(selectNeedsProfileCompletion);
  return (
    <section className="account-page" aria-labelledby="activated-title">
      <PageTitle title={t`Your membership is active`} />
      <h1 id="activated-title">{t`Welcome! Your membership is active`}</h1>
      <p>{t`Book at member prices and collect points with every stay.`}</p>
      <p className="account-page__actions">
        <Link className="button button--primary" to="/$locale/find-a-hotel" params={{ locale }}>
          {t`Find a hotel`}
        </Link>
        {signedIn && needsProfile ? (
          <Link className="button" to="/$locale/account/complete-registration" params={{ locale }}>
            {t`Complete your profile`}
          </Link>
        ) : null}
        {signedIn ? null : <SignInButton className="button">{t`Sign in`}</SignInButton>}
      </p>
    </section>
  );
}

/** After a new password was chosen from a reset link. */
export function PasswordUpdatedPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  return (
    <section className="account-page" aria-labelledby="password-updated-title">
      <PageTitle title={t`Password changed`} />
      <h1 id="password-updated-title">{t`Your password has been changed`}</h1>
      <p>{t`Use your new password the next time you sign in.`}</p>
      <p className="account-page__actions">
        {signedIn ? null : <SignInButton mode="login">{t`Sign in`}</SignInButton>}
        <Link className="button" to="/$locale/" params={{ locale }}>
          {t`Go to the home page`}
        </Link>
      </p>
    </section>
  );
}
