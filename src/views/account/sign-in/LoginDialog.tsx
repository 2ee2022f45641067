import { useLingui } from '@lingui/react/macro';
import { useLocation, useMatch } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import type { Locale } from '../../../contract/locales';
import { selectIsOpen } from '../../../machines/login/login.selectors';
import { LoginPanel } from './LoginPanel';
import { useLoginActor, useLoginSelector } from '../../shell/session-context';

/**
 * The sign-in dialog: a native modal <dialog> (showModal makes the rest of the page inert, keeps focus
 * inside and turns Escape into `cancel`), opened by the Sign in button and by links to #open-login-popup.
 * Closing gives focus back to what had it before. Not shown over the login page, which has the same
 * content in full; a navigation closes it.
 */
export function LoginDialog({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = useLoginActor();
  const open = useLoginSelector(selectIsOpen);
  // The login page itself, whatever its query (a token, a reset link): its route matches the whole
  // address, not only its start (a page under it is another page).
  const { pathname } = useLocation();
  const loginPath = useMatch({ from: '/$locale/account/login', shouldThrow: false, select: (match) => match.pathname });
  const onLoginPage = loginPath !== undefined && pathname.replace(/\/+$/, '') === loginPath;
  const show = open && !onLoginPage;
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The dialog is loaded on the first request to open it: what had focus then (the Sign in button) is
  // where focus goes back to, until focus moves elsewhere outside the dialog.
  const returnFocus = useRef<HTMLElement | null>(typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const titleId = useId();

  // DOM work: remembers what had focus outside the dialog, to give it back on closing (the dialog's first
  // field takes focus as it renders, before any effect could ask what had it).
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !dialogRef.current?.contains(event.target)) returnFocus.current = event.target;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  // DOM work: opens and closes the native dialog (showModal), moves focus in and gives it back.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (show && !dialog.hasAttribute('open')) {
      // Browsers without showModal (and test DOMs) get an open, non-modal dialog.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // showModal focuses the first focusable element; the first field is where the visitor starts.
      dialog.querySelector<HTMLElement>('input:not([type="hidden"]), .login-panel button')?.focus();
    } else if (!show && dialog.hasAttribute('open')) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (returnFocus.current?.isConnected) returnFocus.current.focus();
    }
  }, [show]);

  const close = () => actor.send({ type: 'dialog.close' });
  return (
    <dialog
      ref={dialogRef}
      className="login-dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: the machine closes the dialog, and the effect above closes the element.
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialogRef.current) close();
      }}
    >
      {show ? (
        <div className="login-dialog__content">
          <button type="button" className="login-dialog__close" aria-label={t`Close`} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
          <LoginPanel locale={locale} titleId={titleId} />
        </div>
      ) : null}
    </dialog>
  );
}
