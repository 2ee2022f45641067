import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../contract/locales';
import { PageTitle } from '../../shell/PageTitle';
import { MemberOnly } from '../member-area/MemberOnly';

export function FavouritesPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Favourite hotels`} locale={locale}>
      <div className="page member-page" data-page="account-favourites">
        <PageTitle title={t`Favourite hotels`} />
        <h1>{t`Favourite hotels`}</h1>
      </div>
    </MemberOnly>
  );
}
