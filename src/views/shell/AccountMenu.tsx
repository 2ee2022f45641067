import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  selectFirstName,
  selectIsMemberLoading,
  selectIsRestoring,
  selectIsSignedIn,
  selectIsSigningOut,
  selectLevel,
  selectPoints,
} from '../../machines/session/session.selectors';
import { useMemberAreaTracking } from '../../services/analytics/queries';
import { SessionActorContext } from './session-context';
import { SignInButton } from '../account/sign-in/SignInButton';
import { useHydrated } from '../ui/use-hydrated';

/**
 * The header's member corner: the Sign in button for visitors; the member's first name, level and
 * points and a Sign out button once signed in. Until the browser has read the stored token (and on the
 * server) it is not known which: both are rendered, and the page's style shows the one the member hint
 * cookie points to (src/contract/member-hint.ts), so a member's header does not first show Sign in and
 * server and browser agree on the first render.
 */
export function AccountMenu() {
  const { t } = useLingui();
  const session = SessionActorContext.useActorRef();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const restoring = SessionActorContext.useSelector(selectIsRestoring);
  // While the server's page is taken over the session may already be known (the app can start first):
  // the first render is the server's all the same.
  const hydrated = useHydrated();
  const signingOut = SessionActorContext.useSelector(selectIsSigningOut);
  const loading = SessionActorContext.useSelector(selectIsMemberLoading);
  const firstName = SessionActorContext.useSelector(selectFirstName);
  const level = SessionActorContext.useSelector(selectLevel);
  const points = SessionActorContext.useSelector(selectPoints);
  const logoutTracking = useMemberAreaTracking('logout');

  if (!hydrated || (!signedIn && restoring)) {
    return (
      <div className="account-menu-unsettled">
        <span className="account-menu-unsettled__visitor">
          <SignInButton>{t`Sign in`}</SignInButton>
        </span>
        <div className="account-menu account-menu-unsettled__member">
          <section className="account-menu__member" aria-label={t`Your membership`} aria-busy="true">
            <span className="account-menu__name">{t`Loading your membership…`}</span>
          </section>
          <button type="button" className="button account-menu__sign-out" disabled>
            {t`Sign out`}
          </button>
        </div>
      </div>
    );
  }
  if (!signedIn) return <SignInButton>{t`Sign in`}</SignInButton>;
  return (
    <div className="account-menu">
      <section className="account-menu__member" aria-label={t`Your membership`} aria-busy={loading}>
        {loading ? (
          <span className="account-menu__name">{t`Loading your membership…`}</span>
        ) : (
          <>
            {firstName ? (
              <span className="account-menu__name">
                <Trans>
                  Hello, <bdi>{firstName}</bdi>
                </Trans>
              </span>
            ) : null}
            {level ? (
              <span className="account-menu__level">
                <span className="visually-hidden">{t`Level`} </span>
                <bdi>{level.name}</bdi>
              </span>
            ) : null}
            {points !== null ? (
              <span className="account-menu__points">
                <Plural value={points} one="# point" other="# points" />
              </span>
            ) : null}
          </>
        )}
      </section>
      <button
        type="button"
        className="button account-menu__sign-out"
        disabled={signingOut}
        aria-busy={signingOut}
        onClick={() => session.send({ type: 'logout' })}
        // Click tracking names it as the member area's logout (spec section 2).
        {...logoutTracking}
      >
        {signingOut ? t`Signing out…` : t`Sign out`}
      </button>
    </div>
  );
}
