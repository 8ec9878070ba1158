import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RealnameProviderPage } from '../../features/kyc/realname-provider-page.tsx';

/** The simulated real-name authority's popup (the identity-provider port's development adapter). */
export const Route = createFileRoute('/kyc/realname-provider')({
  validateSearch: z.object({
    realname_seq: z.coerce.number().int().min(1).catch(0),
    ticket: z.string().max(200).catch(''),
  }),
  component: function RealnameProviderRoute() {
    const search = Route.useSearch();
    return <RealnameProviderPage realnameSeq={search.realname_seq} ticket={search.ticket} />;
  },
});
