import { createFileRoute } from '@tanstack/react-router';
import { NotFoundSearchSchema } from '../features/status-pages/missing-resource.ts';
import { NotFoundPage } from '../features/status-pages/not-found-page.tsx';

export const Route = createFileRoute('/404')({
  validateSearch: NotFoundSearchSchema,
  component: function NotFoundRoute() {
    return <NotFoundPage resource={Route.useSearch().resource} />;
  },
});
