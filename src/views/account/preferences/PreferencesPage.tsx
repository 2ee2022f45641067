import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../contract/locales';
import { PageTitle } from '../../shell/PageTitle';
import { MemberOnly } from '../member-area/MemberOnly';
import { BrandPreferences, StayPreferences } from './ChoiceSections';
import { NewsletterSection } from './NewsletterSection';
import './preferences.css';

/**
 * The member's preferences (spec section 2, /account/preferences): stay preferences, brand preferences
 * and newsletters. Every change is saved at once, on its own, and says what became of it.
 */
export function PreferencesPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Preferences`} locale={locale}>
      <div className="page member-page member-preferences" data-page="account-preferences">
        <PageTitle title={t`Preferences`} />
        <h1>{t`Preferences`}</h1>
        <p>{t`Choose what you like and what we may send you. Every change is saved at once.`}</p>
        <StayPreferences locale={locale} />
        <BrandPreferences locale={locale} />
        <NewsletterSection locale={locale} />
      </div>
    </MemberOnly>
  );
}
