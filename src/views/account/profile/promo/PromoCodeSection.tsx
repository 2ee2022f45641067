import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../../../contract/locales';
import type { MemberPromoCode } from '../../../../contract/member-account';
import {
  memberPromoCodeQuery,
  promoCodeFailureOf,
  promoCodeProblem,
  useClearPromoCode,
  useRedeemPromoCode,
} from '../../../../services/account/account-queries';
import type { PromoCodeFailure, PromoCodeProblem } from '../../../../services/account/account-queries';
import { useMemberAreaTracking } from '../../../../services/analytics/queries';
import { brandsQuery } from '../../../../services/content/queries';
import { LoadFailed } from '../../../shell/QueryState';
import { useAuthAccess } from '../../../shell/session-context';
import { Field } from '../../../ui/fields';
import { formatCalendarDate } from '../../../ui/format/dates';
import { numberFormat } from '../../../ui/format/intl-cache';
import './promo.css';

type FieldProblem = PromoCodeProblem | Exclude<PromoCodeFailure, 'failed'>;

/**
 * The member's promo code (spec section 7, redeem-promo-code; decision record 0046): the one they hold,
 * with what it takes off, when and where, and a form to redeem another, which then replaces it. What was
 * typed stays in the field until a code is taken; why one is not is said at the field.
 */
export function PromoCodeSection({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const current = useQuery(memberPromoCodeQuery(access));
  const redeem = useRedeemPromoCode(access);
  const tracking = useMemberAreaTracking('redeem code');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [failed, setFailed] = useState(false);
  const [redeemed, setRedeemed] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusField = () => form.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (redeem.isPending) return;
    setRedeemed(null);
    setFailed(false);
    const found = promoCodeProblem(typed);
    setProblem(found);
    if (found) {
      focusField();
      return;
    }
    redeem.mutate(typed, {
      onSuccess: (promoCode) => {
        setTyped('');
        setRedeemed(promoCode.code);
      },
      onError: (error) => {
        const failure = promoCodeFailureOf(error);
        if (failure === 'failed') setFailed(true);
        else setProblem(failure);
        focusField();
      },
    });
  };

  const problems: Record<FieldProblem, string> = {
    required: t`Enter a promo code.`,
    format: t`A promo code is 3 to 32 letters or digits.`,
    unknown: t`There is no promo code like this. Check the spelling and try again.`,
    expired: t`This promo code has expired: its last night has passed.`,
  };

  return (
    <section className="profile-section profile-promo" aria-labelledby="profile-promo">
      <h2 id="profile-promo">{t`Promo code`}</h2>
      {current.isPending ? (
        <p className="skeleton skeleton--text" role="status">
          <span className="visually-hidden">{t`Loading your promo code…`}</span>
        </p>
      ) : current.isError ? (
        <LoadFailed message={t`Your promo code could not be loaded.`} onRetry={() => void current.refetch()} />
      ) : current.data ? (
        <CurrentPromoCode promoCode={current.data} locale={locale} />
      ) : (
        <p>{t`You have no promo code. Redeem one below: we fill it in for you when you search.`}</p>
      )}
      <form ref={form} className="profile-promo__form" noValidate onSubmit={submit} aria-busy={redeem.isPending}>
        <Field
          label={t`Redeem a promo code`}
          name="code"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          error={problem ? problems[problem] : undefined}
          announceError
        />
        {/* aria-disabled, not disabled: the pressed button keeps the focus; a second press waits for the first. */}
        <button type="submit" className="button button--primary" aria-disabled={redeem.isPending} aria-busy={redeem.isPending} {...tracking}>
          {redeem.isPending ? t`Redeeming…` : t`Redeem code`}
        </button>
      </form>
      <p role="status" className="profile-promo__status">
        {redeemed ? t`Promo code ${redeemed} is now yours.` : null}
      </p>
      {failed ? (
        <p role="alert" className="profile-promo__failure">
          {t`The code could not be redeemed: our service did not answer. Please try again.`}
        </p>
      ) : null}
    </section>
  );
}

/** The code the member holds: what it takes off, for which nights, at which brands; and a way to remove it. */
function CurrentPromoCode({ promoCode, locale }: { promoCode: MemberPromoCode; locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const clear = useClearPromoCode(access);
  const brands = useBrandNames(promoCode.brands, locale);
  const { code } = promoCode;
  const percent = numberFormat(`${locale}-u-nu-latn`, { style: 'percent', maximumFractionDigits: 0 }).format(promoCode.percentOff / 100);
  const from = formatCalendarDate(promoCode.stayFrom, locale);
  const until = formatCalendarDate(promoCode.stayUntil, locale);
  return (
    <div className="card profile-promo__current">
      <p>
        <Trans>
          Your promo code: <strong className="profile-promo__code">{code}</strong>
        </Trans>
      </p>
      <p>{brands ? t`${percent} off stays from ${from} to ${until} at ${brands}` : t`${percent} off stays from ${from} to ${until} at all our hotels`}</p>
      <p className={promoCode.applies ? 'card__meta' : 'card__meta profile-promo__expired'}>
        {promoCode.applies ? t`We fill it in for you when you search.` : t`It has expired: its last night has passed, so we no longer fill it in.`}
      </p>
      <p>
        <button type="button" className="button" aria-busy={clear.isPending} onClick={() => (clear.isPending ? undefined : clear.mutate())}>
          {clear.isPending ? t`Removing…` : t`Remove promo code`}
        </button>
      </p>
      {clear.isError ? <p role="alert">{t`The promo code could not be removed. Please try again.`}</p> : null}
    </div>
  );
}

/** The brands a code is limited to, by their names where the content knows them ("Jaz in the City and Zleep Hotels"); null: every brand. */
function useBrandNames(codes: readonly string[], locale: Locale): string | null {
  const brands = useQuery({ ...brandsQuery(locale), enabled: codes.length > 0 });
  if (codes.length === 0) return null;
  const names = codes.map((code) => brands.data?.find((brand) => brand.code === code)?.brandName ?? code);
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}
