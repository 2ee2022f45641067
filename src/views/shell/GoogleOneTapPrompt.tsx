import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { selectIsOpen } from '../../machines/login/login.selectors';
import { prepareSocialSignIn } from '../../services/auth/social';
import { useLoginActor, useLoginSelector } from './session-context';

/**
 * The Google one-tap prompt: a small, non-modal card at the end of the page offering to continue with
 * Google. Its button opens the sign-in dialog and starts the Google sign-in there, so waiting, errors and
 * the timeout show where they show for the dialog's own button. It steps aside while the dialog is open.
 */
export function GoogleOneTapPrompt({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useLingui();
  const actor = useLoginActor();
  const dialogOpen = useLoginSelector(selectIsOpen);
  const titleId = useId();
  // The popup must open within the click: the sign-in library has to be loaded before it.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void prepareSocialSignIn().then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, []);

  if (dialogOpen) return null;
  const start = () => {
    actor.send({ type: 'dialog.open', mode: 'login' });
    actor.send({ type: 'social.start', provider: 'google' });
    onDismiss();
  };
  return (
    <aside className="google-prompt" aria-labelledby={titleId}>
      <h2 id={titleId} className="google-prompt__title">
        {t`Sign in with your Google account`}
      </h2>
      <p>{t`Members see member prices and collect points on every stay.`}</p>
      <p className="google-prompt__actions">
        <button type="button" className="button button--primary social-button social-button--google" disabled={!ready} aria-busy={!ready} onClick={start}>
          {t`Continue with Google`}
        </button>
        <button type="button" className="button" onClick={onDismiss}>
          {t`Not now`}
        </button>
      </p>
    </aside>
  );
}
