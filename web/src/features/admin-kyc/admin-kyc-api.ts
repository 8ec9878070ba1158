import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { SecurityLevelDefinitionSchema } from '../../lib/queries/security-level-api.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';
import { SeqFilterSchema } from '../../ui-kit/list/filter-schemas.ts';
import {
  listPageSchema,
  listQueryParams,
  listSearchSchema,
} from '../../ui-kit/list/list-search.ts';

/** Administrators' KYC reads and commands. */
export const adminKycKeys = {
  all: ['admin', 'kyc'] as const,
  catalog: ['admin', 'kyc', 'security-catalog'] as const,
  settings: ['admin', 'kyc', 'settings'] as const,
};

const reviewStatus = z.enum(['requested', 'approved', 'denied']).optional().catch(undefined);

export const KycCertificationSearchSchema = listSearchSchema({
  sortKeys: ['regdate'],
  filters: { member_seq: SeqFilterSchema, status: reviewStatus },
});
export type KycCertificationSearch = z.infer<typeof KycCertificationSearchSchema>;

export const RealnameSearchSchema = listSearchSchema({
  sortKeys: ['regdate'],
  filters: {
    member_seq: SeqFilterSchema,
    status: z.enum(['started', 'authenticated', 'failed', 'closed']).optional().catch(undefined),
  },
});
export type RealnameSearch = z.infer<typeof RealnameSearchSchema>;

export const WithdrawAddressSearchSchema = listSearchSchema({
  sortKeys: ['regdate'],
  filters: { member_seq: SeqFilterSchema, status: reviewStatus },
});
export type WithdrawAddressSearch = z.infer<typeof WithdrawAddressSearchSchema>;

const member = { member_seq: z.number().int(), user_id: z.string().nullable() };

export const AdminKycCertificationSchema = z.object({
  seq: z.number().int(),
  ...member,
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
export type AdminKycCertification = z.infer<typeof AdminKycCertificationSchema>;

export const AdminRealnameSchema = z.object({
  seq: z.number().int(),
  ...member,
  authority: z.string(),
  status: z.string(),
  failure_reason: z.string().nullable(),
  is_valid: z.boolean(),
  expdate: z.string().nullable(),
  is_expired: z.boolean(),
  regdate: z.string(),
  authenticated_date: z.string().nullable(),
  closed_date: z.string().nullable(),
  user_name: z.string().nullable(),
  sex: z.string().nullable(),
  nationality: z.string().nullable(),
  birth_date: z.string().nullable(),
  di: z.string().nullable(),
  ci: z.string().nullable(),
  cell_carrier: z.string().nullable(),
  cell_number: z.string().nullable(),
  ipaddress: z.string().nullable(),
});
export type AdminRealname = z.infer<typeof AdminRealnameSchema>;

export const AdminWithdrawAddressSchema = z.object({
  seq: z.number().int(),
  ...member,
  asset: z.string(),
  bank_code: z.string().nullable(),
  withdraw_address: z.string().nullable(),
  holder_name: z.string().nullable(),
  status: z.string(),
  is_valid: z.boolean(),
  regdate: z.string(),
  reviewed_date: z.string().nullable(),
});
export type AdminWithdrawAddress = z.infer<typeof AdminWithdrawAddressSchema>;

function listQuery<Row extends z.ZodType>(
  name: string,
  path: string,
  row: Row,
  search: Record<string, unknown> & { page: number },
) {
  return queryOptions({
    queryKey: [...adminKycKeys.all, name, search] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(row).parse(
        await api.get(path, {
          searchParams: {
            ...listQueryParams(search as Parameters<typeof listQueryParams>[0]),
            ...afterLatestWrite(client),
          },
          signal,
        }),
      ),
  });
}

export const kycCertificationListQuery = (search: KycCertificationSearch) =>
  listQuery('certification', 'admin/kyc-certification', AdminKycCertificationSchema, search);
export const realnameListQuery = (search: RealnameSearch) =>
  listQuery('realname', 'admin/kyc-realname', AdminRealnameSchema, search);
export const withdrawAddressListQuery = (search: WithdrawAddressSearch) =>
  listQuery(
    'address',
    'admin/kyc-asset-withdraw-address-certification',
    AdminWithdrawAddressSchema,
    search,
  );

export type ReviewTarget = 'kyc-certification' | 'kyc-asset-withdraw-address-certification';

export type ReviewCommand =
  | { kind: 'review'; decision: 'approved' | 'denied'; is_valid: boolean }
  | { kind: 'validity'; is_valid: boolean };

/** PUT one review or validity change, then read the KYC lists again after it. */
export function reviewMutation(target: ReviewTarget) {
  return mutationOptions({
    mutationKey: ['admin', 'kyc', target],
    mutationFn: async ({ seq, command }: { seq: number; command: ReviewCommand }, { client }) => {
      const { kind, ...body } = command;
      rememberWrite(client, await api.put(`admin/${target}/${seq}/${kind}`, { json: body }));
      await client.invalidateQueries({ queryKey: adminKycKeys.all });
    },
  });
}

export function securityCatalogQuery() {
  return queryOptions({
    queryKey: adminKycKeys.catalog,
    queryFn: async ({ client, signal }) =>
      z.object({ data: z.object({ levels: z.array(SecurityLevelDefinitionSchema) }) }).parse(
        await api.get('admin/security/catalog', {
          searchParams: afterLatestWrite(client),
          signal,
        }),
      ).data.levels,
  });
}

export type CatalogCommand =
  | { kind: 'level'; security_level: number; title: string; conditions: string[] | null }
  | {
      kind: 'policy';
      security_level: number;
      target: string;
      asset: string | null;
      amount: string | null;
      enabled: boolean;
    };

export function catalogMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'kyc', 'catalog'],
    mutationFn: async (command: CatalogCommand, { client }) => {
      const answer =
        command.kind === 'level'
          ? await api.put(`admin/security/level/${command.security_level}`, {
              json: { title: command.title, conditions: command.conditions },
            })
          : await api.put('admin/security/restriction-policy', {
              json: {
                security_level: command.security_level,
                target: command.target,
                asset: command.asset,
                amount: command.amount,
                enabled: command.enabled,
              },
            });
      rememberWrite(client, answer);
      await client.invalidateQueries({ queryKey: adminKycKeys.catalog });
    },
  });
}

export const kycSettingKeys = [
  'kyc.validitySeconds',
  'kyc.realnameValiditySeconds',
  'kyc.realnameAuthority',
  'kyc.realnameSiteCode',
  'kyc.realnameExecutionPath',
] as const;
export type KycSettingKey = (typeof kycSettingKeys)[number];

export function kycSettingsQuery() {
  return queryOptions({
    queryKey: adminKycKeys.settings,
    queryFn: async ({ client, signal }) => {
      const { data } = z
        .object({ data: z.array(z.object({ key: z.string(), value: z.unknown() })) })
        .parse(await api.get('admin/setting', { searchParams: afterLatestWrite(client), signal }));
      return Object.fromEntries(
        data
          .filter((row) => (kycSettingKeys as readonly string[]).includes(row.key))
          .map((row) => [row.key, row.value]),
      ) as Partial<Record<KycSettingKey, unknown>>;
    },
  });
}

export function kycSettingMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'kyc', 'setting'],
    mutationFn: async ({ key, value }: { key: KycSettingKey; value: unknown }, { client }) => {
      rememberWrite(client, await api.put(`admin/setting/${key}`, { json: { value } }));
      await client.invalidateQueries({ queryKey: adminKycKeys.settings });
    },
  });
}
