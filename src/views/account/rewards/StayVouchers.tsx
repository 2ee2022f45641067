import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../../contract/locales';
import { STAY_VOUCHER_CODE_PATTERN, type StayVoucher, type StayVoucherBoard } from '../../../contract/stay-vouchers';
import { useMemberAreaTracking } from '../../../services/analytics/queries';
import { type StayVoucherFailure, stayVoucherFailureOf, stayVouchersQuery, useRedeemStayVoucher } from '../../../services/loyalty/queries';
import { LoadFailed } from '../../shell/QueryState';
import { useAuthAccess } from '../../shell/session-context';
import { Field } from '../../ui/fields';
import { formatCalendarDate } from '../../ui/format/dates';

type CodeProblem = 'required' | StayVoucherFailure;

/**
 * Stay vouchers (spec section 7, stay vouchers): nights given as a gift, added to the account by their
 * code, and listed with what they pay for and until when.
 */
export function StayVouchers({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const vouchers = useQuery(stayVouchersQuery(access));
  return (
    <section aria-labelledby="stay-vouchers" className="member-rewards__stays">
      <h2 id="stay-vouchers">{t`Stay vouchers`}</h2>
      <RedeemCode locale={locale} />
      {vouchers.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your stay vouchers…`}</span>
        </p>
      ) : vouchers.isError ? (
        <LoadFailed message={t`Your stay vouchers could not be loaded.`} onRetry={() => void vouchers.refetch()} />
      ) : vouchers.data.length === 0 ? (
        <p>{t`No stay vouchers yet. Got one as a gift? Add its code above.`}</p>
      ) : (
        <ul className="member-rewards__vouchers" aria-labelledby="stay-vouchers">
          {vouchers.data.map((voucher) => (
            <li key={voucher.id} className="card member-rewards__voucher">
              <StayVoucherCard voucher={voucher} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StayVoucherCard({ voucher, locale }: { voucher: StayVoucher; locale: Locale }) {
  const { t } = useLingui();
  const boards: Record<StayVoucherBoard, string> = {
    room_only: t`Room only`,
    breakfast: t`Breakfast included`,
    half_board: t`Half board`,
    full_board: t`Full board`,
  };
  const until = formatCalendarDate(voucher.validUntil, locale);
  return (
    <>
      <p className="member-rewards__amount">
        <Plural value={voucher.nights} one="# night" other="# nights" /> · <Plural value={voucher.guests} one="# guest" other="# guests" />
      </p>
      <p>{voucher.brand ? t`Valid at ${voucher.brand.name}` : t`Valid at any of our hotels`}</p>
      <p>{boards[voucher.board]}</p>
      <p lang="en" className="card__meta">
        {voucher.description}
      </p>
      <p>
        {t`Code`} <strong className="member-rewards__code">{voucher.code}</strong>
      </p>
      <p className="member-rewards__expiry">
        {voucher.status === 'used' ? t`Used` : voucher.status === 'expired' ? t`Expired on ${until}` : t`A stay can begin until ${until}`}
      </p>
    </>
  );
}

/** The form that adds a stay voucher by its code. */
function RedeemCode({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const redeem = useRedeemStayVoucher(access);
  const tracking = useMemberAreaTracking('redeem code');
  const [checked, setChecked] = useState<CodeProblem | null>(null);
  const formId = useId();
  const problem: CodeProblem | null = checked ?? (redeem.isError ? stayVoucherFailureOf(redeem.error) : null);
  const messages: Record<CodeProblem, string> = {
    required: t`Enter the code of your voucher.`,
    format: t`A stay voucher code is 6 to 32 letters, digits or dashes.`,
    unknown: t`We know no stay voucher with this code. Check it as printed on the voucher.`,
    taken: t`This voucher has already been redeemed or has expired.`,
    tooMany: t`Too many codes were tried. Please try again in an hour.`,
    failed: t`The voucher could not be added. Please try again.`,
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get('code') ?? '')
      .trim()
      .toUpperCase();
    const local: CodeProblem | null = code === '' ? 'required' : STAY_VOUCHER_CODE_PATTERN.test(code) ? null : 'format';
    setChecked(local);
    if (local) return;
    redeem.mutate(code, { onSuccess: () => form.reset() });
  };
  const added = redeem.isSuccess ? redeem.data : null;
  return (
    <form className="member-rewards__redeem" noValidate onSubmit={onSubmit} aria-busy={redeem.isPending} id={formId}>
      <Field
        name="code"
        label={t`Voucher code`}
        hint={t`As printed on the voucher, for example STAY-2N-AB12CD.`}
        autoComplete="off"
        spellCheck={false}
        error={problem ? messages[problem] : undefined}
        announceError
      />
      <p>
        <button type="submit" className="button" disabled={redeem.isPending} aria-busy={redeem.isPending} {...tracking}>
          {redeem.isPending ? t`Adding…` : t`Add voucher`}
        </button>
      </p>
      <p role="status" className="member-rewards__added">
        {added && !problem ? t`Added: your voucher for ${added.nights} nights, valid until ${formatCalendarDate(added.validUntil, locale)}.` : null}
      </p>
    </form>
  );
}
