import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client.ts';
import { afterLatestWrite } from '../written-position.ts';
export const securityConditions = [
  'MAIL_VERIFICATION',
  'OTP_REGISTER',
  'KYC_CERTIFICATION',
  'KYC_REALNAME',
  'KYC_ASSET_WITHDRAW_ADDRESS_CERTIFICATION',
] as const;
export type SecurityCondition = (typeof securityConditions)[number];

export const restrictionTargets = [
  'CREATE_ACCOUNT',
  'WITHDRAW_ONE_TIME_AMOUNT',
  'WITHDRAW_DAILY_AMOUNT',
] as const;
export type RestrictionTarget = (typeof restrictionTargets)[number];

export const RestrictionPolicySchema = z.object({
  security_level: z.number().int(),
  target: z.enum(restrictionTargets),
  asset: z.string().nullable(),
  amount: z.string().nullable(),
});
export type RestrictionPolicy = z.infer<typeof RestrictionPolicySchema>;

export const SecurityLevelDefinitionSchema = z.object({
  security_level: z.number().int(),
  title: z.string(),
  conditions: z.array(z.enum(securityConditions)).nullable(),
  policies: z.array(RestrictionPolicySchema),
});
export type SecurityLevelDefinition = z.infer<typeof SecurityLevelDefinitionSchema>;

export const MySecurityLevelSchema = z.object({
  security_level: z.number().int(),
  is_security_level_locked: z.boolean(),
  reached_level: z.number().int(),
  satisfied_conditions: z.array(z.enum(securityConditions)),
  levels: z.array(SecurityLevelDefinitionSchema),
});
export type MySecurityLevel = z.infer<typeof MySecurityLevelSchema>;

/** GET /security-level: the caller's level, the conditions met, and what every level needs and restricts. */
export function mySecurityLevelQuery() {
  return queryOptions({
    queryKey: ['security-level', 'me'] as const,
    queryFn: async ({ client, signal }) =>
      z
        .object({ data: MySecurityLevelSchema })
        .parse(await api.get('security-level', { searchParams: afterLatestWrite(client), signal }))
        .data,
  });
}

/** The catalog's own title of a level ("Level 3") says nothing the level number does not. */
export function isDefaultTitle(level: SecurityLevelDefinition): boolean {
  return level.title === `Level ${level.security_level}`;
}
