import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { ConsentCategory } from '../../../services/consent/consent';
import { useConsentChoice } from '../../../services/consent/queries';
import { useCategoryTexts } from './category-texts';
import { usePrivacySettings } from './privacy-settings-context';

/**
 * The privacy settings: every category with its name and description, `necessary` on and fixed, a
 * checkbox for each of the others. A native modal <dialog> as the sign-in dialog is (showModal makes the
 * page inert, keeps focus inside and turns Escape into `cancel`); closing gives focus back to what opened
 * it. Opened from the banner, the footer and the sign-in panel, at any time.
 */
export function ConsentSettingsDialog() {
  const { t } = useLingui();
  const { open, closeSettings, restoreFocus } = usePrivacySettings();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // DOM work: opens and closes the native dialog (showModal).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.hasAttribute('open')) {
      // Browsers without showModal (and test DOMs) get an open, non-modal dialog.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>('input:not(:disabled)')?.focus();
    } else if (!open && dialog.hasAttribute('open')) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      restoreFocus();
    }
  }, [open, restoreFocus]);

  return (
    <dialog
      ref={dialogRef}
      className="consent-dialog"
      aria-labelledby={titleId}
      // Only while open: a closed dialog must not count as an open overlay (see LoginHost's overlayOpen).
      aria-modal={open ? 'true' : undefined}
      onCancel={(event) => {
        // Escape: closes through the state, and the effect above closes the element.
        event.preventDefault();
        closeSettings();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          closeSettings();
        }
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it unsaved.
        if (event.target === dialogRef.current) closeSettings();
      }}
    >
      {open ? (
        <div className="consent-dialog__content">
          <button type="button" className="consent-dialog__close" aria-label={t`Close`} onClick={closeSettings}>
            <span aria-hidden="true">×</span>
          </button>
          <h2 id={titleId}>{t`Privacy settings`}</h2>
          <p>{t`Choose what you allow on this device. You can change your choice here at any time.`}</p>
          <CategoryForm onDone={closeSettings} />
        </div>
      ) : null}
    </dialog>
  );
}

/** Mounted each time the dialog opens, so it starts from the choice in force then. */
function CategoryForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const texts = useCategoryTexts();
  const { granted, categories, choose: chooseConsent } = useConsentChoice();
  const [selected, setSelected] = useState<ReadonlySet<ConsentCategory>>(() => new Set(granted));
  const idPrefix = useId();

  const toggle = (category: ConsentCategory, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(category);
      else next.delete(category);
      return next;
    });
  };
  const choose = (categories: readonly ConsentCategory[]) => {
    chooseConsent(categories);
    onDone();
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    choose(categories.filter((category) => selected.has(category)));
  };

  return (
    <form className="consent-form" onSubmit={save}>
      <fieldset className="consent-form__categories">
        <legend className="visually-hidden">{t`Categories`}</legend>
        <ul>
          {categories.map((category) => {
            const inputId = `${idPrefix}-${category}`;
            const necessary = category === 'necessary';
            return (
              <li key={category} className="consent-category">
                <input
                  id={inputId}
                  type="checkbox"
                  name={category}
                  checked={necessary || selected.has(category)}
                  disabled={necessary}
                  aria-describedby={`${inputId}-description`}
                  onChange={(event) => toggle(category, event.currentTarget.checked)}
                />
                <label htmlFor={inputId} className="consent-category__name">
                  {texts[category].name}
                </label>
                <p id={`${inputId}-description`} className="consent-category__description">
                  {texts[category].description}
                </p>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className="consent-form__actions">
        <button type="submit" className="button button--primary">
          {t`Save choices`}
        </button>
        <button type="button" className="button" onClick={() => choose(categories)}>
          {t`Accept all`}
        </button>
        <button type="button" className="button" onClick={() => choose([])}>
          {t`Reject all`}
        </button>
      </p>
    </form>
  );
}
