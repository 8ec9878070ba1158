import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';

/** The member's KYC reads and commands, each list scoped to the caller by the server. */
export const kycKeys = {
  all: ['kyc'] as const,
  certifications: ['kyc', 'certification'] as const,
  realnames: ['kyc', 'realname'] as const,
  addresses: ['kyc', 'withdraw-address-certification'] as const,
};

export const reviewStatuses = ['requested', 'approved', 'denied'] as const;
export const realnameStatuses = ['started', 'authenticated', 'failed', 'closed'] as const;
export const kycDocumentKinds = [
  'id_card',
  'passport',
  'driver_license',
  'proof_of_address',
  'business_registration',
  'other',
] as const;
export type KycDocumentKind = (typeof kycDocumentKinds)[number];

export const KycCertificationRowSchema = z.object({
  seq: z.number().int(),
  kyc_type: z.string(),
  document_count: z.number().int(),
  documents: z.array(
    z.object({ kind: z.string(), name: z.string().nullable(), reference: z.string().nullable() }),
  ),
  status: z.string(),
  is_valid: z.boolean(),
  expdate: z.string().nullable(),
  is_expired: z.boolean(),
  regdate: z.string(),
  reviewed_date: z.string().nullable(),
});
export type KycCertificationRow = z.infer<typeof KycCertificationRowSchema>;

export const RealnameRowSchema = z.object({
  seq: z.number().int(),
  authority: z.string(),
  status: z.string(),
  failure_reason: z.string().nullable(),
  is_valid: z.boolean(),
  expdate: z.string().nullable(),
  is_expired: z.boolean(),
  regdate: z.string(),
  authenticated_date: z.string().nullable(),
  closed_date: z.string().nullable(),
});
export type RealnameRow = z.infer<typeof RealnameRowSchema>;

export const WithdrawAddressRowSchema = z.object({
  seq: z.number().int(),
  asset: z.string(),
  bank_code: z.string().nullable(),
  withdraw_address: z.string().nullable(),
  holder_name: z.string().nullable(),
  status: z.string(),
  is_valid: z.boolean(),
  regdate: z.string(),
  reviewed_date: z.string().nullable(),
});
export type WithdrawAddressRow = z.infer<typeof WithdrawAddressRowSchema>;

function listQuery<Row extends z.ZodType>(key: readonly string[], path: string, row: Row) {
  return queryOptions({
    queryKey: key,
    queryFn: async ({ client, signal }) =>
      z
        .object({ data: z.array(row) })
        .parse(await api.get(path, { searchParams: afterLatestWrite(client), signal })).data,
  });
}

export const kycCertificationsQuery = () =>
  listQuery(kycKeys.certifications, 'kyc/certification', KycCertificationRowSchema);
export const realnamesQuery = () => listQuery(kycKeys.realnames, 'kyc/realname', RealnameRowSchema);
export const withdrawAddressesQuery = () =>
  listQuery(kycKeys.addresses, 'kyc/withdraw-address-certification', WithdrawAddressRowSchema);

export type KycCertificationRequest = {
  kyc_type: 'individual' | 'corporate';
  documents: { kind: KycDocumentKind; name: string; reference: string | null }[];
};

export type WithdrawAddressRequest = {
  asset: string;
  bank_code: string | null;
  withdraw_address: string;
  holder_name: string;
};

/** One submission of a form: its fields and the Idempotency-Key its retries reuse. */
export type KycSubmission<Fields> = { fields: Fields; idempotencyKey: string };

/**
 * POST a member's KYC command with the submission's Idempotency-Key, then read the member's KYC
 * (and security level) again after it.
 */
function kycMutation<Body>(key: string, path: string) {
  return mutationOptions({
    mutationKey: ['kyc', key],
    mutationFn: async ({ fields, idempotencyKey }: KycSubmission<Body>, { client }) => {
      const answer = await api.post(path, {
        json: fields as Record<string, unknown>,
        idempotencyKey,
      });
      rememberWrite(client, answer);
      await Promise.all([
        client.invalidateQueries({ queryKey: kycKeys.all }),
        client.invalidateQueries({ queryKey: ['security-level'] }),
      ]);
      return answer;
    },
  });
}

export const requestKycCertificationMutation = () =>
  kycMutation<KycCertificationRequest>('certification', 'kyc/certification');
export const requestWithdrawAddressMutation = () =>
  kycMutation<WithdrawAddressRequest>('address', 'kyc/withdraw-address-certification');

const StartAnswerSchema = z.object({
  data: z.object({ seq: z.number().int(), provider_url: z.string() }),
});

/** POST /kyc/realname: a new authentication and the authority's popup URL. */
export async function startRealname(): Promise<{ seq: number; providerUrl: string }> {
  const answer = StartAnswerSchema.parse(await api.post('kyc/realname', { json: {} }));
  return { seq: answer.data.seq, providerUrl: answer.data.provider_url };
}

export const completeRealnameMutation = () =>
  kycMutation<{ realname_seq: number; provider_answer: Record<string, string | boolean> }>(
    'realname',
    'kyc/realname/complete',
  );

/** The message the authority's popup posts to the window that opened it. */
export const realnameAnswerMessageType = 'ledger:realname-answer';
export const RealnameAnswerMessageSchema = z.object({
  type: z.literal(realnameAnswerMessageType),
  realname_seq: z.number().int(),
  answer: z.record(z.string(), z.union([z.string(), z.boolean()])),
});
