import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../contract/locales';
import { PageTitle } from '../shell/PageTitle';
import { EnrolmentProvider } from './EnrolmentProvider';
import { EnrolmentSteps } from './EnrolmentSteps';
import { InviteColleagues } from './InviteColleagues';
import './enroll.css';

/**
 * Corporate self-enrolment (`/{locale}/enroll`, decision 0059): an employee proves their work email with a
 * mailed code and is enrolled with their company, whose rates they then see when they search; an invite
 * link (`?invite=`) enrols a signed-in member; an enrolled member sees their enrolment here, can leave
 * the programme and, as the company's admin, invite colleagues. The flow is the page's machine
 * (src/machines/enrolment); this page only shows its steps.
 */
export function EnrolmentPage({ locale, invite }: { locale: Locale; invite: string | undefined }) {
  const { t } = useLingui();
  // An empty `invite=` is no invite at all; another invite opened in this tab starts afresh.
  const inviteToken = invite || null;
  return (
    <div className="page enrol-page" data-page="enroll">
      <PageTitle title={t`Company rates for business travel`} />
      <h1>{t`Company rates for business travel`}</h1>
      <p className="enrol-page__intro">
        {t`If your company takes part in our corporate programme, enrol with your work email: you then see your company’s negotiated rates whenever you search, and can book them.`}
      </p>
      <EnrolmentProvider key={inviteToken ?? ''} locale={locale} invite={inviteToken}>
        <EnrolmentSteps locale={locale} />
      </EnrolmentProvider>
      {/* A company's admin invites colleagues whether or not they are enrolled themselves. */}
      <InviteColleagues locale={locale} />
    </div>
  );
}
