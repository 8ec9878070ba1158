import { z } from 'zod';

/**
 * URL search schemas of the identity admin lists (the URL is the list's only state, named as the
 * API's list query). The router parses `?is_denied=true` into a boolean and `?group_seq=3` into a
 * number, so filters accept both forms; a bad value falls back to "no filter".
 */
export const BooleanFilterSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true')
  .optional()
  .catch(undefined);

export const SeqFilterSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .optional()
  .catch(undefined);

export const SecurityLevelFilterSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(10)
  .optional()
  .catch(undefined);

/**
 * A list's defaults (page 1, 20 rows, its default sort and order), for `stripSearchParams`: the URL
 * names only what differs, so a link or a login-me `redirectFrom` stays as short as it was typed.
 */
export function listDefaults<Search>(schema: { parse: (input: unknown) => Search }): Search {
  return schema.parse({});
}

/** An asset code in the URL (as the API's `asset` filter); a bad one means "every asset". */
export const AssetFilterSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/)
  .optional()
  .catch(undefined);
