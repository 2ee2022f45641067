import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../contract/locales';
import { PageTitle } from '../../shell/PageTitle';
import { MemberOnly } from '../member-area/MemberOnly';

export function PreferencesPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Preferences`} locale={locale}>
      <div className="page member-page" data-page="account-preferences">
        <PageTitle title={t`Preferences`} />
        <h1>{t`Preferences`}</h1>
      </div>
    </MemberOnly>
  );
}
