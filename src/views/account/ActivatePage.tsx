import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { activate } from '../../services/auth/api';
import { localizedPath, ROUTES } from '../../services/navigation/paths';
import { PageTitle } from '../shell/PageTitle';
import { SessionActorContext } from '../shell/session-context';
import { SignInButton } from '../shell/SignInButton';
import { SiteLink } from '../shell/SiteLink';

/**
 * The activation link (/account/activate?token=...): activates the membership once and shows its outcome
 * (spec section 4): activated (signed in, on to /account/activated), code not found or not active,
 * already activated, or active but the profile or points could not be fetched; each with a way forward.
 */
export function ActivatePage({ locale, token }: { locale: Locale; token?: string | undefined }) {
  const { t } = useLingui();
  const session = SessionActorContext.useActorRef();
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: (code: string) => activate(code),
    onSuccess: (answer) => {
      if (answer.outcome !== 'activated') return;
      if (answer.token) session.send({ type: 'token.received', token: answer.token });
      void router.navigate({ href: localizedPath(locale, ROUTES.account.activated), replace: true });
    },
  });
  const { mutate } = mutation;

  // An activation code works once: it is sent once, in the browser (never while the server renders).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  const registration = localizedPath(locale, ROUTES.account.registration);
  let heading: string;
  let body: ReactNode;
  const outcome = mutation.data?.outcome;
  if (!token || outcome === 'code_not_found') {
    heading = t`This activation link does not work`;
    body = (
      <>
        <p>{t`The link may be incomplete, expired or already used. If you registered a while ago, register again to get a new link.`}</p>
        <p className="account-page__actions">
          <SiteLink className="button button--primary" href={registration}>
            {t`Register again`}
          </SiteLink>
          <SignInButton className="button">{t`Sign in`}</SignInButton>
        </p>
      </>
    );
  } else if (outcome === 'already_activated') {
    heading = t`Your membership is already active`;
    body = (
      <>
        <p>{t`You can sign in with your email address.`}</p>
        <p className="account-page__actions">
          <SignInButton>{t`Sign in`}</SignInButton>
        </p>
      </>
    );
  } else if (outcome === 'profile_fetch_error') {
    heading = t`Your membership is active`;
    body = (
      <>
        <p>{t`We could not load your profile and points just now. Please sign in to continue.`}</p>
        <p className="account-page__actions">
          <SignInButton>{t`Sign in`}</SignInButton>
        </p>
      </>
    );
  } else if (mutation.isError) {
    heading = t`We could not activate your membership`;
    body = (
      <>
        <p role="alert">{t`Something went wrong. Please try again.`}</p>
        <p className="account-page__actions">
          <button type="button" className="button button--primary" onClick={() => mutate(token)}>
            {t`Try again`}
          </button>
        </p>
      </>
    );
  } else {
    heading = t`Activating your membership…`;
    body = null;
  }

  return (
    <section className="account-page" aria-labelledby="activate-title" aria-busy={Boolean(token) && (mutation.isPending || mutation.isIdle)}>
      <PageTitle title={t`Activate your membership`} />
      <h1 id="activate-title">{heading}</h1>
      <div role="status">{body}</div>
    </section>
  );
}
