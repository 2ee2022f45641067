import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Locale } from '../../../../contract/locales';
import { type BillingAddress, MEMBER_PROFILE_LIMITS } from '../../../../contract/member-profile';
import {
  billingAddressesQuery,
  countriesQuery,
  fieldsRefused,
  isBillingLimitReached,
  useRemoveBillingAddress,
  useSaveBillingAddress,
} from '../../../../services/account/profile-queries';
import { LoadFailed } from '../../../shell/QueryState';
import { useAuthAccess } from '../../../shell/session-context';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { AddressForm } from './AddressForm';
import { type AddressValues, billingAddressRequest } from './profile-rules';

const MAX = MEMBER_PROFILE_LIMITS.maxBillingAddresses;
const EMPTY: AddressValues = { street: '', postalCode: '', city: '', country: '', state: '', companyName: '', vatId: '' };
const valuesOf = (address: BillingAddress): AddressValues => ({
  street: address.street,
  postalCode: address.postalCode,
  city: address.city,
  country: address.country,
  state: address.state ?? '',
  companyName: address.companyName ?? '',
  vatId: address.vatId ?? '',
});

/**
 * The member's billing addresses (for invoices to a company): listed oldest first, each edited in place
 * or deleted after a confirmation; at most MEMBER_PROFILE_LIMITS.maxBillingAddresses, which the section
 * says before anyone tries an eleventh.
 */
export function BillingAddresses({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const list = useQuery(billingAddressesQuery(access));
  const save = useSaveBillingAddress(access);
  const remove = useRemoveBillingAddress(access);
  // Which form is open: a new address, one address by id, or none.
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const [deleting, setDeleting] = useState<BillingAddress | null>(null);
  const [notice, setNotice] = useState<'saved' | 'deleted' | null>(null);

  const open = (which: 'new' | string) => {
    save.reset();
    setNotice(null);
    setEditing(which);
  };
  const form = (address: BillingAddress | null) => {
    const refused = fieldsRefused(save.error);
    const atLimit = isBillingLimitReached(save.error);
    return (
      <AddressForm
        kind="billing"
        locale={locale}
        defaults={address ? valuesOf(address) : EMPTY}
        saving={save.isPending}
        refused={refused}
        failure={
          atLimit
            ? t`You already have ${MAX} billing addresses. Delete one to add another.`
            : save.isError && refused.length === 0
              ? t`The billing address could not be saved. Please try again.`
              : null
        }
        submitLabel={address ? t`Save the billing address` : t`Add the billing address`}
        onSave={(values) =>
          save.mutate(
            { id: address?.id ?? null, body: billingAddressRequest(values) },
            {
              onSuccess: () => {
                setEditing(null);
                setNotice('saved');
              },
            },
          )
        }
        onCancel={() => setEditing(null)}
      />
    );
  };

  const count = list.data?.length ?? 0;
  const full = count >= MAX;
  return (
    <section className="profile-billing" aria-labelledby="profile-billing-title">
      <h2 id="profile-billing-title">{t`Billing addresses`}</h2>
      <p>{t`For invoices to your company: you can keep up to ${MAX} billing addresses and choose one when you book.`}</p>
      {list.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your billing addresses…`}</span>
        </p>
      ) : list.isError ? (
        <LoadFailed message={t`Your billing addresses could not be loaded.`} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {count === 0 ? <p>{t`You have no billing address yet.`}</p> : null}
          <ul className="profile-billing__list" aria-labelledby="profile-billing-title">
            {list.data.map((address) => (
              <li key={address.id}>
                {editing === address.id ? (
                  form(address)
                ) : (
                  <BillingAddressCard address={address} locale={locale} onEdit={() => open(address.id)} onDelete={() => setDeleting(address)} busy={remove.isPending} />
                )}
              </li>
            ))}
          </ul>
          <p className="profile-billing__count">
            {t`${count} of ${MAX} billing addresses`}
          </p>
          {editing === 'new' ? (
            form(null)
          ) : full ? (
            <p>{t`You have ${MAX} billing addresses, the most you can keep. Delete one to add another.`}</p>
          ) : (
            <p>
              <button type="button" className="button" onClick={() => open('new')}>
                {t`Add a billing address`}
              </button>
            </p>
          )}
        </>
      )}
      <p role="status" className="profile-personal__status">
        {notice === 'saved' ? t`Billing address saved.` : notice === 'deleted' ? t`Billing address deleted.` : ''}
      </p>
      {remove.isError ? (
        <p role="alert" className="code-entry__failure">
          {t`The billing address could not be deleted. Please try again.`}
        </p>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete this billing address?`}
        onClose={() => setDeleting(null)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setDeleting(null)}>
              {t`Keep it`}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                if (!deleting) return;
                remove.mutate(deleting.id, { onSuccess: () => setNotice('deleted') });
                setDeleting(null);
              }}
            >
              {t`Delete`}
            </button>
          </>
        }
      >
        <p>{deleting ? <bdi>{[deleting.companyName, deleting.street, `${deleting.postalCode} ${deleting.city}`].filter(Boolean).join(', ')}</bdi> : null}</p>
      </ConfirmDialog>
    </section>
  );
}

function BillingAddressCard({ address, locale, onEdit, onDelete, busy }: { address: BillingAddress; locale: Locale; onEdit: () => void; onDelete: () => void; busy: boolean }) {
  const { t } = useLingui();
  const countries = useQuery(countriesQuery(useAuthAccess(), locale));
  const country = countries.data?.find((entry) => entry.code === address.country)?.name ?? address.country;
  const title = address.companyName ?? address.street;
  return (
    <article className="card profile-billing__card" aria-label={title}>
      <p className="profile-billing__lines">
        {address.companyName ? (
          <>
            <strong>
              <bdi>{address.companyName}</bdi>
            </strong>
            <br />
          </>
        ) : null}
        <bdi>{address.street}</bdi>
        <br />
        <bdi>{`${address.postalCode} ${address.city}`}</bdi>
        {address.state ? <bdi>{`, ${address.state}`}</bdi> : null}
        <br />
        {country}
      </p>
      {address.vatId ? <p className="card__meta">{t`VAT number: ${address.vatId}`}</p> : null}
      <p className="code-entry__actions">
        <button type="button" className="button" onClick={onEdit}>
          {t`Edit`}
          {' '}<span className="visually-hidden">{title}</span>
        </button>
        <button type="button" className="button" aria-disabled={busy} onClick={() => !busy && onDelete()}>
          {t`Delete`}
          {' '}<span className="visually-hidden">{title}</span>
        </button>
      </p>
    </article>
  );
}
