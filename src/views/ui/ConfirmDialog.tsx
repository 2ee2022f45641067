import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The buttons, the confirming one last. */
  actions: ReactNode;
  onClose: () => void;
}

/**
 * A native modal <dialog> asking to confirm an action: showModal makes the page behind inert, keeps focus
 * inside and turns Escape into `cancel`. Closing gives focus back to what opened it.
 */
export function ConfirmDialog({ open, title, children, actions, onClose }: ConfirmDialogProps) {
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
      dialog.querySelector<HTMLElement>('button')?.focus();
    } else if (!open && dialog.hasAttribute('open')) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (returnFocus.current?.isConnected) returnFocus.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
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
          <p className="confirm-dialog__actions">{actions}</p>
        </div>
      ) : null}
    </dialog>
  );
}
