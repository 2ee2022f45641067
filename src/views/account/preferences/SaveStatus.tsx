import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** Where one change stands: not sent, on its way, saved, or refused (with the words for why, when known). */
export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; message?: ReactNode } | { kind: 'failed'; message?: ReactNode };

/**
 * The line under one choice that tells what became of its change. It is a live region from the first
 * render on (empty while nothing was changed), so screen readers hear "Saving…", "Saved" or the failure
 * as it happens, for this choice only.
 */
export function SaveStatus({ id, state }: { id: string; state: SaveState }) {
  const { t } = useLingui();
  let text: ReactNode = null;
  if (state.kind === 'saving') text = t`Saving…`;
  if (state.kind === 'saved') text = state.message ?? t`Saved`;
  if (state.kind === 'failed') text = state.message ?? t`Could not save, try again.`;
  return (
    <p id={id} className={`save-status save-status--${state.kind}`} role="status">
      {text}
    </p>
  );
}

/** A mutation's status as a SaveState (the messages are the caller's). */
export function saveStateOf(status: 'idle' | 'pending' | 'success' | 'error', messages: { saved?: ReactNode; failed?: ReactNode } = {}): SaveState {
  switch (status) {
    case 'pending':
      return { kind: 'saving' };
    case 'success':
      return { kind: 'saved', message: messages.saved };
    case 'error':
      return { kind: 'failed', message: messages.failed };
    default:
      return { kind: 'idle' };
  }
}
