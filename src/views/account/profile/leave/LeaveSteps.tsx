import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { AUTH_LIMITS } from '../../../../contract/auth';
import type { Locale } from '../../../../contract/locales';
import type { CancellationSummary } from '../../../../contract/member-account';
import type { LeaveDialog } from '../../../../machines/cancel-membership/cancel-membership.selectors';
import type { LeaveFailure } from '../../../../machines/cancel-membership/cancel-membership.types';
import { demoMailboxQuery } from '../../../../services/account/queries';
import { CheckField, Field } from '../../../ui/fields';
import { formatPoints } from '../../../ui/format/money';
import { CancelMembershipActorContext } from './cancel-membership-context';

/** What leaving means for this member, as the BFF answered: lost, expiring, erased, kept. */
export function Consequences({ summary, locale }: { summary: CancellationSummary; locale: Locale }) {
  const { t } = useLingui();
  const points = formatPoints(summary.points, locale);
  return (
    <>
      <p tabIndex={-1} data-step-focus>
        {t`If you end your membership now:`}
      </p>
      <ul className="profile-leave__consequences">
        <li data-consequence="lost">{summary.points > 0 ? t`Your ${points} points are lost.` : t`You have no points to lose.`}</li>
        <li data-consequence="lost">
          <Plural value={summary.vouchers} _0="You have no valid vouchers." one="Your valid voucher expires and can no longer be used." other="Your # valid vouchers expire and can no longer be used." />
        </li>
        <li data-consequence="lost">{t`Your name, address, preferences, favourite hotels, saved cards and newsletter subscriptions are erased.`}</li>
        <li data-consequence="kept">
          <Plural
            value={summary.upcomingBookings}
            _0="You have no upcoming bookings."
            one="Your upcoming booking is kept and stays valid: you find it through the links in its booking mail."
            other="Your # upcoming bookings are kept and stay valid: you find them through the links in their booking mails."
          />
        </li>
      </ul>
      <p>{t`We have emailed you a code to confirm. Until you enter it, your membership stays as it is.`}</p>
    </>
  );
}

/**
 * The code from the mail and the ticked understanding, with what to correct at each field; a new code on
 * request. The fields keep what was typed through every answer; the dialog's End button submits the form.
 */
export function CodeStep({ step, formId }: { step: Extract<LeaveDialog, { step: 'code' }>; formId: string }) {
  const { t } = useLingui();
  const leave = CancelMembershipActorContext.useActorRef();
  const form = useRef<HTMLFormElement>(null);
  const { problems, confirmation, failure, codeResent, busy } = step;
  const validMinutes = AUTH_LIMITS.otpValidMinutes;
  // DOM work: after a refused confirmation the first field to correct takes the focus.
  useEffect(() => {
    const first = problems.code ? 'code' : problems.understood ? 'understood' : null;
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [problems]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    leave.send({ type: 'code.submit', confirmation: { code: String(data.get('code') ?? ''), understood: data.get('understood') === 'on' } });
  };
  const codeError = problems.code === 'format' ? t`Enter the 6-digit code from the email.` : problems.code === 'rejected' ? t`This code is not valid or has expired. Enter the code from the latest email, or ask for a new one.` : undefined;
  return (
    <form id={formId} ref={form} className="profile-leave__form" noValidate onSubmit={submit} aria-busy={busy !== null}>
      <Field
        label={t`6-digit code`}
        name="code"
        defaultValue={confirmation.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        required
        hint={t`We sent it to your email address. It is valid for ${validMinutes} minutes.`}
        error={codeError}
        announceError
        data-step-focus
      />
      <p className="profile-leave__resend">
        {/* aria-disabled, not disabled: the pressed button keeps the focus; the machine ignores a press while busy. */}
        <button type="button" className="button" aria-disabled={busy !== null} aria-busy={busy === 'resending'} onClick={() => leave.send({ type: 'code.resend' })}>
          {busy === 'resending' ? t`Sending a new code…` : t`Send a new code`}
        </button>
      </p>
      <p role="status">{codeResent ? t`We have sent you a new code. Only the newest code works.` : null}</p>
      <DemoMailboxLink />
      <CheckField
        name="understood"
        defaultChecked={confirmation.understood}
        label={t`I understand that my points and vouchers are lost and that this cannot be undone.`}
        error={problems.understood ? t`Tick this box to confirm that you want to leave.` : undefined}
      />
      {failure ? (
        <p role="alert" className="profile-leave__failure">
          <LeaveFailureMessage failure={failure} />
        </p>
      ) : null}
    </form>
  );
}

/** The end: what was kept, and that leaving the goodbye signs the member out. */
export function Goodbye({ upcomingBookingsKept }: { upcomingBookingsKept: number | null }) {
  const { t } = useLingui();
  return (
    <>
      <p tabIndex={-1} data-step-focus>
        {t`Thank you for having been an H Rewards member. Your points have been forfeited and your personal data has been erased.`}
      </p>
      <p>
        {upcomingBookingsKept === null ? (
          t`Bookings you made stay valid: you find them through the links in their booking mails.`
        ) : (
          <Plural
            value={upcomingBookingsKept}
            _0="You had no upcoming bookings."
            one="Your upcoming booking stays valid: you find it through the links in its booking mail."
            other="Your # upcoming bookings stay valid: you find them through the links in their booking mails."
          />
        )}
      </p>
      <p>{t`You are welcome to join again at any time. When you leave this page, you are signed out.`}</p>
    </>
  );
}

/** Why a step of leaving did not go through. */
export function LeaveFailureMessage({ failure }: { failure: LeaveFailure }) {
  const { t } = useLingui();
  const messages: Record<LeaveFailure, string> = {
    tooManyCodes: t`You have asked for several codes in a short time. Please wait a few minutes, then try again.`,
    codeNotSent: t`We could not reach our membership service, so no code was sent. Your membership stays as it is; please try again.`,
    notEnded: t`Your membership could not be ended: our membership service did not answer. Nothing has changed; please try again.`,
  };
  return <>{messages[failure]}</>;
}

/** In the demo, where mails are not sent: the mailbox page with the code, in a new tab. */
function DemoMailboxLink() {
  const { t } = useLingui();
  const mailbox = useQuery(demoMailboxQuery()).data;
  if (!mailbox) return null;
  return (
    <p className="profile-leave__demo">
      {t`This is a demo: codes are not mailed.`}{' '}
      <a href={mailbox} target="_blank" rel="noopener">
        {t`Open the demo mailbox`}
        <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
      </a>
    </p>
  );
}
