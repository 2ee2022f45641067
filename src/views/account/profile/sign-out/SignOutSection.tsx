import { useLingui } from '@lingui/react/macro';
import { selectIsSigningOut } from '../../../../machines/session/session.selectors';
import { useMemberAreaTracking } from '../../../../services/analytics/queries';
import { SessionActorContext } from '../../../shell/session-context';

/**
 * Signing out from the profile: the same `logout` to the session as the header's Sign out (spec section
 * 4: the session data is cleared and, from an account page, the visitor goes home), tracked as "logout".
 */
export function SignOutSection() {
  const { t } = useLingui();
  const session = SessionActorContext.useActorRef();
  const signingOut = SessionActorContext.useSelector(selectIsSigningOut);
  const tracking = useMemberAreaTracking('logout');
  return (
    <section className="profile-section profile-sign-out" aria-labelledby="profile-sign-out">
      <h2 id="profile-sign-out">{t`Sign out`}</h2>
      <p>{t`End your session on this device. Your membership stays as it is.`}</p>
      <p>
        <button type="button" className="button" disabled={signingOut} aria-busy={signingOut} onClick={() => session.send({ type: 'logout' })} {...tracking}>
          {signingOut ? t`Signing out…` : t`Sign out on this device`}
        </button>
      </p>
    </section>
  );
}
