import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { CodeFailure, CodeProblem } from '../../../../machines/step-up/step-up.types';
import { Field } from '../../../ui/fields';
import { useCodeWords } from './code-words';
import { DemoMailboxLink } from './DemoMailboxLink';
import './code-entry.css';

export interface CodeEntryProps {
  /** What the code is for and where it went, above the field. */
  lead: ReactNode;
  /** The code typed last: a refused code stays in the field. */
  code: string;
  problem: CodeProblem | null;
  failure: CodeFailure | null;
  retryAfterSeconds: number | null;
  /** A new code was mailed on request. */
  resent: boolean;
  busy: 'checking' | 'resending' | null;
  submitLabel: string;
  checkingLabel: string;
  onSubmit(code: string): void;
  onResend(): void;
  onCancel(): void;
  /** More ways on, after the buttons (e.g. "Use another address"). */
  more?: ReactNode;
}

/**
 * The form of a mailed one-time code, as every flow with one shows it (the step-up, the email, name and
 * birthday changes): the field with its problem, why the last request failed, "Send a new code", Cancel,
 * and in the demo the mailbox. What happens is the machine's: this form only sends what was done.
 */
export function CodeEntry(props: CodeEntryProps) {
  const { t } = useLingui();
  const words = useCodeWords();
  const fieldId = useId();
  const field = useRef<HTMLFormElement>(null);
  const { problem, failure, busy } = props;

  // DOM work: the field takes the focus when the form appears and again when its code was refused.
  useEffect(() => {
    field.current?.querySelector<HTMLInputElement>(`[id="${fieldId}"]`)?.focus();
  }, [problem, fieldId]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit(String(new FormData(event.currentTarget).get('code') ?? ''));
  };
  const status = busy === 'checking' ? props.checkingLabel : busy === 'resending' ? t`Sending a new code…` : props.resent ? t`We have sent you a new code. The one before no longer works.` : '';

  return (
    <form ref={field} className="code-entry" noValidate onSubmit={submit} aria-busy={busy !== null}>
      <div className="code-entry__lead">{props.lead}</div>
      {failure ? (
        <p className="code-entry__failure" role="alert">
          {words.failure(failure, props.retryAfterSeconds)}
        </p>
      ) : null}
      <Field
        id={fieldId}
        name="code"
        label={words.codeLabel}
        hint={words.validFor}
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={12}
        defaultValue={props.code}
        error={problem ? words.problem(problem) : undefined}
        announceError
      />
      <p className="code-entry__status" role="status">
        {status}
      </p>
      <p className="code-entry__actions">
        {/* aria-disabled, not disabled: a pressed button keeps the focus; the machine ignores a press while busy. */}
        <button type="submit" className="button button--primary" aria-disabled={busy !== null} aria-busy={busy === 'checking'}>
          {busy === 'checking' ? props.checkingLabel : props.submitLabel}
        </button>
        <button type="button" className="button" aria-disabled={busy !== null} onClick={props.onResend}>
          {t`Send a new code`}
        </button>
        <button type="button" className="link-button" onClick={props.onCancel}>
          {t`Cancel`}
        </button>
      </p>
      {props.more}
      <DemoMailboxLink />
    </form>
  );
}
