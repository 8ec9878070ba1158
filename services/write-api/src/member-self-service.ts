import { hashPassword, verificationCodeMatches } from '@ledger/auth';
import type {
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  WithdrawalRequestSchema,
} from '@ledger/contracts';
import { ProblemError } from '@ledger/http';
import { passwordProblem } from '@ledger/identity';
import {
  consumeVerification,
  erasePersonalData,
  findMemberSeq,
  insertCredential,
  normalizeIdentifier,
  readPersonalData,
  replaceEmail,
  revokeMemberSessions,
  spendVerificationAttempt,
} from '@ledger/identity-store';
import type { z } from 'zod';
import type { CommandContext } from './command-handling.ts';
import { enforceRateLimit, requireCurrentPassword, requireOtpFor } from './credential-checks.ts';
import { emailChangeNoticeMail } from './mail/mail-messages.ts';
import { loadMember, type MemberWriteContext, runMemberCommand } from './member-command-runner.ts';
import { rateLimits } from './rate-limits.ts';
import { sendCode, weakPassword } from './registration.ts';
import { loadSettings } from './settings-source.ts';

/** The caller of a /member/me route: its seq and the command context of the request. */
export type Self = { memberSeq: number; command: CommandContext };

type Written = { position: string | null };

const invalidCode = () => new ProblemError({ status: 422, code: 'verification_code_invalid' });

/** Mails a fresh registration code to the member's current address. */
export async function requestEmailVerification(
  context: MemberWriteContext,
  { memberSeq, command }: Self,
): Promise<Written> {
  await enforceRateLimit(context, `mail:${memberSeq}`, rateLimits.mailPerMember, command.now);
  const personal = await readPersonalData(context.db, memberSeq);
  const verificationId = context.identity.newId();
  const now = command.now.toISOString();
  const { position } = await runMemberCommand(
    context,
    memberSeq,
    { type: 'RequestEmailVerification', verificationId, purpose: 'registration', now },
    command,
  );
  const to = personal?.emailAddress ?? '';
  await sendCode(context, {
    memberSeq,
    verificationId,
    to,
    purpose: 'registration',
    now: command.now,
  });
  return { position };
}

/**
 * Confirms the newest open code (registration or email change): one attempt spent atomically, the
 * code consumed once; an email change takes effect here, re-verified on the new address.
 */
export async function confirmEmailVerification(
  context: MemberWriteContext,
  { memberSeq, command }: Self,
  code: string,
): Promise<Written> {
  const { db, identity } = context;
  const open = await spendVerificationAttempt(
    db,
    memberSeq,
    ['registration', 'email_change'],
    command.now,
  );
  const key = identity.secrets.verificationCodeKey;
  if (
    open === undefined ||
    !verificationCodeMatches(key, open.verificationId, code, open.codeHash)
  ) {
    throw invalidCode();
  }
  if (!(await consumeVerification(db, open.verificationId, command.now))) throw invalidCode();
  if (open.pendingEmailAddress !== null) {
    const replaced = await replaceEmail(db, memberSeq, open.pendingEmailAddress);
    if (!replaced) throw new ProblemError({ status: 409, code: 'email_taken' });
  }
  const now = command.now.toISOString();
  const { position } = await runMemberCommand(
    context,
    memberSeq,
    { type: 'ConfirmEmailVerification', verificationId: open.verificationId, now },
    command,
  );
  return { position };
}

/** Current password (and OTP where settings ask), a new credential, then every session ends. */
export async function changePassword(
  context: MemberWriteContext,
  { memberSeq, command }: Self,
  request: z.infer<typeof ChangePasswordRequestSchema>,
): Promise<Written> {
  const { db, identity } = context;
  const state = await loadMember(identity, memberSeq);
  await requireCurrentPassword(context, state, request.current_password, command.now);
  const settings = await loadSettings(identity.eventStore);
  await requireOtpFor(context, 'change_password', state, settings, request.otp_token, command.now);
  const personal = await readPersonalData(db, memberSeq);
  const problem = passwordProblem(request.new_password, personal?.userId ?? undefined);
  if (problem !== undefined) throw weakPassword(problem);
  const credentialId = identity.newId();
  const passwordHash = await hashPassword(request.new_password);
  await insertCredential(db, { credentialId, memberSeq, passwordHash });
  const now = command.now.toISOString();
  const { position } = await runMemberCommand(
    context,
    memberSeq,
    { type: 'ChangePassword', credentialId, now },
    command,
  );
  await revokeMemberSessions(db, memberSeq, command.now, 'password_changed');
  return { position };
}

/** Mails a code to the new address (and a notice to the old one); confirmed like a registration. */
export async function requestEmailChange(
  context: MemberWriteContext,
  { memberSeq, command }: Self,
  request: z.infer<typeof ChangeEmailRequestSchema>,
): Promise<Written> {
  const { db, identity } = context;
  const state = await loadMember(identity, memberSeq);
  await requireCurrentPassword(context, state, request.password, command.now);
  const settings = await loadSettings(identity.eventStore);
  await requireOtpFor(context, 'change_email', state, settings, request.otp_token, command.now);
  await enforceRateLimit(context, `mail:${memberSeq}`, rateLimits.mailPerMember, command.now);
  if ((await findMemberSeq(db, 'email', request.email_address)) !== undefined) {
    throw new ProblemError({ status: 409, code: 'email_taken' });
  }
  const verificationId = identity.newId();
  const now = command.now.toISOString();
  const { position } = await runMemberCommand(
    context,
    memberSeq,
    { type: 'RequestEmailVerification', verificationId, purpose: 'email_change', now },
    command,
  );
  const address = request.email_address;
  await sendCode(context, {
    memberSeq,
    verificationId,
    to: address,
    purpose: 'email_change',
    now: command.now,
    pendingEmail: { address, normalized: normalizeIdentifier(address) },
  });
  const previous = (await readPersonalData(db, memberSeq))?.emailAddress;
  if (previous) await identity.mailer.send(emailChangeNoticeMail({ to: previous, memberSeq }));
  return { position };
}

/** Password (and OTP where settings ask), MemberWithdrawn, then the personal data is erased. */
export async function withdraw(
  context: MemberWriteContext,
  { memberSeq, command }: Self,
  request: z.infer<typeof WithdrawalRequestSchema>,
): Promise<Written> {
  const state = await loadMember(context.identity, memberSeq);
  await requireCurrentPassword(context, state, request.password, command.now);
  const settings = await loadSettings(context.identity.eventStore);
  await requireOtpFor(context, 'withdraw_account', state, settings, request.otp_token, command.now);
  const now = command.now.toISOString();
  const { position } = await runMemberCommand(
    context,
    memberSeq,
    { type: 'WithdrawMember', now },
    command,
  );
  await erasePersonalData(context.db, memberSeq, command.now);
  return { position };
}
