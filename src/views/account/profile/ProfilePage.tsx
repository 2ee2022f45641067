import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../contract/locales';
import { PageTitle } from '../../shell/PageTitle';
import { MemberOnly } from '../member-area/MemberOnly';

export function ProfilePage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Profile`} locale={locale}>
      <div className="page member-page" data-page="account-profile">
        <PageTitle title={t`Profile`} />
        <h1>{t`Profile`}</h1>
      </div>
    </MemberOnly>
  );
}
