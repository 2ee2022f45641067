import { createFileRoute } from '@tanstack/react-router';
import { FavouritesPage } from '../../../views/account/favourites/FavouritesPage';

export const Route = createFileRoute('/$locale/account/favourites')({
  component: function FavouritesRoute() {
    const { locale } = Route.useRouteContext();
    return <FavouritesPage locale={locale} />;
  },
});
