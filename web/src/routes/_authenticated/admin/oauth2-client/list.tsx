import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OAuth2ClientListPage } from '../../../../features/admin-oauth2-clients/oauth2-client-list-page.tsx';
import { OAuth2ClientListSearchSchema } from '../../../../features/admin-oauth2-clients/oauth2-client-queries.ts';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/oauth2-client/list')({
  validateSearch: OAuth2ClientListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(OAuth2ClientListSearchSchema))] },
  component: function OAuth2ClientListRoute() {
    const navigate = Route.useNavigate();
    return (
      <OAuth2ClientListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
