import { createFileRoute } from '@tanstack/react-router';
import { StatusPage } from '../../../views/account/status/StatusPage';

export const Route = createFileRoute('/$locale/account/status')({
  component: function StatusRoute() {
    const { locale } = Route.useRouteContext();
    return <StatusPage locale={locale} />;
  },
});
