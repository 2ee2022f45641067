import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { AUTH_LIMITS } from '../../../contract/auth';
import type { Locale } from '../../../contract/locales';
import {
  selectCodeResent,
  selectEmail,
  selectError,
  selectIsLoading,
  selectIsPasswordStep,
  selectMode,
  selectPasskeyInProgress,
  selectRegistrationToken,
  selectSocialInProgress,
} from '../../../machines/login/login.selectors';
import type { LoginErrorCode } from '../../../machines/login/login.types';
import { demoMailboxQuery, providersQuery } from '../../../services/account/queries';
import { usePrivacySettings } from '../../shell/consent/privacy-settings-context';
import { useConsent } from '../../shell/consent/use-consent';
import { useFlag } from '../../shell/flags-context';
import { useLoginActor, useLoginSelector } from '../../shell/session-context';
import { usePasskeySupport } from './use-passkey-support';

function useErrorMessages(): Record<LoginErrorCode, string> {
  const { t } = useLingui();
  return {
    invalidCredentials: t`The email address or password is not correct.`,
    invalidCode: t`This code is not correct or has expired. Check it or ask for a new one.`,
    tooManyAttempts: t`Too many attempts. Please wait a few minutes and try again.`,
    passwordPaused: t`For your security, signing in with a password is paused for this account after too many attempts. We can email you a one-time code instead.`,
    failed: t`Something went wrong. Please try again.`,
    passwordRequired: t`This account has a password. Sign in with your email address and password.`,
    googleFailed: t`Sign in with Google did not work. Please try again.`,
    googleTimeout: t`Sign in with Google took too long. Please try again.`,
    appleFailed: t`Sign in with Apple did not work. Please try again.`,
    facebookFailed: t`Sign in with Facebook did not work. Please try again.`,
    facebookUnauthorized: t`Facebook did not allow the sign-in. Please try again or choose another way.`,
    facebookUnavailable: t`Sign in with Facebook is not available at the moment. Please choose another way.`,
    passkeyFailed: t`This passkey could not sign you in. It may have been removed from your account. Please sign in another way.`,
  };
}

/** Reads a form's text field. */
const field = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? '');

function submitWith(handler: (event: FormEvent<HTMLFormElement>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    handler(event);
  };
}

interface PanelProps {
  locale: Locale;
  /** The dialog's title is an h2 (the page has its h1); the login page's is the h1. */
  headingLevel?: 1 | 2;
  titleId: string;
}

/**
 * The content of the sign-in dialog in each of its modes; the login page shows the same content in full.
 * It renders what the login machine says and sends it the visitor's actions.
 */
export function LoginPanel({ locale, headingLevel = 2, titleId }: PanelProps) {
  const { t } = useLingui();
  const actor = useLoginActor();
  const mode = useLoginSelector(selectMode);
  const loading = useLoginSelector(selectIsLoading);
  const error = useLoginSelector(selectError);
  const email = useLoginSelector(selectEmail);
  const passwordStep = useLoginSelector(selectIsPasswordStep);
  const codeResent = useLoginSelector(selectCodeResent);
  const registrationToken = useLoginSelector(selectRegistrationToken);
  const messages = useErrorMessages();
  const errorId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const minutes = AUTH_LIMITS.otpValidMinutes;
  const describedBy = error ? errorId : undefined;

  const errorMessage = error ? (
    <p id={errorId} className="login-panel__error" role="alert">
      {messages[error]}
    </p>
  ) : null;
  const busy = (idle: string, working: string) => (loading ? working : idle);

  const emailField = (autoFocus: boolean) => (
    <TextField label={t`Email address`} name="email" type="email" autoComplete="email" defaultValue={email} autoFocus={autoFocus} describedBy={describedBy} />
  );

  const toLogin = (
    <button type="button" className="link-button" onClick={() => actor.send({ type: 'mode.login' })}>
      {t`Back to sign in`}
    </button>
  );

  let content: ReactNode;
  switch (mode) {
    case 'otpLogin':
      content = (
        <>
          <Heading id={titleId}>{t`Sign in with a code`}</Heading>
          <p>{t`We will email you a 6-digit code. No password needed.`}</p>
          {errorMessage}
          <form className="login-form" onSubmit={submitWith((event) => actor.send({ type: 'otp.request', email: field(event, 'email') }))}>
            {emailField(true)}
            <SubmitButton loading={loading}>{busy(t`Email me a code`, t`Sending…`)}</SubmitButton>
          </form>
          <p className="login-panel__links">
            <button type="button" className="link-button" onClick={() => actor.send({ type: 'mode.login' })}>
              {t`Sign in with a password instead`}
            </button>
          </p>
        </>
      );
      break;
    case 'otpEmailSent':
      content = passwordStep ? (
        <>
          <Heading id={titleId}>{t`Enter your password`}</Heading>
          <p>{t`Your account is protected by a password. Enter it to finish signing in.`}</p>
          {errorMessage}
          <form className="login-form" onSubmit={submitWith((event) => actor.send({ type: 'otp.password.submit', password: field(event, 'password') }))}>
            <TextField label={t`Password`} name="password" type="password" autoComplete="current-password" autoFocus describedBy={describedBy} />
            <SubmitButton loading={loading}>{busy(t`Sign in`, t`Signing in…`)}</SubmitButton>
          </form>
          <p className="login-panel__links">
            <button type="button" className="link-button" onClick={() => actor.send({ type: 'mode.passwordReset' })}>
              {t`Forgot your password?`}
            </button>
          </p>
        </>
      ) : (
        <>
          <Heading id={titleId}>{t`Check your email`}</Heading>
          <p>{t`We sent a 6-digit code to ${email}. It is valid for ${minutes} minutes.`}</p>
          {codeResent ? (
            <p className="login-panel__notice" role="status">
              {t`We sent you a new code.`}
            </p>
          ) : null}
          {errorMessage}
          <form className="login-form" onSubmit={submitWith((event) => actor.send({ type: 'otp.submit', code: field(event, 'code') }))}>
            <TextField
              label={t`6-digit code`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={`[0-9]{${AUTH_LIMITS.otpDigits}}`}
              maxLength={AUTH_LIMITS.otpDigits}
              autoFocus
              describedBy={describedBy}
            />
            <SubmitButton loading={loading}>{busy(t`Sign in`, t`Signing in…`)}</SubmitButton>
          </form>
          <p className="login-panel__links">
            <button type="button" className="link-button" disabled={loading} onClick={() => actor.send({ type: 'otp.resend' })}>
              {t`Send a new code`}
            </button>
            <button type="button" className="link-button" onClick={() => actor.send({ type: 'mode.otp' })}>
              {t`Use another email address`}
            </button>
          </p>
        </>
      );
      break;
    case 'otpRegistrationIncomplete':
      content = (
        <>
          <Heading id={titleId}>{t`Finish your registration`}</Heading>
          <p>{t`There is no complete account for ${email} yet. Add a few details to become a member.`}</p>
          <p className="login-panel__actions">
            <Link className="button button--primary" to="/$locale/account/registration" params={{ locale }} search={{ registration_token: registrationToken ?? '' }}>
              {t`Complete registration`}
            </Link>
          </p>
          <p className="login-panel__links">
            <button type="button" className="link-button" onClick={() => actor.send({ type: 'mode.otp' })}>
              {t`Use another email address`}
            </button>
          </p>
        </>
      );
      break;
    case 'passwordReset':
      content = (
        <>
          <Heading id={titleId}>{t`Reset your password`}</Heading>
          <p>{t`Enter the email address of your account. We will send you a link to choose a new password.`}</p>
          {errorMessage}
          <form className="login-form" onSubmit={submitWith((event) => actor.send({ type: 'reset.submit', email: field(event, 'email') }))}>
            {emailField(true)}
            <SubmitButton loading={loading}>{busy(t`Send link`, t`Sending…`)}</SubmitButton>
          </form>
          <p className="login-panel__links">{toLogin}</p>
        </>
      );
      break;
    case 'passwordResetSuccess':
      content = (
        <>
          <Heading id={titleId}>{t`Check your email`}</Heading>
          <p role="status">{t`If there is an account for ${email}, you will receive a link to choose a new password.`}</p>
          <p className="login-panel__links">{toLogin}</p>
        </>
      );
      break;
    default:
      content = (
        <>
          <Heading id={titleId}>{t`Sign in`}</Heading>
          <p>{t`Sign in to see member prices and collect points.`}</p>
          {errorMessage}
          <SocialButtons />
          <form
            className="login-form"
            onSubmit={submitWith((event) => actor.send({ type: 'password.submit', email: field(event, 'email'), password: field(event, 'password') }))}
          >
            {emailField(true)}
            <TextField label={t`Password`} name="password" type="password" autoComplete="current-password" describedBy={describedBy} />
            <SubmitButton loading={loading}>{busy(t`Sign in`, t`Signing in…`)}</SubmitButton>
          </form>
          <PasskeyButton />
          <p className="login-panel__links">
            <button type="button" className="link-button" onClick={() => actor.send({ type: 'mode.passwordReset' })}>
              {t`Forgot your password?`}
            </button>
            <button type="button" className="link-button" onClick={() => actor.send({ type: 'mode.otp' })}>
              {t`Get a one-time code by email instead`}
            </button>
          </p>
          <p className="login-panel__register">
            {t`New here?`}{' '}
            <Link to="/$locale/account/registration" params={{ locale }}>
              {t`Become a member`}
            </Link>
          </p>
        </>
      );
  }
  return (
    <div className="login-panel" aria-busy={loading}>
      {content}
      <DemoMailboxLink />
    </div>
  );
}

/** Sign in with a passkey, where the browser has them: it asks which passkey, no email needed. */
function PasskeyButton() {
  const { t } = useLingui();
  const actor = useLoginActor();
  const loading = useLoginSelector(selectIsLoading);
  const running = useLoginSelector(selectPasskeyInProgress);
  const supported = usePasskeySupport();
  if (!supported) return null;
  return (
    <p className="login-panel__passkey">
      <button type="button" className="button passkey-button" disabled={loading} aria-busy={running} onClick={() => actor.send({ type: 'passkey.start' })}>
        {running ? t`Waiting for your passkey…` : t`Sign in with a passkey`}
      </button>
    </p>
  );
}

/** In the demo, where the one-time codes and mails can be read: its mailbox page, in a new tab. */
function DemoMailboxLink() {
  const { t } = useLingui();
  const mailbox = useQuery(demoMailboxQuery()).data;
  if (!mailbox) return null;
  return (
    <p className="login-panel__demo">
      {t`This is a demo: codes and links are not mailed.`}{' '}
      <a href={mailbox} target="_blank" rel="noopener">
        {t`Open the demo mailbox`}
        <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
      </a>
    </p>
  );
}

/**
 * Google and Apple (behind their flags) and Facebook, each when the BFF has it switched on.
 *
 * Consent: social sign-in is a consent category (spec section 6). Without it no provider's button shows
 * and nothing of theirs loads (not even the sign-in library); a line says why, with a button to the
 * privacy settings. Granting it there shows the buttons at once. The sign-in library, which a provider's
 * popup needs within the click, is loaded by the login machine while the dialog is open (login.live.ts).
 */
function SocialButtons() {
  const { t } = useLingui();
  const actor = useLoginActor();
  const loading = useLoginSelector(selectIsLoading);
  const running = useLoginSelector(selectSocialInProgress);
  const consented = useConsent('socialSignIn');
  const { openSettings } = usePrivacySettings();
  const googleOn = useFlag('Google Sign-In');
  const appleOn = useFlag('Apple Sign-in');
  const providers = useQuery(providersQuery());
  const enabled = (provider: 'google' | 'apple' | 'facebook') => providers.data?.some((entry) => entry.provider === provider && entry.enabled) === true;
  const buttons = [
    { provider: 'google' as const, show: googleOn && enabled('google'), label: t`Continue with Google`, busyLabel: t`Waiting for Google…` },
    { provider: 'apple' as const, show: appleOn && enabled('apple'), label: t`Continue with Apple`, busyLabel: t`Waiting for Apple…` },
    { provider: 'facebook' as const, show: enabled('facebook'), label: t`Continue with Facebook`, busyLabel: t`Waiting for Facebook…` },
  ].filter((button) => button.show);

  // No providers: nothing, not even the divider, which would stand alone above the email form.
  if (buttons.length === 0) return null;
  const divider = <p className="login-panel__divider">{t`or with your email address`}</p>;
  if (!consented) {
    return (
      <>
        <p className="social-consent">
          {t`Sign-in with Google, Apple or Facebook shares data with them, so it is offered only with your consent.`}{' '}
          <button type="button" className="link-button" aria-haspopup="dialog" onClick={openSettings}>
            {t`Privacy settings`}
          </button>
        </p>
        {divider}
      </>
    );
  }
  return (
    <>
      <ul className="social-buttons">
        {buttons.map((button) => (
          <li key={button.provider}>
            <button
              type="button"
              className={`button social-button social-button--${button.provider}`}
              disabled={loading}
              aria-busy={running === button.provider}
              onClick={() => actor.send({ type: 'social.start', provider: button.provider })}
            >
              {running === button.provider ? button.busyLabel : button.label}
            </button>
          </li>
        ))}
      </ul>
      {divider}
    </>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric';
  pattern?: string;
  maxLength?: number;
  defaultValue?: string;
  autoFocus?: boolean;
  describedBy?: string | undefined;
}

function TextField({ label, name, type = 'text', describedBy, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <p className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} required aria-describedby={describedBy} {...rest} />
    </p>
  );
}

function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary login-form__submit" disabled={loading} aria-busy={loading}>
      {children}
    </button>
  );
}
