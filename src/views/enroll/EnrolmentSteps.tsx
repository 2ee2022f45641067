import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { sameEnrolmentView, selectEnrolmentView } from '../../machines/enrolment/enrolment.selectors';
import type { EnrolmentView } from '../../machines/enrolment/enrolment.selectors';
import { demoMailboxQuery } from '../../services/account/queries';
import { LoadFailed } from '../shell/QueryState';
import { useLoginControl } from '../shell/session-context';
import { Field } from '../ui/fields';
import { EnrolledPanel } from './EnrolledPanel';
import { StepHeading } from './StepHeading';
import { EnrolmentActorContext } from './enrolment-context';
import { useEnrolmentWords } from './enrolment-words';

/** The step the machine is at, one at a time; each new step's heading (or its first field) takes the focus. */
export function EnrolmentSteps({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const view = EnrolmentActorContext.useSelector(selectEnrolmentView, sameEnrolmentView);
  const step = view.step;
  // The first step shown after the page opened keeps the focus where it is; every later step takes it
  // (state adjusted while rendering, as React advises for values derived from a change).
  const settled = step !== 'waiting' && step !== 'checking' && step !== 'inviteAccepting';
  const [arrival, setArrival] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  if (settled && arrival === null) setArrival(step);
  if (settled && arrival !== null && step !== arrival && !left) setLeft(true);
  const moved = left || (arrival !== null && step !== arrival);
  return (
    <div className="enrol-page__step" aria-live="polite" aria-busy={!settled}>
      <Step view={view} locale={locale} moved={moved} />
      {!settled ? <p>{step === 'inviteAccepting' ? t`Accepting your invite…` : t`Loading…`}</p> : null}
    </div>
  );
}

function Step({ view, locale, moved }: { view: EnrolmentView; locale: Locale; moved: boolean }) {
  const { t } = useLingui();
  const actor = EnrolmentActorContext.useActorRef();
  switch (view.step) {
    case 'checkFailed':
      return <LoadFailed message={t`Your enrolment could not be loaded just now.`} onRetry={() => actor.send({ type: 'enrolment.retry' })} />;
    case 'inviteFailed':
      return <LoadFailed message={t`Your invite could not be accepted just now.`} onRetry={() => actor.send({ type: 'enrolment.retry' })} />;
    case 'email':
      return <EmailStep view={view} moved={moved} />;
    case 'code':
      return <CodeStep view={view} />;
    case 'name':
      return <NameStep view={view} />;
    case 'expired':
      return <Expired view={view} moved={moved} />;
    case 'companyUnknown':
      return <CompanyUnknown email={view.email} moved={moved} />;
    case 'emailTaken':
      return <EmailTaken view={view} moved={moved} />;
    case 'signInFirst':
      return <SignInFirst email={view.email} moved={moved} />;
    case 'enrolled':
      return <EnrolledPanel view={view} locale={locale} moved={moved} />;
    case 'left':
      return <Left locale={locale} moved={moved} />;
    case 'inviteSignIn':
      return <InviteSignIn view={view} locale={locale} moved={moved} />;
    case 'inviteRefused':
      return <InviteRefused view={view} moved={moved} />;
    default:
      return null;
  }
}

/** Why the last request failed, read out when it appears. */
function Failure({ text }: { text: string | null }) {
  return text ? (
    <p className="enrol-page__failure" role="alert">
      {text}
    </p>
  ) : null;
}

/** A sign-in from the page's own button (the dialog; the spec's rule keeps it from opening by itself here once signed in). */
function SignInButton({ label }: { label: string }) {
  const login = useLoginControl();
  return (
    <button type="button" className="button" onClick={() => login.open()}>
      {label}
    </button>
  );
}

function EmailStep({ view, moved }: { view: Extract<EnrolmentView, { step: 'email' }>; moved: boolean }) {
  const { t } = useLingui();
  const words = useEnrolmentWords();
  const actor = EnrolmentActorContext.useActorRef();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view.sending) return;
    actor.send({ type: 'email.submit', email: String(new FormData(event.currentTarget).get('email') ?? '') });
  };
  return (
    <section aria-labelledby="enrol-email-title">
      <StepHeading focus={moved}>
        <span id="enrol-email-title">{t`Enrol with your work email`}</span>
      </StepHeading>
      <form className="enrol-form" noValidate onSubmit={submit} aria-busy={view.sending}>
        <Failure text={view.failure ? words.failure(view.failure, view.retryAfterSeconds) : null} />
        <Field
          name="email"
          type="email"
          label={t`Work email`}
          hint={t`We send a one-time code to this address to check that it is yours.`}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          maxLength={254}
          defaultValue={view.email}
          error={view.problem ? words.emailProblem(view.problem) : undefined}
          announceError
        />
        <p className="enrol-form__actions">
          {/* aria-disabled, not disabled: a pressed button keeps the focus; the machine ignores a press while busy. */}
          <button type="submit" className="button button--primary" aria-disabled={view.sending} aria-busy={view.sending}>
            {view.sending ? t`Sending the code…` : t`Send me a code`}
          </button>
        </p>
      </form>
    </section>
  );
}

/** In the demo, where mailed codes can be read: its mailbox page, in a new tab (as the sign-in dialog links it). */
function DemoMailboxLink() {
  const { t } = useLingui();
  const mailbox = useQuery(demoMailboxQuery()).data;
  if (!mailbox) return null;
  return (
    <p className="enrol-form__demo">
      {t`This is a demo: codes are not mailed.`}{' '}
      <a href={mailbox} target="_blank" rel="noopener">
        {t`Open the demo mailbox`} <span className="visually-hidden">{t`(opens in a new tab)`}</span>
      </a>
    </p>
  );
}

function CodeStep({ view }: { view: Extract<EnrolmentView, { step: 'code' }> }) {
  const { t } = useLingui();
  const words = useEnrolmentWords();
  const actor = EnrolmentActorContext.useActorRef();
  const form = useRef<HTMLFormElement>(null);
  const { problem, busy } = view;
  // DOM work: the field takes the focus when the step appears and again when its code was refused.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }, [problem]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    actor.send({ type: 'code.submit', code: String(new FormData(event.currentTarget).get('code') ?? '') });
  };
  const status = busy === 'checking' ? t`Checking the code…` : busy === 'resending' ? t`Sending a new code…` : view.resent ? t`We have sent you a new code. The one before no longer works.` : '';
  return (
    <section aria-labelledby="enrol-code-title">
      <StepHeading focus={false}>
        <span id="enrol-code-title">{t`Check your email`}</span>
      </StepHeading>
      <form ref={form} className="enrol-form" noValidate onSubmit={submit} aria-busy={busy !== null}>
        <p>
          <Trans>
            We have sent a 6-digit code to <bdi>{view.email}</bdi>. Enter it here to prove that the work email is yours.
          </Trans>
        </p>
        <Failure text={view.failure ? words.failure(view.failure, view.retryAfterSeconds) : null} />
        <Field
          name="code"
          label={words.codeLabel}
          hint={words.validFor}
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={12}
          defaultValue={view.code}
          error={problem ? words.codeProblem(problem, view.triesLeft) : undefined}
          announceError
        />
        <p className="enrol-form__status" role="status">
          {status}
        </p>
        <p className="enrol-form__actions">
          <button type="submit" className="button button--primary" aria-disabled={busy !== null} aria-busy={busy === 'checking'}>
            {busy === 'checking' ? t`Checking the code…` : t`Continue`}
          </button>
          <button type="button" className="button" aria-disabled={busy !== null} onClick={() => actor.send({ type: 'code.resend' })}>
            {t`Send a new code`}
          </button>
          <button type="button" className="link-button" onClick={() => actor.send({ type: 'email.edit' })}>
            {t`Use another email`}
          </button>
        </p>
        <DemoMailboxLink />
      </form>
    </section>
  );
}

function NameStep({ view }: { view: Extract<EnrolmentView, { step: 'name' }> }) {
  const { t } = useLingui();
  const words = useEnrolmentWords();
  const actor = EnrolmentActorContext.useActorRef();
  const form = useRef<HTMLFormElement>(null);
  const { problems } = view;
  const firstToCorrect = problems.givenName || !problems.familyName ? 'givenName' : 'familyName';
  const problemKey = JSON.stringify(problems);
  // DOM work: the first field to correct (or the first field) takes the focus when the step appears and
  // when the name was refused, not when a request starts or ends.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>(`input[name="${firstToCorrect}"]`)?.focus();
  }, [firstToCorrect, problemKey]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view.busy) return;
    const data = new FormData(event.currentTarget);
    actor.send({ type: 'name.submit', name: { givenName: String(data.get('givenName') ?? ''), familyName: String(data.get('familyName') ?? '') } });
  };
  const problem = (value: 'required' | 'tooLong' | undefined) => (value === 'required' ? t`Enter your name as in your passport.` : value === 'tooLong' ? t`At most 80 characters.` : undefined);
  return (
    <section aria-labelledby="enrol-name-title">
      <StepHeading focus={false}>
        <span id="enrol-name-title">{t`Your name`}</span>
      </StepHeading>
      <form ref={form} className="enrol-form" noValidate onSubmit={submit} aria-busy={view.busy}>
        <p>
          <Trans>
            Your work email is confirmed. You are not signed in, so we make you an H Rewards member account for <bdi>{view.email}</bdi> and sign you in: your company’s rates
            belong to your account.
          </Trans>
        </p>
        <Failure text={view.failure === 'tooMany' || view.failure === 'failed' ? words.failure(view.failure, null) : null} />
        <Field name="givenName" label={t`First name`} autoComplete="given-name" maxLength={80} required defaultValue={view.name.givenName} error={problem(problems.givenName)} />
        <Field name="familyName" label={t`Last name`} autoComplete="family-name" maxLength={80} required defaultValue={view.name.familyName} error={problem(problems.familyName)} />
        <p className="enrol-form__actions">
          <button type="submit" className="button button--primary" aria-disabled={view.busy} aria-busy={view.busy}>
            {view.busy ? t`Enrolling…` : t`Enrol`}
          </button>
        </p>
      </form>
    </section>
  );
}

/** A step that tells the employee where they stand and offers ways on: its heading (focused when they moved here), its text, its actions. */
function NoticeStep({ titleId, title, moved, children, actions }: { titleId: string; title: ReactNode; moved: boolean; children: ReactNode; actions: ReactNode }) {
  return (
    <section aria-labelledby={titleId}>
      <StepHeading focus={moved}>
        <span id={titleId}>{title}</span>
      </StepHeading>
      {children}
      <p className="enrol-form__actions">{actions}</p>
    </section>
  );
}

const BUTTON_CLASSES = { primary: 'button button--primary', secondary: 'button', link: 'link-button' } as const;

/** Back to the work email's step (the machine keeps what was typed). */
function EditEmailButton({ label, look }: { label: string; look: keyof typeof BUTTON_CLASSES }) {
  const actor = EnrolmentActorContext.useActorRef();
  return (
    <button type="button" className={BUTTON_CLASSES[look]} onClick={() => actor.send({ type: 'email.edit' })}>
      {label}
    </button>
  );
}

function Expired({ view, moved }: { view: Extract<EnrolmentView, { step: 'expired' }>; moved: boolean }) {
  const { t } = useLingui();
  const words = useEnrolmentWords();
  const actor = EnrolmentActorContext.useActorRef();
  return (
    <NoticeStep
      titleId="enrol-expired-title"
      title={t`The code no longer works`}
      moved={moved}
      actions={
        <>
          <button type="button" className={BUTTON_CLASSES.primary} onClick={() => actor.send({ type: 'code.resend' })}>
            {t`Send a new code`}
          </button>
          <EditEmailButton label={t`Use another email`} look="link" />
        </>
      }
    >
      <p>{words.expired(view.expiredBy)}</p>
    </NoticeStep>
  );
}

function CompanyUnknown({ email, moved }: { email: string; moved: boolean }) {
  const { t } = useLingui();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return (
    <NoticeStep titleId="enrol-unknown-title" title={t`No company programme for this email`} moved={moved} actions={<EditEmailButton label={t`Use another email`} look="primary" />}>
      <p>
        <Trans>
          Your email is confirmed, but no company in our programme uses addresses at <bdi>{domain}</bdi>.
        </Trans>
      </p>
      <p>{t`If your company has several email domains, try the address your company registered with us. Otherwise ask your travel manager whether your company takes part; until then you can book our public and member rates.`}</p>
    </NoticeStep>
  );
}

function EmailTaken({ view, moved }: { view: Extract<EnrolmentView, { step: 'emailTaken' }>; moved: boolean }) {
  const { t } = useLingui();
  return (
    <NoticeStep
      titleId="enrol-taken-title"
      title={t`This work email is enrolled already`}
      moved={moved}
      actions={
        <>
          {view.signedIn ? null : <SignInButton label={t`Sign in`} />}
          <EditEmailButton label={t`Use another email`} look="link" />
        </>
      }
    >
      <p>
        <Trans>
          <bdi>{view.email}</bdi> is enrolled with its company already. Sign in with the H Rewards account it was enrolled with to see your company’s rates.
        </Trans>
      </p>
    </NoticeStep>
  );
}

function SignInFirst({ email, moved }: { email: string; moved: boolean }) {
  const { t } = useLingui();
  return (
    <NoticeStep
      titleId="enrol-sign-in-title"
      title={t`Please sign in first`}
      moved={moved}
      actions={
        <>
          <SignInButton label={t`Sign in`} />
          <EditEmailButton label={t`Use another email`} look="link" />
        </>
      }
    >
      <p>
        <Trans>
          <bdi>{email}</bdi> has an H Rewards account with a password. Sign in with it: your enrolment then continues with the code you entered.
        </Trans>
      </p>
    </NoticeStep>
  );
}

function Left({ locale, moved }: { locale: Locale; moved: boolean }) {
  const { t } = useLingui();
  return (
    <NoticeStep
      titleId="enrol-left-title"
      title={t`You have left the company programme`}
      moved={moved}
      actions={
        <>
          <Link to="/$locale/" params={{ locale }} className={BUTTON_CLASSES.primary}>
            {t`Search hotels`}
          </Link>
          <EditEmailButton label={t`Enrol again`} look="secondary" />
        </>
      }
    >
      <p>{t`Your company’s rates no longer show when you search. Your H Rewards membership, points and bookings stay as they are.`}</p>
    </NoticeStep>
  );
}

function InviteSignIn({ view, locale, moved }: { view: Extract<EnrolmentView, { step: 'inviteSignIn' }>; locale: Locale; moved: boolean }) {
  const { t } = useLingui();
  const company = view.company ?? '';
  const email = view.email ?? '';
  return (
    <NoticeStep
      titleId="enrol-invite-title"
      title={
        <Trans>
          <bdi>{company}</bdi> invites you to its company programme
        </Trans>
      }
      moved={moved}
      actions={
        <>
          <SignInButton label={t`Sign in to accept`} />
          <Link to="/$locale/account/registration" params={{ locale }} className={BUTTON_CLASSES.secondary}>
            {t`Join H Rewards`}
          </Link>
        </>
      }
    >
      <p>
        <Trans>
          Sign in with your H Rewards account, or join for free with <bdi>{email}</bdi>, to accept the invite. Your company’s rates then show whenever you search.
        </Trans>
      </p>
    </NoticeStep>
  );
}

function InviteRefused({ view, moved }: { view: Extract<EnrolmentView, { step: 'inviteRefused' }>; moved: boolean }) {
  const { t } = useLingui();
  const words = useEnrolmentWords();
  return (
    <NoticeStep
      titleId="enrol-refused-title"
      title={view.refusal === 'locked' ? t`Invites are paused` : t`This invite cannot be used`}
      moved={moved}
      actions={<EditEmailButton label={t`Enrol with your work email`} look="primary" />}
    >
      <p>{words.inviteRefusal(view.refusal)}</p>
    </NoticeStep>
  );
}
