import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayInBerlin } from '../../../../contract/calendar-dates';
import type { Locale } from '../../../../contract/locales';
import { memberProfileQuery } from '../../../../services/account/queries';
import { LoadFailed } from '../../../shell/QueryState';
import { useAuthAccess } from '../../../shell/session-context';
import { AddressSection } from './AddressSection';
import { BillingAddresses } from './BillingAddresses';
import { PersonalDetails } from './PersonalDetails';
import { ProfileChangesProvider } from './ProfileChangesProvider';
import './personal.css';

/**
 * The profile's personal part (spec sections 2 and 3, member profile): personal data with the changes
 * that need a mailed code, the address, and the billing addresses. The profile is the member's cached
 * one (the session loaded it); every change puts its answer there, so the page shows it at once.
 */
export function PersonalDataSection({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const profile = useQuery(memberProfileQuery(useAuthAccess()));
  // The day the page opened, in Berlin: the birthday's age rule counts from it, as the BFF does.
  const [today] = useState(() => todayInBerlin());
  if (profile.isPending) {
    return (
      <p className="skeleton skeleton--block" role="status">
        <span className="visually-hidden">{t`Loading your personal data…`}</span>
      </p>
    );
  }
  if (profile.isError) return <LoadFailed message={t`Your personal data could not be loaded.`} onRetry={() => void profile.refetch()} />;
  return (
    <ProfileChangesProvider locale={locale} currentEmail={profile.data.email}>
      <PersonalDetails profile={profile.data} locale={locale} today={today} />
      <AddressSection profile={profile.data} locale={locale} />
      <BillingAddresses locale={locale} />
    </ProfileChangesProvider>
  );
}
