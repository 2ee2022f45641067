import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginPage } from '../../../views/account/LoginPage';
import { LoginSearchSchema } from './-search';

export const Route = createFileRoute('/$locale/account/login')({
  validateSearch: (search: Record<string, unknown>) => v.parse(LoginSearchSchema, search),
  component: function LoginRoute() {
    const { locale } = Route.useRouteContext();
    return <LoginPage locale={locale} query={Route.useSearch()} />;
  },
});
