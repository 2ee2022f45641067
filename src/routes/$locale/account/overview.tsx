import { createFileRoute } from '@tanstack/react-router';
import { OverviewPage } from '../../../views/account/overview/OverviewPage';

export const Route = createFileRoute('/$locale/account/overview')({
  component: function OverviewRoute() {
    const { locale } = Route.useRouteContext();
    return <OverviewPage locale={locale} />;
  },
});
