import type { ReactNode } from 'react';
import type { LoginEntryMode } from '../../machines/login/login.types';
import { LoginActorContext } from './session-context';

/** A button that opens the sign-in dialog (in a given mode, or where the visitor left it). */
export function SignInButton({ mode, className = 'button button--primary', children }: { mode?: LoginEntryMode; className?: string; children: ReactNode }) {
  const actor = LoginActorContext.useActorRef();
  return (
    <button type="button" className={className} onClick={() => actor.send(mode ? { type: 'dialog.open', mode } : { type: 'dialog.open' })}>
      {children}
    </button>
  );
}
