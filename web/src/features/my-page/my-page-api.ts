import { OtpListAnswerSchema, OtpRegistrationAnswerSchema } from '@ledger/contracts';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import type { ApiRecord } from '../../lib/api-failure.ts';
import { MemberInfoAnswerSchema, memberMeQueryKey } from '../../lib/session/member-info.ts';
import { otpListQueryKey } from '../../lib/session/otp-list.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';

/**
 * The calls of my page (SPEC §2 member screens): every change is pessimistic, the screen
 * shows it once the server accepted it and the read models reached the write (`?after=`).
 */

/** A form's submission: its fields, and the Idempotency-Key made when the user submitted it. */
type Submission<Fields> = { fields: Fields; idempotencyKey: string };

/** An optional one-time password: sent only when the member typed one. */
type WithOtp = { otp_token?: string | undefined };

export type PasswordChange = { current_password: string; new_password: string } & WithOtp;
export type EmailChange = { password: string; email_address: string } & WithOtp;
export type Withdrawal = { password: string } & WithOtp;

/** The OTP registration's one-time answer: the seed and its otpauth URI (for the QR code). */
export type OtpRegistration = z.infer<typeof OtpRegistrationAnswerSchema>['data'];

const OtpChangeAnswerSchema = z.object({
  data: z.object({ otp_id: z.string(), status: z.string(), sessions_ended: z.boolean() }),
});

function withoutEmptyOtp<Fields extends WithOtp>(fields: Fields): Fields {
  if (fields.otp_token !== undefined && fields.otp_token !== '') return fields;
  const { otp_token: _omitted, ...rest } = fields;
  return rest as Fields;
}

async function write(client: QueryClient, send: () => Promise<ApiRecord>): Promise<ApiRecord> {
  const answer = await send();
  rememberWrite(client, answer);
  return answer;
}

/** GET /member/me once the read models have the last write; the session's user is replaced. */
export async function reloadMemberMe(client: QueryClient): Promise<void> {
  const answer = await api.get('member/me', { searchParams: afterLatestWrite(client) });
  client.setQueryData(memberMeQueryKey, MemberInfoAnswerSchema.parse(answer).member_info);
}

/** GET /otp once the read models have the last write; the session's OTP list is replaced. */
export async function reloadOtpList(client: QueryClient): Promise<void> {
  const answer = await api.get('otp', { searchParams: afterLatestWrite(client) });
  client.setQueryData(otpListQueryKey, OtpListAnswerSchema.parse(answer).data);
}

/** POST /member/me/email-verification: mails a fresh 6-digit code (valid 5 minutes). */
export function sendEmailCodeMutation() {
  return mutationOptions({
    mutationFn: (idempotencyKey: string, { client }) =>
      write(client, () => api.post('member/me/email-verification', { json: {}, idempotencyKey })),
  });
}

/** POST /member/me/email-verification/confirm: the mailed code; the user then reads verified. */
export function confirmEmailCodeMutation() {
  return mutationOptions({
    mutationFn: async (code: string, { client }) => {
      await write(client, () =>
        api.post('member/me/email-verification/confirm', { json: { code } }),
      );
      await reloadMemberMe(client);
    },
  });
}

/** PUT /member/me/password: ends every session of the member (the caller logs in again). */
export function changePasswordMutation() {
  return mutationOptions({
    mutationFn: ({ fields, idempotencyKey }: Submission<PasswordChange>, { client }) =>
      write(client, () =>
        api.put('member/me/password', { json: withoutEmptyOtp(fields), idempotencyKey }),
      ),
  });
}

/** PUT /member/me/email: mails a code to the new address, which takes effect once confirmed. */
export function changeEmailMutation() {
  return mutationOptions({
    mutationFn: ({ fields, idempotencyKey }: Submission<EmailChange>, { client }) =>
      write(client, () =>
        api.put('member/me/email', { json: withoutEmptyOtp(fields), idempotencyKey }),
      ),
  });
}

/** POST /member/me/withdrawal: the account is closed and its personal data erased. */
export function withdrawMutation() {
  return mutationOptions({
    mutationFn: ({ fields, idempotencyKey }: Submission<Withdrawal>, { client }) =>
      write(client, () =>
        api.post('member/me/withdrawal', { json: withoutEmptyOtp(fields), idempotencyKey }),
      ),
  });
}

/** POST /otp: a new registration; its seed is shown this once. */
export function registerOtpMutation() {
  return mutationOptions({
    mutationFn: async (idempotencyKey: string, { client }): Promise<OtpRegistration> => {
      const answer = await write(client, () => api.post('otp', { json: {}, idempotencyKey }));
      await reloadOtpList(client);
      return OtpRegistrationAnswerSchema.parse(answer).data;
    },
  });
}

/** POST /otp/{id}/activate with a code of its seed: ends every session of the member. */
export function activateOtpMutation() {
  return mutationOptions({
    mutationFn: ({ otpId, code }: { otpId: string; code: string }, { client }) =>
      write(client, () =>
        api.post(`otp/${encodeURIComponent(otpId)}/activate`, { json: { otp_token: code } }),
      ),
  });
}

/**
 * POST /otp/{id}/deactivate: cancels a registration never activated, or deactivates an active
 * one (with a code where settings ask; every session then ends). Answers whether sessions ended.
 */
export function deactivateOtpMutation() {
  return mutationOptions({
    mutationFn: async (
      { otpId, code }: { otpId: string; code?: string | undefined },
      { client },
    ): Promise<{ sessionsEnded: boolean }> => {
      const answer = await write(client, () =>
        api.post(`otp/${encodeURIComponent(otpId)}/deactivate`, {
          json: withoutEmptyOtp({ otp_token: code }),
        }),
      );
      const sessionsEnded = OtpChangeAnswerSchema.parse(answer).data.sessions_ended;
      if (!sessionsEnded) await reloadOtpList(client);
      return { sessionsEnded };
    },
  });
}
