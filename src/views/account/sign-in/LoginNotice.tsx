import { useLingui } from '@lingui/react/macro';
import { selectNotice } from '../../../machines/login/login.selectors';
import { useLoginActor, useLoginSelector } from '../../shell/session-context';

/**
 * What a refused sign-in leaves behind once the dialog has closed (spec section 8): the email-missing
 * state, or the unknown-error state; each with a way forward.
 */
export function LoginNotice() {
  const { t } = useLingui();
  const actor = useLoginActor();
  const notice = useLoginSelector(selectNotice);
  if (!notice) return null;
  return (
    <div className="login-notice" role="alert">
      <div className="login-notice__inner">
        <p>
          {notice === 'emailMissing'
            ? t`We could not sign you in because no email address came with the sign-in. Please sign in with your email address.`
            : t`Sign in did not work. Please try again.`}
        </p>
        <p className="login-notice__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send(notice === 'emailMissing' ? { type: 'dialog.open', mode: 'otpLogin' } : { type: 'dialog.open', mode: 'login' })}
          >
            {notice === 'emailMissing' ? t`Sign in with email` : t`Try again`}
          </button>
          <button type="button" className="button" onClick={() => actor.send({ type: 'notice.dismiss' })}>
            {t`Dismiss`}
          </button>
        </p>
      </div>
    </div>
  );
}
