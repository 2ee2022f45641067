import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../contract/locales';
import { PageTitle } from '../shell/PageTitle';

export function NewsletterConfirmationPage({ token }: { locale: Locale; token: string | undefined }) {
  const { t } = useLingui();
  return (
    <div className="page" data-has-token={token !== undefined}>
      <PageTitle title={t`Newsletter confirmation`} />
      <h1>{t`Newsletter confirmation`}</h1>
    </div>
  );
}
