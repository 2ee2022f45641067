import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../../views/account/profile/ProfilePage';

export const Route = createFileRoute('/$locale/account/profile')({
  component: function ProfileRoute() {
    const { locale } = Route.useRouteContext();
    return <ProfilePage locale={locale} />;
  },
});
