import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { afterLatestWrite } from '../../lib/written-position.ts';

/** The member's accounts as the withdrawal form needs them (GET /account?no_paging=1). */
export const WithdrawAccountSchema = z.object({
  seq: z.number().int(),
  title: z.string().nullable(),
  account_number: z.string(),
  asset: z.string(),
  decimal_point: z.number().int().min(0).max(18),
  available_balance: z.string(),
  status: z.string(),
});
export type WithdrawAccount = z.infer<typeof WithdrawAccountSchema>;

/** The wallet's queries start with this key; a withdrawal changes balances they show. */
export const walletQueryRoot = ['wallet'] as const;

export function withdrawAccountsQuery() {
  return queryOptions({
    queryKey: ['withdraw', 'accounts'] as const,
    queryFn: async ({ client, signal }) =>
      z.object({ data: z.array(WithdrawAccountSchema) }).parse(
        await api.get('account', {
          searchParams: { no_paging: 1, sort: 'seq', order: 'asc', ...afterLatestWrite(client) },
          signal,
        }),
      ).data,
  });
}

export type AmountProblem = 'required' | 'amountInvalid' | 'amountOverAvailable';

/** Digits with at most the asset's decimals, more than zero, at most what is available. */
export function amountProblemOf(
  amount: string,
  decimalPoint: number,
  available: string,
): AmountProblem | undefined {
  const text = amount.trim();
  if (text === '') return 'required';
  const match = /^(0|[1-9][0-9]{0,29})(?:\.([0-9]{1,18}))?$/.exec(text);
  if (match === null || (match[2] ?? '').length > decimalPoint) return 'amountInvalid';
  const units = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return (
      BigInt(whole) * 10n ** BigInt(decimalPoint) +
      BigInt(fraction.padEnd(decimalPoint, '0') || '0')
    );
  };
  const requested = units(text);
  if (requested === 0n) return 'amountInvalid';
  return requested > units(available) ? 'amountOverAvailable' : undefined;
}

/** The member's withdraw-address certifications (GET /kyc/withdraw-address-certification). */
export const CertifiedAddressSchema = z.object({
  seq: z.number().int(),
  asset: z.string(),
  bank_code: z.string().nullable(),
  withdraw_address: z.string().nullable(),
  holder_name: z.string().nullable(),
  status: z.string(),
  is_valid: z.boolean(),
});
export type CertifiedAddress = z.infer<typeof CertifiedAddressSchema>;

/** Approved, valid, not erased: what a withdrawal may use. */
export function isUsableAddress(address: CertifiedAddress): boolean {
  return address.status === 'approved' && address.is_valid && address.withdraw_address !== null;
}

export function certifiedAddressesQuery() {
  return queryOptions({
    queryKey: ['withdraw', 'certified-addresses'] as const,
    queryFn: async ({ client, signal }) =>
      z.object({ data: z.array(CertifiedAddressSchema) }).parse(
        await api.get('kyc/withdraw-address-certification', {
          // The member's own list is never paged (and its query takes `after` only).
          searchParams: afterLatestWrite(client),
          signal,
        }),
      ).data,
    // A failure shows no certified address (and the link to request one), not an error loop.
    retry: false,
  });
}
