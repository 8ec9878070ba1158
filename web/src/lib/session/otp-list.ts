import { OtpListAnswerSchema } from '@ledger/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export const otpListQueryKey = ['otp', 'list'] as const;

/** GET /otp: the session user's OTP list (SPEC §3 client store). */
export function otpListQueryOptions() {
  return queryOptions({
    queryKey: otpListQueryKey,
    queryFn: async ({ signal }) => OtpListAnswerSchema.parse(await api.get('otp', { signal })).data,
    staleTime: 60_000,
    retry: false,
  });
}
