import { createFileRoute } from '@tanstack/react-router';
import { ActivatedPage } from '../../../views/account/StatusPages';

export const Route = createFileRoute('/$locale/account/activated')({
  component: function ActivatedRoute() {
    const { locale } = Route.useRouteContext();
    return <ActivatedPage locale={locale} />;
  },
});
