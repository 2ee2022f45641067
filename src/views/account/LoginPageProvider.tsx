import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { createLiveLoginPageLogic } from '../../machines/login-page/login-page.live';
import type { LoginPageInput, LoginPageQuery } from '../../machines/login-page/login-page.types';
import { useAppSystem } from '../shell/session-context';
import { LoginPageActorContext } from './login-page-context';

/**
 * Runs the login page's machine for one query, its effects bound (machines/login-page/login-page.live.ts).
 * The actor starts in the browser only.
 */
export function LoginPageProvider({ locale, query, children }: { locale: Locale; query: LoginPageQuery; children: ReactNode }) {
  const { app } = useAppSystem();
  const router = useRouter();
  const [input] = useState<LoginPageInput>(() => ({ query }));
  const logic = useMemo(() => createLiveLoginPageLogic({ app, locale, replaceWith: (href) => void router.navigate({ href, replace: true }) }), [app, router, locale]);
  return (
    <LoginPageActorContext.Provider logic={logic} options={{ input }}>
      {children}
    </LoginPageActorContext.Provider>
  );
}
