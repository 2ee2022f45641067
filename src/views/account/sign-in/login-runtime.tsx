import type { Locale } from '../../../contract/locales';
import { LoginDialog } from './LoginDialog';

/**
 * The sign-in views that are on every page once someone asked to sign in: the dialog, the notice a refused
 * sign-in leaves, the Google prompt. Their own chunk, loaded with the sign-in machine (see LoginHost).
 */
export function LoginOverlay({ locale }: { locale: Locale }) {
  return <LoginDialog locale={locale} />;
}

export { LoginNotice } from './LoginNotice';
export { GoogleOneTapPrompt } from './GoogleOneTapPrompt';
