import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';

interface PrivacySettingsControl {
  /** Whether the privacy settings dialog is open. */
  open: boolean;
  /** Opens the settings; focus goes back to what had it when they close. */
  openSettings: () => void;
  closeSettings: () => void;
  /** Gives focus back once the dialog has closed: to what opened it, or, when that is gone, near it. */
  restoreFocus: () => void;
}

const PrivacySettingsContext = createContext<PrivacySettingsControl>({
  open: false,
  openSettings: () => undefined,
  closeSettings: () => undefined,
  restoreFocus: () => undefined,
});

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), a[href]';

/**
 * Where focus goes when what opened the settings is gone (a choice can remove it: the banner's button,
 * the sign-in panel's consent line): into the nearest of its former containers still on the page when
 * that is inside another open dialog (the sign-in dialog under ours), else to the page's content.
 */
function focusFallback(formerAncestors: readonly HTMLElement[]): HTMLElement | null {
  const surviving = formerAncestors.find((element) => element.isConnected);
  const dialog = surviving?.closest('dialog[open]');
  if (surviving && dialog) return surviving.querySelector<HTMLElement>(FOCUSABLE) ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
  return document.getElementById('main');
}

function ancestorsOf(element: HTMLElement | null): HTMLElement[] {
  const ancestors: HTMLElement[] = [];
  for (let parent = element?.parentElement; parent; parent = parent.parentElement) ancestors.push(parent);
  return ancestors;
}

/**
 * Opens the privacy settings from anywhere in the shell: the banner, the footer, the sign-in panel. The
 * element that asked keeps the focus to return to.
 */
export function PrivacySettingsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const returnFocus = useRef<{ opener: HTMLElement | null; ancestors: HTMLElement[] }>({ opener: null, ancestors: [] });
  const openSettings = useCallback(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    returnFocus.current = { opener, ancestors: ancestorsOf(opener) };
    setOpen(true);
  }, []);
  const closeSettings = useCallback(() => setOpen(false), []);
  const restoreFocus = useCallback(() => {
    const { opener, ancestors } = returnFocus.current;
    returnFocus.current = { opener: null, ancestors: [] };
    // The opener was on screen when used, and the fallback must not jump the page to its content's top.
    (opener?.isConnected ? opener : focusFallback(ancestors))?.focus({ preventScroll: true });
  }, []);
  const control = useMemo(() => ({ open, openSettings, closeSettings, restoreFocus }), [open, openSettings, closeSettings, restoreFocus]);
  return <PrivacySettingsContext.Provider value={control}>{children}</PrivacySettingsContext.Provider>;
}

export function usePrivacySettings(): PrivacySettingsControl {
  return useContext(PrivacySettingsContext);
}
