import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ActivatePage } from '../../../views/account/ActivatePage';
import { ActivationSearchSchema } from './-search';

export const Route = createFileRoute('/$locale/account/activate')({
  validateSearch: (search: Record<string, unknown>) => v.parse(ActivationSearchSchema, search),
  component: function ActivateRoute() {
    const { locale } = Route.useRouteContext();
    const { token } = Route.useSearch();
    return <ActivatePage key={token ?? 'none'} locale={locale} token={token} />;
  },
});
