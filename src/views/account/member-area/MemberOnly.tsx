import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { selectIsRestoring, selectIsSignedIn } from '../../../machines/session/session.selectors';
import { PageTitle } from '../../shell/PageTitle';
import { SessionActorContext } from '../../shell/session-context';
import { SignInButton } from '../sign-in/SignInButton';
import { MemberAreaNav } from './MemberAreaNav';

/**
 * A page of the member area (spec section 2): its content for a signed-in member. A visitor is asked to
 * sign in; the app opens the sign-in dialog on arrival (src/machines/app, `isMemberOnlyPath`), and the
 * dialog keeps them on the page, which then shows its content. Until the browser has read the stored
 * token (and on the server) the page shows that it is loading, not a request a member may not need.
 */
export function MemberOnly({ title, locale, children }: { title: string; locale: Locale; children: ReactNode }) {
  const { t } = useLingui();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const restoring = SessionActorContext.useSelector(selectIsRestoring);
  if (signedIn) {
    return (
      <>
        <MemberAreaNav locale={locale} />
        {children}
      </>
    );
  }
  return (
    <section className="page member-page" aria-labelledby="member-page-title" aria-busy={restoring}>
      <PageTitle title={title} />
      <h1 id="member-page-title">{title}</h1>
      {restoring ? (
        <p role="status">{t`Loading your membership…`}</p>
      ) : (
        <>
          <p>{t`Sign in to see your status, your points and your rewards.`}</p>
          <p>
            <SignInButton>{t`Sign in`}</SignInButton>
          </p>
        </>
      )}
    </section>
  );
}
