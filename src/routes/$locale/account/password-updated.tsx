import { createFileRoute } from '@tanstack/react-router';
import { PasswordUpdatedPage } from '../../../views/account/StatusPages';

export const Route = createFileRoute('/$locale/account/password-updated')({
  component: function PasswordUpdatedRoute() {
    const { locale } = Route.useRouteContext();
    return <PasswordUpdatedPage locale={locale} />;
  },
});
