import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../contract/locales';
import { PageTitle } from '../shell/PageTitle';

export function PreferenceCenterPage({ token }: { locale: Locale; token: string | undefined }) {
  const { t } = useLingui();
  return (
    <div className="page" data-has-token={token !== undefined}>
      <PageTitle title={t`Newsletter preferences`} />
      <h1>{t`Newsletter preferences`}</h1>
    </div>
  );
}
