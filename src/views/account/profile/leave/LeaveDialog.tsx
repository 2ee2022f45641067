import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import type { Locale } from '../../../../contract/locales';
import { selectLeaveDialog } from '../../../../machines/cancel-membership/cancel-membership.selectors';
import type { LeaveDialog as LeaveStep } from '../../../../machines/cancel-membership/cancel-membership.selectors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CancelMembershipActorContext } from './cancel-membership-context';
import { CodeStep, Consequences, Goodbye, LeaveFailureMessage } from './LeaveSteps';

/**
 * The dialog of leaving, one step at a time: the code being asked for, what leaving means for this
 * member, the code from the mail with the ticked understanding, and the goodbye. "Keep my membership"
 * (and Escape) leaves every step before the end; Escape on the goodbye leaves it like its link home.
 */
export function LeaveDialog({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const leave = CancelMembershipActorContext.useActorRef();
  const dialog = CancelMembershipActorContext.useSelector(selectLeaveDialog);
  const content = useRef<HTMLDivElement>(null);
  const formId = useId();
  const step = dialog?.step ?? null;

  // DOM work: each step takes the focus where it begins (its lead text, or the code field), so that a
  // keyboard stays in the dialog and a screen reader reads the new step; the buttons of the step before are gone.
  useEffect(() => {
    content.current?.closest('dialog')?.querySelector<HTMLElement>('[data-step-focus]')?.focus();
  }, [step]);

  const onClose = () => leave.send(step === 'ended' ? { type: 'goodbye.leave' } : { type: 'leave.cancel' });
  const titles: Record<LeaveStep['step'], string> = {
    requesting: t`End your membership?`,
    requestFailed: t`End your membership?`,
    reviewing: t`What leaving means for you`,
    code: t`Confirm with the code from your email`,
    ended: t`Your membership has ended`,
  };

  return (
    <ConfirmDialog
      open={dialog !== null}
      title={dialog ? titles[dialog.step] : ''}
      onClose={onClose}
      actions={dialog ? <LeaveActions dialog={dialog} formId={formId} locale={locale} /> : null}
    >
      <div ref={content} className="profile-leave__dialog">
        {dialog?.step === 'requesting' ? (
          <p role="status" tabIndex={-1} data-step-focus>
            {t`We are emailing you a code and looking up what leaving means for you…`}
          </p>
        ) : dialog?.step === 'requestFailed' ? (
          <p className="profile-leave__failure" tabIndex={-1} data-step-focus>
            <LeaveFailureMessage failure={dialog.failure} />
          </p>
        ) : dialog?.step === 'reviewing' ? (
          <Consequences summary={dialog.summary} locale={locale} />
        ) : dialog?.step === 'code' ? (
          <CodeStep step={dialog} formId={formId} />
        ) : dialog?.step === 'ended' ? (
          <Goodbye upcomingBookingsKept={dialog.upcomingBookingsKept} />
        ) : null}
      </div>
    </ConfirmDialog>
  );
}

/**
 * The step's buttons, the safe one first: Keep my membership, then the step's way on. Each way on has a
 * key of its own: were Continue's element reused for End, the click that shows the code step would, once
 * handled, submit its form as End.
 */
function LeaveActions({ dialog, formId, locale }: { dialog: LeaveStep; formId: string; locale: Locale }) {
  const { t } = useLingui();
  const leave = CancelMembershipActorContext.useActorRef();
  const keep = (disabled = false) => (
    <button type="button" className="button" onClick={() => leave.send({ type: 'leave.cancel' })} disabled={disabled}>
      {t`Keep my membership`}
    </button>
  );
  switch (dialog.step) {
    case 'requesting':
      return keep();
    case 'requestFailed':
      return (
        <>
          {keep()}
          {dialog.canRetry ? (
            <button key="retry" type="button" className="button button--primary" onClick={() => leave.send({ type: 'leave.retry' })}>
              {t`Try again`}
            </button>
          ) : null}
        </>
      );
    case 'reviewing':
      return (
        <>
          {keep()}
          <button key="continue" type="button" className="button button--primary" onClick={() => leave.send({ type: 'leave.continue' })}>
            {t`Continue`}
          </button>
        </>
      );
    case 'code': {
      const confirming = dialog.busy === 'confirming';
      return (
        <>
          {keep(confirming)}
          {/* aria-disabled, not disabled: the pressed button keeps the focus; the machine ignores a press while busy. */}
          <button key="end" type="submit" form={formId} className="button profile-leave__end" aria-disabled={dialog.busy !== null} aria-busy={confirming}>
            {confirming ? t`Ending your membership…` : t`End my membership`}
          </button>
        </>
      );
    }
    case 'ended':
      return (
        <Link to="/$locale/" params={{ locale }} className="button button--primary" onClick={() => leave.send({ type: 'goodbye.leave' })}>
          {t`Go to the home page`}
        </Link>
      );
  }
}
