import { createFileRoute } from '@tanstack/react-router';
import { CompleteRegistrationPage } from '../../../views/account/CompleteRegistrationPage';

export const Route = createFileRoute('/$locale/account/complete-registration')({
  component: function CompleteRegistrationRoute() {
    const { locale } = Route.useRouteContext();
    return <CompleteRegistrationPage locale={locale} />;
  },
});
