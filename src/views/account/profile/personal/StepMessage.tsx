import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** A step that is a message and its buttons: the message takes the focus, so a screen reader reads it. */
export function StepMessage({ message, alert = false, children }: { message: ReactNode; alert?: boolean; children: ReactNode }) {
  const text = useRef<HTMLParagraphElement>(null);
  // DOM work: the message replaces the step before it; focus moves to it.
  useEffect(() => text.current?.focus(), []);
  return (
    <div className="profile-change-dialog__step">
      <p ref={text} tabIndex={-1} role={alert ? 'alert' : 'status'} className={alert ? 'code-entry__failure' : undefined}>
        {message}
      </p>
      <p className="code-entry__actions">{children}</p>
    </div>
  );
}
