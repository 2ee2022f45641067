import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { VOUCHER_CATEGORIES } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import type { MemberVoucher, Reward } from '../../../contract/loyalty';
import { selectRedeemDialog, selectRedemption, selectStepUpChild } from '../../../machines/redeem/redeem.selectors';
import type { RedeemFailure } from '../../../machines/redeem/redeem.types';
import { useMemberAreaTracking } from '../../../services/analytics/queries';
import { memberVouchersQuery, pointsStatusQuery, rewardsQuery } from '../../../services/loyalty/queries';
import { PageTitle } from '../../shell/PageTitle';
import { LoadFailed } from '../../shell/QueryState';
import { useAuthAccess } from '../../shell/session-context';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatCalendarDate } from '../../ui/format/dates';
import { formatMoney, formatPoints } from '../../ui/format/money';
import { MemberOnly } from '../member-area/MemberOnly';
import { StepUpForm } from '../profile/step-up/StepUpForm';
import { RedeemActorContext } from './redeem-context';
import { RedeemProvider } from './RedeemProvider';
import { StayVouchers } from './StayVouchers';
import './rewards.css';

/** Rewards (spec section 2, rewards): the catalogue to redeem points for, and the member's vouchers. */
export function RewardsPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Rewards`} locale={locale}>
      <RedeemProvider locale={locale}>
        <Rewards locale={locale} />
      </RedeemProvider>
    </MemberOnly>
  );
}

function Rewards({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const status = useQuery(pointsStatusQuery(access));
  const rewards = useQuery(rewardsQuery(access, locale));
  const balance = status.data?.balance ?? null;
  return (
    <div className="page member-page member-rewards" data-page="account-rewards">
      <PageTitle title={t`Rewards`} />
      <h1>{t`Rewards`}</h1>
      <p className="member-rewards__balance" aria-live="polite">
        {balance === null ? (status.isError ? null : <span className="skeleton skeleton--text">{t`Loading your points…`}</span>) : t`You have ${formatPoints(balance, locale)} points to redeem.`}
      </p>
      <RedemptionNotice locale={locale} />
      <section aria-labelledby="rewards-catalogue">
        <h2 id="rewards-catalogue">{t`Redeem your points`}</h2>
        {rewards.isPending ? (
          <p className="skeleton skeleton--block" role="status">
            <span className="visually-hidden">{t`Loading the rewards…`}</span>
          </p>
        ) : rewards.isError ? (
          <LoadFailed message={t`The rewards could not be loaded.`} onRetry={() => void rewards.refetch()} />
        ) : (
          <ul className="member-rewards__catalogue" aria-labelledby="rewards-catalogue">
            {rewards.data.map((reward) => (
              <li key={reward.id}>
                <RewardCard reward={reward} balance={balance} locale={locale} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <MyVouchers locale={locale} />
      <StayVouchers locale={locale} />
      <RedeemDialog locale={locale} />
    </div>
  );
}

function RewardCard({ reward, balance, locale }: { reward: Reward; balance: number | null; locale: Locale }) {
  const { t } = useLingui();
  const redeem = RedeemActorContext.useActorRef();
  const tracking = useMemberAreaTracking('rewards', 'redeem');
  // The catalogue's mark is as old as its answer; the balance on the page is the newer one when there is one.
  const missing = balance === null ? (reward.affordable ? 0 : null) : Math.max(0, reward.points - balance);
  const price = formatPoints(reward.points, locale);
  return (
    <article className="card member-rewards__reward" aria-labelledby={`reward-${reward.id}`}>
      <h3 id={`reward-${reward.id}`}>{reward.name}</h3>
      <p>{reward.description}</p>
      <p className="member-rewards__price">{t`${price} points`}</p>
      {missing === 0 ? (
        <button
          type="button"
          className="button button--primary"
          aria-describedby={`reward-${reward.id}`}
          onClick={() => redeem.send({ type: 'reward.choose', reward: { id: reward.id, name: reward.name, points: reward.points } })}
          {...tracking}
        >
          {t`Redeem`}
        </button>
      ) : (
        <p className="card__meta">{missing === null ? t`Your balance does not cover it yet.` : t`You need ${formatPoints(missing, locale)} more points.`}</p>
      )}
    </article>
  );
}

/** The purchase just made: its voucher, code and the balance left. */
function RedemptionNotice({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const redeem = RedeemActorContext.useActorRef();
  const redemption = RedeemActorContext.useSelector(selectRedemption);
  if (!redemption) return <div role="status" className="visually-hidden" />;
  const { voucher, reward, balance } = redemption;
  const left = formatPoints(balance, locale);
  return (
    <div role="status" className="notice member-rewards__bought">
      <p>
        <Trans>
          Redeemed: <strong>{reward.name}</strong>. Your voucher code is <strong className="member-rewards__code">{voucher.code}</strong>, valid until{' '}
          <bdi>{formatCalendarDate(voucher.validUntil, locale)}</bdi>. You have {left} points left.
        </Trans>
      </p>
      <p>
        <Trans>Enter the code at check-out when you book, or find it below under My vouchers.</Trans>
      </p>
      <button type="button" className="button" onClick={() => redeem.send({ type: 'redeem.dismiss' })}>
        {t`Close message`}
      </button>
    </div>
  );
}

function RedeemDialog({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const redeem = RedeemActorContext.useActorRef();
  const dialog = RedeemActorContext.useSelector(selectRedeemDialog);
  const stepUp = RedeemActorContext.useSelector(selectStepUpChild);
  const cancel = () => redeem.send({ type: 'redeem.cancel' });
  const price = dialog ? formatPoints(dialog.reward.points, locale) : '';
  return (
    <ConfirmDialog
      open={dialog !== null}
      title={dialog?.step === 'failed' ? t`Nothing was redeemed` : t`Redeem ${price} points?`}
      onClose={cancel}
      actions={
        dialog?.step === 'stepUp' ? null : dialog?.step === 'failed' ? (
          <>
            <button type="button" className="button" onClick={cancel}>
              {t`Close`}
            </button>
            {dialog.canRetry ? (
              <button type="button" className="button button--primary" onClick={() => redeem.send({ type: 'redeem.confirm' })}>
                {t`Try again`}
              </button>
            ) : null}
          </>
        ) : (
          <>
            <button type="button" className="button" onClick={cancel} disabled={dialog?.busy}>
              {t`Keep my points`}
            </button>
            <button type="button" className="button button--primary" onClick={() => redeem.send({ type: 'redeem.confirm' })} disabled={dialog?.busy} aria-busy={dialog?.busy}>
              {dialog?.busy ? t`Redeeming…` : t`Redeem ${price} points`}
            </button>
          </>
        )
      }
    >
      {dialog?.step === 'failed' ? (
        <FailureMessage failure={dialog.failure} />
      ) : dialog?.step === 'stepUp' ? (
        <StepUpForm actor={stepUp} purpose={t`For your security, redeeming ${price} points needs a code we email to you.`} />
      ) : dialog ? (
        <p>{t`${dialog.reward.name} for ${price} points. The points are taken from your balance at once; the voucher is yours to use when you book.`}</p>
      ) : null}
    </ConfirmDialog>
  );
}

function FailureMessage({ failure }: { failure: RedeemFailure }) {
  const { t } = useLingui();
  const messages: Record<RedeemFailure, string> = {
    insufficientPoints: t`Your balance no longer covers this reward. Your points have been updated; nothing was taken.`,
    unknownReward: t`This reward is no longer available. Nothing was taken from your points.`,
    failed: t`We could not reach our rewards service. Nothing was taken from your points; please try again.`,
  };
  return <p role="alert">{messages[failure]}</p>;
}

/** The member's vouchers by category: valid ones first with their expiry, used and expired ones after. */
function MyVouchers({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const vouchers = useQuery(memberVouchersQuery(access));
  const headings: Record<MemberVoucher['category'], string> = { Voucher: t`Vouchers`, Bonus: t`Bonus vouchers`, Other: t`Other vouchers` };
  return (
    <section aria-labelledby="my-vouchers">
      <h2 id="my-vouchers">{t`My vouchers`}</h2>
      {vouchers.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your vouchers…`}</span>
        </p>
      ) : vouchers.isError ? (
        <LoadFailed message={t`Your vouchers could not be loaded.`} onRetry={() => void vouchers.refetch()} />
      ) : vouchers.data.length === 0 ? (
        <p>
          <Trans>
            No vouchers yet. Redeem your points above, or <Link to="/$locale/find-a-hotel" params={{ locale }}>book a stay</Link> to collect more.
          </Trans>
        </p>
      ) : (
        VOUCHER_CATEGORIES.map((category) => {
          const own = vouchers.data.filter((voucher) => voucher.category === category);
          if (own.length === 0) return null;
          const valid = own.filter((voucher) => voucher.status === 'valid');
          const ended = own.filter((voucher) => voucher.status !== 'valid');
          return (
            <section key={category} aria-labelledby={`vouchers-${category}`} className="member-rewards__category">
              <h3 id={`vouchers-${category}`}>{headings[category]}</h3>
              {valid.length === 0 ? <p>{t`None to use right now.`}</p> : <VoucherList vouchers={valid} locale={locale} />}
              {ended.length > 0 ? (
                <details>
                  <summary>{t`Used and expired (${ended.length})`}</summary>
                  <VoucherList vouchers={ended} locale={locale} />
                </details>
              ) : null}
            </section>
          );
        })
      )}
    </section>
  );
}

function VoucherList({ vouchers, locale }: { vouchers: readonly MemberVoucher[]; locale: Locale }) {
  const { t } = useLingui();
  return (
    <ul className="member-rewards__vouchers">
      {vouchers.map((voucher) => {
        const until = formatCalendarDate(voucher.validUntil, locale);
        return (
          <li key={voucher.id} className="card member-rewards__voucher">
            <p className="member-rewards__amount">
              <bdi>{formatMoney(voucher.amount, voucher.currency, locale)}</bdi>
            </p>
            <p>
              <Trans>
                Code <strong className="member-rewards__code">{voucher.code}</strong>
              </Trans>
            </p>
            <p className={voucher.expiringSoon ? 'member-rewards__expiry member-rewards__expiry--soon' : 'member-rewards__expiry'}>
              {voucher.status === 'used'
                ? t`Used`
                : voucher.status === 'expired'
                  ? t`Expired on ${until}`
                  : voucher.expiringSoon
                    ? t`Expires soon: valid until ${until}`
                    : t`Valid until ${until}`}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
