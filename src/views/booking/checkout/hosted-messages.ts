/** The provider's hosted fields are shared with the check-in's card step: they live in src/views/ui/payment. */
export { hostedFieldUrl, readHostedMessage } from '../../ui/payment/hosted-messages';
