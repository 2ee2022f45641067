import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import type { EnrolmentView } from '../../machines/enrolment/enrolment.selectors';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EnrolmentActorContext } from './enrolment-context';
import { StepHeading } from './StepHeading';

/**
 * The member's enrolment: their company, the way to its rates (a search), leaving the programme (after a
 * confirmation).
 */
export function EnrolledPanel({ view, locale, moved }: { view: Extract<EnrolmentView, { step: 'enrolled' }>; locale: Locale; moved: boolean }) {
  const { t } = useLingui();
  const actor = EnrolmentActorContext.useActorRef();
  const { company, email } = view.enrolment;
  const leaving = view.leave === 'leaving';
  return (
    <>
      <section className="enrol-page__enrolled" aria-labelledby="enrol-enrolled-title" data-enrolled="">
        <StepHeading focus={moved}>
          <span id="enrol-enrolled-title">
            <Trans>
              You’re enrolled with <bdi>{company}</bdi>
            </Trans>
          </span>
        </StepHeading>
        {view.alreadyEnrolled ? <p>{t`You were enrolled already: nothing has changed.`}</p> : null}
        <p>{t`You’ll see your company’s rates when you search, marked “Your company rate”, and can book them while you are signed in.`}</p>
        <p className="enrol-page__email">
          <Trans>
            Work email: <bdi>{email}</bdi>
          </Trans>
        </p>
        <p className="enrol-form__actions">
          <Link to="/$locale/" params={{ locale }} className="button button--primary">
            {t`Search hotels`}
          </Link>
          <button type="button" className="button enrol-page__leave" aria-haspopup="dialog" onClick={() => actor.send({ type: 'leave.start' })}>
            {t`Leave company programme`}
          </button>
        </p>
      </section>
      <ConfirmDialog
        open={view.leave !== 'closed'}
        title={t`Leave the company programme?`}
        onClose={() => {
          if (!leaving) actor.send({ type: 'leave.cancel' });
        }}
        actions={
          <>
            <button type="button" className="button" disabled={leaving} onClick={() => actor.send({ type: 'leave.cancel' })}>
              {t`Stay enrolled`}
            </button>
            <button type="button" className="button enrol-page__leave" aria-disabled={leaving} aria-busy={leaving} onClick={() => !leaving && actor.send({ type: 'leave.confirm' })}>
              {leaving ? t`Leaving…` : t`Leave`}
            </button>
          </>
        }
      >
        <p>
          <Trans>
            Your company’s rates from <bdi>{company}</bdi> no longer show when you search. Bookings you made stay as they are, and you can enrol again with your work email.
          </Trans>
        </p>
        {view.leaveFailed ? (
          <p className="enrol-page__failure" role="alert">
            {t`That did not work. Please check your connection and try again.`}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
