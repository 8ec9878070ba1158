import { z } from 'zod';
import { listQuerySchema, QueryBooleanSchema, QuerySeqSchema } from './list-query.ts';
import { text } from './text.ts';

/** OAuth2 clients (SPEC §3: name, id, secret, redirect URI, authorities), administered per member. */
const detailsShape = {
  name: text({ trim: true, min: 1, max: 64 }),
  redirect_uris: z
    .array(text({ min: 1, max: 2_000 }))
    .min(1)
    .max(10),
  authorities: z.array(text({ min: 1, max: 64 })).max(20),
};

export const RegisterOAuth2ClientRequestSchema = z.strictObject({
  member_seq: z.number().int().min(1),
  ...detailsShape,
});
export const ChangeOAuth2ClientRequestSchema = z.strictObject(detailsShape);

export const OAuth2ClientParameterSchema = z.strictObject({
  clientId: z.string().regex(/^oc_[A-Za-z0-9_-]{16,64}$/),
});

export const OAuth2ClientListQuerySchema = listQuerySchema({
  sortable: ['regdate', 'name'],
  filters: { member_seq: QuerySeqSchema.optional(), is_revoked: QueryBooleanSchema.optional() },
});

export const OAuth2ClientSchema = z.object({
  client_id: z.string(),
  member_seq: z.number(),
  name: z.string(),
  redirect_uris: z.array(z.string()),
  /** The first redirect URI (the member view's tab shows one). */
  redirect_uri: z.string(),
  authorities: z.array(z.string()),
  regdate: z.string(),
  updated_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type OAuth2Client = z.infer<typeof OAuth2ClientSchema>;

/** The answer of a registration or rotation: the secret, shown this once and never again. */
export const OAuth2ClientSecretAnswerSchema = z.object({
  data: z.object({ client_id: z.string(), client_secret: z.string() }),
  position: z.string().nullable(),
});
