import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../../contract/locales';
import { AddPasskey } from './AddPasskey';
import { LinkedAccounts } from './LinkedAccounts';
import { PasskeysList } from './PasskeysList';
import { PasswordPanel } from './PasswordPanel';
import { SessionsList } from './SessionsList';
import './security.css';

/**
 * How the member signs in and where (decisions 0047 and 0048): the password, passkeys, linked Google,
 * Apple and Facebook accounts, and the sessions of every device. Changes that open the account to a new
 * way in (a password, a passkey) ask for a fresh code first.
 */
export function SecuritySection({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="profile-security" className="profile-security">
      <h2 id="profile-security">{t`Sign-in and security`}</h2>
      <PasswordPanel locale={locale} />
      <PasskeysList locale={locale} addPasskey={<AddPasskey locale={locale} />} />
      <LinkedAccounts locale={locale} />
      <SessionsList locale={locale} />
    </section>
  );
}
