import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';

interface DisclosurePanelProps {
  /** What the button shows. */
  summary: ReactNode;
  /**
   * The field's name, read before what the button shows. The button's name is its own text (this name,
   * visually hidden, then the summary), so what a person sees on it is always part of what they can say.
   */
  label: string;
  buttonClassName?: string;
  panelClassName?: string;
  panelLabel: string;
  children: (close: () => void) => ReactNode;
}

/**
 * A button that opens a panel below it: Escape or a click outside closes it and gives focus back to the
 * button. The disclosure pattern needs no library, so the search bar stays light.
 */
export function DisclosurePanel({ summary, label, buttonClassName, panelClassName, panelLabel, children }: DisclosurePanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    document.getElementById(buttonId)?.focus();
  };

  // DOM work: a pointer press outside the open panel closes it (a document listener).
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      className="disclosure"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        id={buttonId}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">{label} </span>
        {summary}
      </button>
      {open ? (
        <div id={panelId} className={panelClassName} role="group" aria-label={panelLabel}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
