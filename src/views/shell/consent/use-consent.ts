/** The consent hooks live with the consent service (services/consent/queries.ts); the shell reads them here too. */
export { useConsent, useConsentChoice } from '../../../services/consent/queries';
