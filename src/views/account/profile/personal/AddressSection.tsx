import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { MemberProfile } from '../../../../contract/auth';
import type { Locale } from '../../../../contract/locales';
import { fieldsRefused, useSaveAddress } from '../../../../services/account/profile-queries';
import { useMemberAreaTracking } from '../../../../services/analytics/queries';
import { useAuthAccess } from '../../../shell/session-context';
import { AddressForm } from './AddressForm';
import { addressRequest, type AddressValues } from './profile-rules';
import { useProfileEdge } from './use-profile-edge';

const valuesOf = (profile: MemberProfile): AddressValues => ({
  street: profile.address?.street ?? '',
  postalCode: profile.address?.postalCode ?? '',
  city: profile.address?.city ?? '',
  country: profile.address?.countryCode ?? '',
  state: profile.address?.state ?? '',
  companyName: '',
  vatId: '',
});

/** The member's address (spec section 2, "change of address"): shown, and changed in place without a code. */
export function AddressSection({ profile, locale }: { profile: MemberProfile; locale: Locale }) {
  const { t } = useLingui();
  const edge = useProfileEdge(locale);
  const save = useSaveAddress(useAuthAccess(), edge.profileChanged);
  const tracking = useMemberAreaTracking('change of address');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const change = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // DOM work: when the form closes (saved or cancelled), its button takes the focus back.
  useEffect(() => {
    if (!editing && wasEditing.current) change.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const refused = fieldsRefused(save.error);
  return (
    <section className="profile-address" aria-labelledby="profile-address-title">
      <h2 id="profile-address-title">{t`Address`}</h2>
      {editing ? (
        <AddressForm
          kind="address"
          locale={locale}
          defaults={valuesOf(profile)}
          saving={save.isPending}
          refused={refused}
          failure={save.isError && refused.length === 0 ? t`Your address could not be saved. Please try again.` : null}
          submitLabel={t`Save the address`}
          onSave={(values) =>
            save.mutate(addressRequest(values), {
              onSuccess: () => {
                setEditing(false);
                setSaved(true);
              },
            })
          }
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          {profile.address ? (
            <p className="profile-address__text">
              <bdi>{profile.address.text}</bdi>
            </p>
          ) : (
            <p>{t`You have not given an address yet.`}</p>
          )}
          <p>
            <button
              ref={change}
              type="button"
              className="button"
              {...tracking}
              onClick={() => {
                save.reset();
                setSaved(false);
                setEditing(true);
              }}
            >
              {profile.address ? t`Change the address` : t`Add an address`}
            </button>
          </p>
        </>
      )}
      <p role="status" className="profile-personal__status">
        {saved && !editing ? t`Address saved.` : ''}
      </p>
    </section>
  );
}
