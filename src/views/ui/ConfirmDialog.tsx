import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The buttons, the confirming one last; none for a dialog whose steps carry their own. */
  actions?: ReactNode;
  onClose: () => void;
  /**
   * `firstButton` (the default): the safe choice takes focus, so Enter never confirms by accident.
   * `content`: the content focuses its own first field or heading (a dialog of steps).
   */
  initialFocus?: 'firstButton' | 'content';
  /** A wider dialog, for forms: `wide`. */
  size?: 'normal' | 'wide';
}

/**
 * A native modal <dialog> asking to confirm an action: showModal makes the page behind inert, keeps focus
 * inside and turns Escape into `cancel`. Closing gives focus back to what opened it.
 */
export function ConfirmDialog({ open, title, children, actions, onClose, initialFocus = 'firstButton', size = 'normal' }: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();

  // DOM work: opens and closes the native dialog (showModal) and gives focus back on closing.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.hasAttribute('open')) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // Browsers without showModal (and test DOMs) get an open, non-modal dialog.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The safe choice takes focus first: Enter never confirms by accident.
      if (initialFocus === 'firstButton') dialog.querySelector<HTMLElement>('button')?.focus();
    } else if (!open && dialog.hasAttribute('open')) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (returnFocus.current?.isConnected) returnFocus.current.focus();
    }
  }, [open, initialFocus]);

  return (
    <dialog
      ref={dialogRef}
      className={size === 'wide' ? 'confirm-dialog confirm-dialog--wide' : 'confirm-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className="confirm-dialog__content">
          <h2 id={titleId}>{title}</h2>
          {children}
          {actions ? <p className="confirm-dialog__actions">{actions}</p> : null}
        </div>
      ) : null}
    </dialog>
  );
}
