import type { ReactNode } from 'react';
import type { LoginEntryMode } from '../../../machines/login/login.types';
import { useLoginControl } from '../../shell/session-context';

/** A button that opens the sign-in dialog (in a given mode, or where the visitor left it). */
export function SignInButton({ mode, className = 'button button--primary', children }: { mode?: LoginEntryMode; className?: string; children: ReactNode }) {
  const { open } = useLoginControl();
  return (
    <button type="button" className={className} onClick={() => open(mode)}>
      {children}
    </button>
  );
}
