import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { ORDER_LINK_PARAMS } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { createLiveConfirmationLogic } from '../../../machines/confirmation/confirmation.live';
import { selectLinkPending } from '../../../machines/confirmation/confirmation.selectors';
import type { ConfirmationInput } from '../../../machines/confirmation/confirmation.types';
import { selectToken } from '../../../machines/session/session.selectors';
import { classifyOrderFailure, orderQuery } from '../../../services/booking/queries';
import { useFlag } from '../../shell/flags-context';
import { PageTitle } from '../../shell/PageTitle';
import { CardSkeletons, LoadFailed } from '../../shell/QueryState';
import { SessionActorContext, useAuthAccess } from '../../shell/session-context';
import { OrderDetails } from '../../ui/order/OrderDetails';
import { BookingNotFound } from './BookingNotFound';

interface ConfirmationPageProps {
  locale: Locale;
  orderId: string | undefined;
  modified: string | undefined;
  /** The token of the confirmation mail's link, when the page was opened from it. */
  linkToken?: string | undefined;
}

/** The booking after payment: reservation numbers, stay, prices, policies; add to calendar, cancel, change. */
export function ConfirmationPage({ locale, orderId, modified, linkToken }: ConfirmationPageProps) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const modifyEnabled = useFlag('modify-booking-enabled');
  const linkPending = useConfirmationFlow({ orderId, linkToken, afterChange: modified !== undefined });
  const order = useQuery({ ...orderQuery(orderId ?? '', access), enabled: orderId !== undefined && !linkPending });
  if (!orderId && !linkPending) return <BookingNotFound locale={locale} />;
  return (
    <div className="page booking-page" data-page="booking-confirmation">
      <PageTitle title={t`Your booking`} />
      {order.isPending || linkPending ? (
        <>
          <h1>{t`Your booking`}</h1>
          <CardSkeletons count={2} label={t`Loading your booking…`} />
        </>
      ) : order.isError ? (
        classifyOrderFailure(order.error) === 'notFound' ? (
          <BookingNotFound locale={locale} />
        ) : (
          <>
            <h1>{t`Your booking`}</h1>
            <LoadFailed message={t`Your booking could not be loaded.`} onRetry={() => void order.refetch()} />
          </>
        )
      ) : (
        <OrderDetails order={order.data} locale={locale} modified={modified} actions={{ access, modifyEnabled }} />
      )}
    </div>
  );
}

/**
 * Runs the page's machine (src/machines/confirmation) for this order: the mail link's token leaves the
 * address and is traded for access, and the conversion is tracked once. Answers whether the page waits
 * for the link. The page is keyed by its order id (see its route), so one actor runs per order.
 */
function useConfirmationFlow({ orderId, linkToken, afterChange }: { orderId: string | undefined; linkToken: string | undefined; afterChange: boolean }): boolean {
  const router = useRouter();
  const queryClient = useQueryClient();
  const session = SessionActorContext.useActorRef();
  // Any token parameter leaves the address, a malformed one too (the route's schema drops it from the page's search).
  const tokenInAddress = useLocation({ select: (location) => ORDER_LINK_PARAMS.token in location.search });
  const [input] = useState<ConfirmationInput>(() => ({ orderId: orderId ?? null, linkToken: linkToken ?? null, tokenInAddress, afterChange }));
  const logic = useMemo(
    () =>
      createLiveConfirmationLogic({
        queryClient,
        // Tracking reads the session's token when it runs.
        token: () => selectToken(session.getSnapshot()),
        showOrderInAddress: (target) =>
          void router.navigate({
            from: '/$locale/booking/confirmation',
            to: '.',
            search: (current) => ({ ...current, token: undefined, ...(target ? { order_id: target } : {}) }),
            replace: true,
          }),
      }),
    [router, queryClient, session],
  );
  const actor = useActorRef(logic, { input });
  return useSelector(actor, selectLinkPending);
}

