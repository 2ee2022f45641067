import { useLingui } from '@lingui/react/macro';
import type { PaymentMethod } from '../../../contract/ecommerce';

/** The payment methods as guests know them, the same words on every page that takes a payment. */
export function usePaymentMethodNames(): Record<PaymentMethod, string> {
  const { t } = useLingui();
  return {
    card: t`Credit or debit card`,
    paypal: t`PayPal`,
    apple_pay: t`Apple Pay`,
    ideal: t`iDEAL`,
    points: t`Reward points`,
  };
}

/** The methods a guest approves at the provider's own page (PayPal, iDEAL, Apple Pay) and comes back from. */
export const REDIRECT_PAYMENT_METHODS = ['paypal', 'ideal', 'apple_pay'] as const satisfies readonly PaymentMethod[];
export type RedirectPaymentMethod = (typeof REDIRECT_PAYMENT_METHODS)[number];
export const isRedirectMethod = (method: PaymentMethod | null): method is RedirectPaymentMethod => (REDIRECT_PAYMENT_METHODS as readonly (PaymentMethod | null)[]).includes(method);

/**
 * One radio button per method, named as guests know them, inside the caller's fieldset (its legend and
 * its disabled state are the caller's). `idPrefix` keeps the ids apart where two choices could meet.
 */
export function PaymentMethodChoice<Method extends PaymentMethod>({
  methods,
  chosen,
  idPrefix,
  onChoose,
}: {
  methods: readonly Method[];
  chosen: Method | null;
  idPrefix: string;
  onChoose: (method: Method) => void;
}) {
  const names = usePaymentMethodNames();
  return (
    <>
      {methods.map((method) => (
        <p key={method} className="form-check">
          <input id={`${idPrefix}-${method}`} type="radio" name={idPrefix} value={method} checked={chosen === method} onChange={() => onChoose(method)} />
          <label htmlFor={`${idPrefix}-${method}`}>{names[method]}</label>
        </p>
      ))}
    </>
  );
}

/** Says where a method that is approved at the provider's page takes the guest, and that they come back. */
export function RedirectMethodHint({ method }: { method: RedirectPaymentMethod }) {
  const { t } = useLingui();
  const names = usePaymentMethodNames();
  return <p className="form-field__hint">{t`After you confirm, you continue at ${names[method]} to approve the payment, then come back here.`}</p>;
}
