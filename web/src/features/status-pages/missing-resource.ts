import { z } from 'zod';

/** What a /404 may say is missing; anything else in the URL is ignored, never echoed. */
export const missingResources = ['page', 'member', 'account', 'asset', 'brokerage'] as const;
export type MissingResource = (typeof missingResources)[number];

export const NotFoundSearchSchema = z.object({
  resource: z.enum(missingResources).optional().catch(undefined),
});
