import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { RegistrationPage } from '../../../views/account/RegistrationPage';
import { RegistrationSearchSchema } from './-search';

export const Route = createFileRoute('/$locale/account/registration')({
  validateSearch: (search: Record<string, unknown>) => v.parse(RegistrationSearchSchema, search),
  component: function RegistrationRoute() {
    const { locale } = Route.useRouteContext();
    const { registration_token: registrationToken } = Route.useSearch();
    // A new token starts a new form.
    return <RegistrationPage key={registrationToken ?? 'none'} locale={locale} registrationToken={registrationToken} />;
  },
});
