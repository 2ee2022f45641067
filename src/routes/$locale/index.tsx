import { createFileRoute } from '@tanstack/react-router';
import { brandsQuery, destinationsQuery } from '../../services/content/queries';
import { HomePage } from '../../views/home/HomePage';

export const Route = createFileRoute('/$locale/')({
  // Start both requests early but do not wait: the page shows placeholders while they load.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(brandsQuery(context.locale));
    void context.queryClient.prefetchQuery(destinationsQuery(context.locale));
  },
  component: function HomeRoute() {
    const { locale } = Route.useRouteContext();
    return <HomePage locale={locale} />;
  },
});
