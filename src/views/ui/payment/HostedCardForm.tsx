import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { HostedCardMessage } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import type { AuthAccess } from '../../../services/bff/request';
import { merchantQuery } from '../../../services/booking/queries';
import { hostedFieldUrl, readHostedMessage } from './hosted-messages';

export type TokenizedCard = Pick<HostedCardMessage, 'token' | 'brand' | 'last4'>;

/**
 * The payment provider's hosted card form in an iframe, as the check-in's guarantee and the hotel
 * checkout's bill use it: the card number never touches this page. Its "card tokenized" message (from
 * the provider's own origin, in the contract's shape) hands the card's token to `onCard`. While the
 * provider's details load it shows a placeholder of the form's size; if they fail, a way to try again.
 */
export function HostedCardForm({ locale, access, frameClassName, onCard }: { locale: Locale; access: AuthAccess | null; frameClassName: string; onCard: (card: TokenizedCard) => void }) {
  const { t } = useLingui();
  const merchant = useQuery(merchantQuery(access));
  const origin = merchant.data?.origin ?? null;
  // DOM work: the provider's form posts its result to this window.
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      const message = readHostedMessage(event, origin);
      if (message?.type === 'psp.card.tokenized') onCard({ token: message.token, brand: message.brand, last4: message.last4 });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, onCard]);
  if (merchant.isPending) {
    return (
      <div className={`skeleton ${frameClassName}`} aria-busy="true">
        <span className="visually-hidden">{t`Loading the secure card form…`}</span>
      </div>
    );
  }
  if (merchant.isError) {
    return (
      <div className="notice" role="alert">
        <p>{t`The secure card form could not be loaded.`}</p>
        <button type="button" className="button" onClick={() => void merchant.refetch()}>
          {t`Try again`}
        </button>
      </div>
    );
  }
  return <iframe className={frameClassName} title={t`Card details`} src={hostedFieldUrl(merchant.data.hosted_form_url, window.location.origin, locale)} />;
}
