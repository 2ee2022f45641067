import { createFileRoute } from '@tanstack/react-router';
import { SpecialsPage } from '../../../views/account/specials/SpecialsPage';

export const Route = createFileRoute('/$locale/account/specials')({
  component: function SpecialsRoute() {
    const { locale } = Route.useRouteContext();
    return <SpecialsPage locale={locale} />;
  },
});
