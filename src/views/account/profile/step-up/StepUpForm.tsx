import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AnyActorRef } from 'xstate';
import { sameStepUpView, selectStepUpView, type StepUpRef, type StepUpView } from '../../../../machines/step-up/step-up.selectors';
import { selectProfile } from '../../../../machines/session/session.selectors';
import { SessionActorContext } from '../../../shell/session-context';
import { useCodeWords } from './code-words';
import { CodeEntry } from './CodeEntry';

/**
 * The step-up's form (src/machines/step-up): "Confirm it's you" with a code mailed to the member's current
 * address. Any flow that invokes the step-up as its child `stepUp` renders this with that child
 * (`snapshot.children.stepUp`); until the child runs it renders nothing. `purpose` says in a sentence what
 * the code is for ("To change your email address, …"); the form adds where the code went.
 */
export function StepUpForm({ actor, purpose }: { actor: AnyActorRef | undefined | null; purpose?: string }) {
  if (!actor) return null;
  // A parent's `snapshot.children.stepUp` is typed as any of its children: by its id it is the step-up.
  return <StepUpSteps actor={actor as StepUpRef} purpose={purpose} />;
}

const noView: StepUpView = { step: 'done' };

function StepUpSteps({ actor, purpose }: { actor: StepUpRef; purpose: string | undefined }) {
  const { t } = useLingui();
  const words = useCodeWords();
  const view = useSelector(actor, selectStepUpView, sameStepUpView) ?? noView;
  const email = SessionActorContext.useSelector((snapshot) => selectProfile(snapshot)?.email ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = view.step;

  // DOM work: a step without a field (sending, not sent, expired) takes the focus on its heading, so a
  // screen reader reads it and the keyboard stays in the form; the code's field focuses itself.
  useEffect(() => {
    if (step !== 'code') heading.current?.focus();
  }, [step]);

  const address = email ? <bdi>{email}</bdi> : t`your email address`;
  const cancel = () => actor.send({ type: 'stepUp.cancel' });
  const title = (
    <h3 ref={heading} tabIndex={-1} className="step-up__title">
      {t`Confirm it’s you`}
    </h3>
  );

  switch (view.step) {
    case 'sending':
      return (
        <section className="step-up" aria-busy="true">
          {title}
          <p role="status">
            <Trans>Sending a code to {address}…</Trans>
          </p>
        </section>
      );
    case 'notSent':
      return (
        <section className="step-up">
          {title}
          <p className="code-entry__failure" role="alert">
            {words.failure(view.failure ?? 'failed', view.retryAfterSeconds)}
          </p>
          <p className="code-entry__actions">
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'stepUp.resend' })}>
              {t`Send a code`}
            </button>
            <button type="button" className="link-button" onClick={cancel}>
              {t`Cancel`}
            </button>
          </p>
        </section>
      );
    case 'code':
      return (
        <section className="step-up">
          {title}
          <CodeEntry
            lead={
              <p>
                {purpose ? `${purpose} ` : ''}
                <Trans>We have sent a 6-digit code to {address}. Enter it to continue.</Trans>
              </p>
            }
            code={view.code}
            problem={view.problem}
            failure={view.failure}
            retryAfterSeconds={view.retryAfterSeconds}
            resent={view.resent}
            busy={view.busy === 'verifying' ? 'checking' : view.busy}
            submitLabel={t`Continue`}
            checkingLabel={t`Checking the code…`}
            onSubmit={(code) => actor.send({ type: 'stepUp.submit', code })}
            onResend={() => actor.send({ type: 'stepUp.resend' })}
            onCancel={cancel}
          />
        </section>
      );
    case 'expired':
      return (
        <section className="step-up">
          {title}
          <p className="code-entry__failure" role="alert">
            {words.expired(view.expiredBy)}
          </p>
          <p className="code-entry__actions">
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'stepUp.resend' })}>
              {t`Send a new code`}
            </button>
            <button type="button" className="link-button" onClick={cancel}>
              {t`Cancel`}
            </button>
          </p>
        </section>
      );
    case 'done':
      return null;
  }
}
