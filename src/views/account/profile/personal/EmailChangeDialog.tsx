import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { sameEmailChangeView, selectEmailChangeView, type EmailChangeView } from '../../../../machines/email-change/email-change.selectors';
import type { EmailChangeFailure, EmailProblem } from '../../../../machines/email-change/email-change.types';
import { Field } from '../../../ui/fields';
import { useCodeWords } from '../step-up/code-words';
import { CodeEntry } from '../step-up/CodeEntry';
import { StepUpForm } from '../step-up/StepUpForm';
import { ChangeDialog } from './ChangeDialog';
import { EmailChangeActorContext } from './profile-change-context';
import { StepMessage } from './StepMessage';

/**
 * The email change's dialog, one step at a time: the step-up (a code to the current address), the new
 * address, the code mailed to it, and the change done. Closing it (Cancel, Escape) gives the change up.
 */
export function EmailChangeDialog() {
  const { t } = useLingui();
  const actor = EmailChangeActorContext.useActorRef();
  const view = EmailChangeActorContext.useSelector(selectEmailChangeView, sameEmailChangeView);
  const close = () => actor.send(view.step === 'changed' ? { type: 'change.close' } : { type: 'change.cancel' });
  return (
    <ChangeDialog open={view.step !== 'closed'} title={t`Change your email address`} onClose={close}>
      <EmailChangeStep view={view} />
    </ChangeDialog>
  );
}

function EmailChangeStep({ view }: { view: EmailChangeView }) {
  const { t } = useLingui();
  const actor = EmailChangeActorContext.useActorRef();
  const words = useCodeWords();
  const cancel = () => actor.send({ type: 'change.cancel' });
  switch (view.step) {
    case 'closed':
      return null;
    case 'stepUp':
      return <StepUpForm actor={view.stepUp} purpose={t`To change your email address, first confirm that you can read your current mailbox.`} />;
    case 'email':
      return <NewAddressForm view={view} />;
    case 'code': {
      const email = <bdi>{view.email}</bdi>;
      return (
        <CodeEntry
          lead={
            <p>
              <Trans>
                If {email} can be used for your account, we have sent a 6-digit code to it. Enter the code to confirm the change. If none arrives,
                check the address or use another one.
              </Trans>
            </p>
          }
          code={view.code}
          problem={view.problem}
          failure={view.failure === 'tooMany' || view.failure === 'failed' ? view.failure : null}
          retryAfterSeconds={view.retryAfterSeconds}
          resent={view.resent}
          busy={view.busy === 'verifying' ? 'checking' : view.busy}
          submitLabel={t`Change my email address`}
          checkingLabel={t`Changing your email address…`}
          onSubmit={(code) => actor.send({ type: 'code.submit', code })}
          onResend={() => actor.send({ type: 'code.resend' })}
          onCancel={cancel}
          more={
            <p className="code-entry__actions">
              <button type="button" className="link-button" onClick={() => actor.send({ type: 'email.edit' })}>
                {t`Use another address`}
              </button>
            </p>
          }
        />
      );
    }
    case 'expired':
      return (
        <StepMessage message={words.expired(view.expiredBy)} alert>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'code.resend' })}>
            {t`Send a new code`}
          </button>
          <button type="button" className="button" onClick={() => actor.send({ type: 'email.edit' })}>
            {t`Use another address`}
          </button>
          <button type="button" className="link-button" onClick={cancel}>
            {t`Cancel`}
          </button>
        </StepMessage>
      );
    case 'changed': {
      const email = <bdi>{view.email}</bdi>;
      return (
        <StepMessage
          message={
            <Trans>
              Your email address is now {email}. Use it to sign in from now on. We have told your previous address about the change and signed you out on
              your other devices.
            </Trans>
          }
        >
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'change.close' })}>
            {t`Close`}
          </button>
        </StepMessage>
      );
    }
  }
}

function NewAddressForm({ view }: { view: Extract<EmailChangeView, { step: 'email' }> }) {
  const { t } = useLingui();
  const actor = EmailChangeActorContext.useActorRef();
  const words = useCodeWords();
  const form = useRef<HTMLFormElement>(null);
  const { problem, failure } = view;

  const focusField = () => form.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
  // DOM work: the field takes the focus when the form appears, and again when the BFF refused the address.
  useEffect(() => focusField(), [problem, failure]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'email.submit', email: String(new FormData(event.currentTarget).get('email') ?? '') });
    // DOM work after the press: an address to correct keeps the focus (the same problem twice changes no state).
    if (selectEmailChangeView(actor.getSnapshot()).step === 'email') focusField();
  };
  const problems: Record<EmailProblem, string> = {
    required: t`Enter your new email address.`,
    format: t`Enter a valid email address, for example name@example.com.`,
    same: t`This is your email address already. Enter the new one.`,
  };
  const failures: Record<EmailChangeFailure, string> = {
    taken: t`This address now belongs to another account. Please use another address.`,
    noRequest: t`The change was no longer waiting for its code. Please enter the new address again.`,
    tooMany: words.failure('tooMany', view.retryAfterSeconds),
    failed: words.failure('failed', null),
  };
  return (
    <form ref={form} className="profile-change-dialog__form" noValidate onSubmit={submit} aria-busy={view.busy}>
      <p>{t`We will send a code to the new address. The change is made once you enter it here.`}</p>
      {failure ? (
        <p className="code-entry__failure" role="alert">
          {failures[failure]}
        </p>
      ) : null}
      <Field
        name="email"
        type="email"
        label={t`New email address`}
        autoComplete="email"
        spellCheck={false}
        defaultValue={view.email}
        error={problem ? problems[problem] : undefined}
        announceError
      />
      <p className="code-entry__status" role="status">
        {view.busy ? t`Sending a code to the new address…` : ''}
      </p>
      <p className="code-entry__actions">
        <button type="submit" className="button button--primary" aria-disabled={view.busy} aria-busy={view.busy}>
          {t`Send a code to this address`}
        </button>
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'change.cancel' })}>
          {t`Cancel`}
        </button>
      </p>
    </form>
  );
}
