import {
  type DateRangeShortcut,
  dateRangeShortcuts,
  type ListPaging,
  listAnswerSchema,
  listPageSizeMax,
} from '@ledger/contracts';
import { z } from 'zod';
import type { SearchParams } from '../../lib/api-client.ts';

/** Rows per page a list offers (bounded by the API's page size maximum). */
export const pageSizes = [20, 50, listPageSizeMax] as const;
export const defaultPageSize = 20;
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * What every list screen keeps in its URL, named as the API's list query (contracts
 * `listQuerySchema`), so the URL is the request: a period is either a `date_range` shortcut or
 * explicit `date_from`/`date_to`, never both.
 */
export type ListSearch = {
  page: number;
  page_size: number;
  sort: string;
  order: SortOrder;
  date_from?: string | undefined;
  date_to?: string | undefined;
  date_range?: DateRangeShortcut | undefined;
  search?: string | undefined;
};

type ListSearchOptions<SortKey extends string, Filters extends z.ZodRawShape> = {
  /** The list's sort keys; the first is the default, as on the server. */
  sortKeys: readonly [SortKey, ...SortKey[]];
  defaultOrder?: SortOrder;
  /** The screen's own filters; give each a `.catch()` so a bad URL never breaks the screen. */
  filters?: Filters;
};

/**
 * The search schema of a list route (`validateSearch`). Every field has a `.catch()`, so a
 * hand-edited URL falls back to the defaults instead of failing.
 */
export function listSearchSchema<
  const SortKey extends string,
  Filters extends z.ZodRawShape = Record<never, never>,
>(options: ListSearchOptions<SortKey, Filters>) {
  const order = options.defaultOrder ?? 'desc';
  const defaultSort = options.sortKeys[0];
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
    page_size: z.coerce
      .number()
      .refine((size) => (pageSizes as readonly number[]).includes(size))
      .default(defaultPageSize)
      .catch(defaultPageSize),
    sort: z.enum(options.sortKeys).default(defaultSort).catch(defaultSort),
    order: z.enum(sortOrders).default(order).catch(order),
    date_from: z.iso.date().optional().catch(undefined),
    date_to: z.iso.date().optional().catch(undefined),
    date_range: z.enum(dateRangeShortcuts).optional().catch(undefined),
    search: z.string().trim().min(1).max(100).optional().catch(undefined),
    ...(options.filters ?? ({} as Filters)),
  });
}

/** The list's URL state as the API's query string; a shortcut wins over explicit dates. */
export function listQueryParams(search: ListSearch & Record<string, unknown>): SearchParams {
  const params: SearchParams = {};
  for (const [name, value] of Object.entries(search)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params[name] = value;
    }
  }
  if (params.date_range !== undefined) {
    delete params.date_from;
    delete params.date_to;
  }
  return params;
}

/** A page of a list as the API answers it: `{ data, paging }`. */
export const listPageSchema = listAnswerSchema;
export type { ListPaging };
