import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { PreferenceItem } from '../../../contract/auth';
import type { Locale } from '../../../contract/locales';
import type { BrandPreferenceItem } from '../../../contract/member-preferences';
import type { AuthAccess } from '../../../services/account/requests';
import { brandPreferencesQuery, useChooseBrand, useChoosePreference } from '../../../services/account/preferences-queries';
import { memberPreferencesQuery } from '../../../services/account/queries';
import { useMemberAreaTracking } from '../../../services/analytics/queries';
import { useAuthAccess } from '../../shell/session-context';
import { ChoiceSwitch } from './ChoiceSwitch';
import { ListSection } from './ListSection';
import { saveStateOf } from './SaveStatus';

/** The preferences of spec section 3 (name, active), each switched on or off and saved at once. */
export function StayPreferences({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const preferences = useQuery(memberPreferencesQuery(access, locale));
  return (
    <ListSection
      id="member-preferences-stay"
      title={t`Stay preferences`}
      intro={t`Tell us what matters to you on a stay, so we can suggest hotels and offers that suit you.`}
      query={preferences}
      texts={{
        loading: t`Loading your preferences…`,
        failed: t`Your preferences could not be loaded.`,
        empty: t`There are no preferences to choose from right now.`,
      }}
      renderItem={(item) => <PreferenceChoice item={item} access={access} locale={locale} />}
    />
  );
}

function PreferenceChoice({ item, access, locale }: { item: PreferenceItem; access: AuthAccess; locale: Locale }) {
  const choose = useChoosePreference(access, locale);
  const tracking = useMemberAreaTracking('preferences');
  return (
    <ChoiceSwitch
      id={`preference-${item.name}`}
      label={item.label}
      active={item.active}
      requested={choose.isPending ? choose.variables.active : null}
      save={saveStateOf(choose.status)}
      onToggle={(active) => choose.mutate({ name: item.name, active })}
      tracking={tracking}
    />
  );
}

/** The brands of the group (brand preferences of spec section 3), each chosen or not and saved at once. */
export function BrandPreferences({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const brands = useQuery(brandPreferencesQuery(access, locale));
  return (
    <ListSection
      id="member-preferences-brands"
      title={t`Brand preferences`}
      intro={t`The hotel brands you like best.`}
      query={brands}
      texts={{
        loading: t`Loading the brands…`,
        failed: t`The brands could not be loaded.`,
        empty: t`There are no brands to choose from right now.`,
      }}
      renderItem={(item) => <BrandChoice item={item} access={access} />}
    />
  );
}

function BrandChoice({ item, access }: { item: BrandPreferenceItem; access: AuthAccess }) {
  const choose = useChooseBrand(access);
  const tracking = useMemberAreaTracking('brand preferences');
  return (
    <ChoiceSwitch
      id={`brand-preference-${item.name}`}
      label={item.label}
      active={item.active}
      requested={choose.isPending ? choose.variables.active : null}
      save={saveStateOf(choose.status)}
      onToggle={(active) => choose.mutate({ name: item.name, active })}
      tracking={tracking}
    />
  );
}
