import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { NewsletterConfirmationPage } from '../../views/newsletters/NewsletterConfirmationPage';

/** The double opt-in mail's link carries `token`. */
const NewsletterConfirmationSearchSchema = v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(4096))) });

export const Route = createFileRoute('/$locale/newsletter-confirmation')({
  validateSearch: NewsletterConfirmationSearchSchema,
  component: function NewsletterConfirmationRoute() {
    const { locale } = Route.useRouteContext();
    const { token } = Route.useSearch();
    return <NewsletterConfirmationPage locale={locale} token={token} />;
  },
});
