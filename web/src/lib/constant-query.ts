import { ConstantAnswerSchema } from '@ledger/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client.ts';

export type Constants = z.infer<typeof ConstantAnswerSchema>['data'];

/** GET /constant: locales, assets with their decimal_point, enumerations. */
export function constantQueryOptions() {
  return queryOptions({
    queryKey: ['constant'] as const,
    queryFn: async ({ signal }): Promise<Constants> =>
      ConstantAnswerSchema.parse(await api.get('constant', { signal })).data,
    // Constants change with a deployment, not during a visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
