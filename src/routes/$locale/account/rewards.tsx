import { createFileRoute } from '@tanstack/react-router';
import { RewardsPage } from '../../../views/account/rewards/RewardsPage';

export const Route = createFileRoute('/$locale/account/rewards')({
  component: function RewardsRoute() {
    const { locale } = Route.useRouteContext();
    return <RewardsPage locale={locale} />;
  },
});
