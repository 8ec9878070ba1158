import { createFileRoute } from '@tanstack/react-router';
import { AdminScreenFallback } from '../../../features/admin-console/admin-screen-fallback.tsx';

export const Route = createFileRoute('/_authenticated/admin/$')({
  component: function AdminScreenRoute() {
    return <AdminScreenFallback splat={Route.useParams()._splat ?? ''} />;
  },
});
