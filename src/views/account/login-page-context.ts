import { createActorContext } from '@xstate/react';
import { loginPageMachine } from '../../machines/login-page/login-page.machine';

/** The login page's actor starts with the page's provider, never at module scope. */
export const LoginPageActorContext = createActorContext(loginPageMachine);
