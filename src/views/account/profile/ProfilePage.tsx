import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../contract/locales';
import { PageTitle } from '../../shell/PageTitle';
import { MemberOnly } from '../member-area/MemberOnly';
import { LeaveProgrammeSection } from './leave/LeaveProgrammeSection';
import { MyDataSection } from './my-data/MyDataSection';
import { PersonalDataSection } from './personal/PersonalDataSection';
import { PromoCodeSection } from './promo/PromoCodeSection';
import { SecuritySection } from './security/SecuritySection';
import { SignOutSection } from './sign-out/SignOutSection';

/**
 * The member's profile (spec section 2, /account/profile): personal data and address, billing addresses,
 * the changes that need a one-time code (email, name, birthday), how the member signs in and where, a
 * promo code, their data to download, leaving the programme and signing out. Each part is a section of
 * its own folder.
 */
export function ProfilePage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Profile`} locale={locale}>
      <div className="page member-page member-profile" data-page="account-profile">
        <PageTitle title={t`Profile`} />
        <h1>{t`Profile`}</h1>
        <PersonalDataSection locale={locale} />
        <SecuritySection locale={locale} />
        <PromoCodeSection locale={locale} />
        <MyDataSection />
        <LeaveProgrammeSection locale={locale} />
        <SignOutSection />
      </div>
    </MemberOnly>
  );
}
