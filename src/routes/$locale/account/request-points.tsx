import { createFileRoute } from '@tanstack/react-router';
import { RequestPointsPage } from '../../../views/account/request-points/RequestPointsPage';

export const Route = createFileRoute('/$locale/account/request-points')({
  component: function RequestPointsRoute() {
    const { locale } = Route.useRouteContext();
    return <RequestPointsPage locale={locale} />;
  },
});
