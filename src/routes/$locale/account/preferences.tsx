import { createFileRoute } from '@tanstack/react-router';
import { PreferencesPage } from '../../../views/account/preferences/PreferencesPage';

export const Route = createFileRoute('/$locale/account/preferences')({
  component: function PreferencesRoute() {
    const { locale } = Route.useRouteContext();
    return <PreferencesPage locale={locale} />;
  },
});
