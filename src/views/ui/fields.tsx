import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { AUTH_LIMITS, SALUTATIONS } from '../../contract/auth';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/**
 * A labelled input with its hint and its error, tied together for screen readers. `id` names the input
 * for in-page links (an error summary); `announceError` reads an error out as soon as it appears (for an
 * error that follows a button press rather than the guest's typing in the field).
 */
export function Field({
  label,
  hint,
  error,
  id: fixedId,
  announceError = false,
  ...input
}: InputProps & { label: string; hint?: string | undefined; error?: string | undefined; name: string; id?: string | undefined; announceError?: boolean }) {
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <p className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <span id={hintId} className="form-field__hint">
          {hint}
        </span>
      ) : null}
      {announceError ? (
        <span role="alert" className="form-field__announce">
          {error ? (
            <span id={errorId} className="form-field__error">
              {error}
            </span>
          ) : null}
        </span>
      ) : error ? (
        <span id={errorId} className="form-field__error">
          {error}
        </span>
      ) : null}
    </p>
  );
}

/** A checkbox with its label after it, and its error. */
export function CheckField({ label, error, ...input }: InputProps & { label: ReactNode; error?: string | undefined; name: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <p className="form-check">
        <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
        <label htmlFor={id}>{label}</label>
      </p>
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type Salutation = (typeof SALUTATIONS)[number];

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'defaultValue' | 'value' | 'children'>;

/** The salutation select: uncontrolled with `defaultValue` (forms read it on submit), or controlled with `value` and `onChange`. */
export function SalutationField({ defaultValue, value, name = 'salutation', ...select }: SelectProps & { defaultValue?: Salutation | null; value?: Salutation | '' }) {
  const { t } = useLingui();
  const id = useId();
  const names: Record<Salutation, string> = { mr: t`Mr`, ms: t`Ms`, mx: t`Mx` };
  const shown = value === undefined ? { defaultValue: defaultValue ?? '' } : { value };
  return (
    <p className="form-field">
      <label htmlFor={id}>{t`Salutation`}</label>
      <select id={id} name={name} {...shown} {...select}>
        <option value="">{t`Prefer not to say`}</option>
        {SALUTATIONS.map((salutation) => (
          <option key={salutation} value={salutation}>
            {names[salutation]}
          </option>
        ))}
      </select>
    </p>
  );
}

export const formText = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

export const isSalutation = (value: string): value is Salutation => (SALUTATIONS as readonly string[]).includes(value);

/** A simple email check; the BFF checks again. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** A new password: the length rules of the contract, shown as a hint and checked by the browser too. */
export function NewPasswordField({ label, error, defaultValue, announceError = false }: { label: string; error?: string | undefined; defaultValue?: string; announceError?: boolean }) {
  const { t } = useLingui();
  const minLength = AUTH_LIMITS.passwordMinLength;
  return (
    <Field
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={minLength}
      maxLength={AUTH_LIMITS.passwordMaxLength}
      hint={t`At least ${minLength} characters.`}
      error={error}
      announceError={announceError}
      {...(defaultValue === undefined ? {} : { defaultValue })}
    />
  );
}
