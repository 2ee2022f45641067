import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { selectIsOpen } from '../../../machines/login/login.selectors';
import { useLoginSelector } from '../../shell/session-context';

/**
 * The Google one-tap prompt: a small, non-modal card at the end of the page offering to continue with
 * Google. Its button opens the sign-in dialog and starts the Google sign-in there, so waiting, errors and
 * the timeout show where they show for the dialog's own button. It steps aside while the dialog is open.
 * The button waits (`ready`) for the sign-in library: Google's popup must open within the click.
 */
export function GoogleOneTapPrompt({ ready, onStart, onDismiss }: { ready: boolean; onStart: () => void; onDismiss: () => void }) {
  const { t } = useLingui();
  const dialogOpen = useLoginSelector(selectIsOpen);
  const titleId = useId();
  if (dialogOpen) return null;
  return (
    <aside className="google-prompt" aria-labelledby={titleId}>
      <h2 id={titleId} className="google-prompt__title">
        {t`Sign in with your Google account`}
      </h2>
      <p>{t`Members see member prices and collect points on every stay.`}</p>
      <p className="google-prompt__actions">
        <button type="button" className="button button--primary social-button social-button--google" disabled={!ready} aria-busy={!ready} onClick={onStart}>
          {t`Continue with Google`}
        </button>
        <button type="button" className="button" onClick={onDismiss}>
          {t`Not now`}
        </button>
      </p>
    </aside>
  );
}
