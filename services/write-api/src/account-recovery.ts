import { hashPassword, verificationCodeMatches, verifyDecoy } from '@ledger/auth';
import type { ResetPasswordRequestSchema } from '@ledger/contracts';
import { ProblemError } from '@ledger/http';
import { passwordProblem } from '@ledger/identity';
import {
  consumeVerification,
  findMemberSeq,
  hitRateLimit,
  insertCredential,
  readPersonalData,
  revokeMemberSessions,
  spendVerificationAttempt,
} from '@ledger/identity-store';
import type { z } from 'zod';
import type { CommandContext } from './command-handling.ts';
import { enforceRateLimit } from './credential-checks.ts';
import { loadMember, type MemberWriteContext, runMemberCommand } from './member-command-runner.ts';
import { rateLimits } from './rate-limits.ts';
import { sendCode, weakPassword } from './registration.ts';

/** The member an identifier names: a user id, or an email. */
async function memberOf(context: MemberWriteContext, identifier: string) {
  return (
    (await findMemberSeq(context.db, 'user_id', identifier)) ??
    (await findMemberSeq(context.db, 'email', identifier))
  );
}

const invalidCode = () => new ProblemError({ status: 422, code: 'verification_code_invalid' });

/**
 * Mails a reset code when the identifier names an active member with an email, within its budget;
 * says nothing either way (the caller answers the same in every case: no account enumeration).
 */
export async function requestPasswordReset(
  context: MemberWriteContext,
  identifier: string,
  command: CommandContext,
): Promise<void> {
  const address = command.clientAddress ?? 'unknown';
  await enforceRateLimit(
    context,
    `recovery:${address}`,
    rateLimits.recoveryPerAddress,
    command.now,
  );
  const memberSeq = await memberOf(context, identifier);
  if (memberSeq === undefined) return;
  const budget = await hitRateLimit(
    context.db,
    `recovery-account:${memberSeq}`,
    rateLimits.recoveryPerAccount,
    command.now,
  );
  const state = await loadMember(context.identity, memberSeq);
  const email = (await readPersonalData(context.db, memberSeq))?.emailAddress;
  if (!budget.allowed || state.status !== 'active' || !email) return;
  const verificationId = context.identity.newId();
  await runMemberCommand(
    context,
    memberSeq,
    { type: 'RequestPasswordReset', verificationId, now: command.now.toISOString() },
    { ...command, subjectMemberSeq: memberSeq },
  );
  await sendCode(context, {
    memberSeq,
    verificationId,
    to: email,
    purpose: 'password_reset',
    now: command.now,
  });
}

/**
 * Resets the password with the mailed code (attempts bounded, single use); every session ends.
 * The OTP is untouched: recovery never bypasses the second factor (ASVS 6.4.3).
 */
export async function resetPassword(
  context: MemberWriteContext,
  request: z.infer<typeof ResetPasswordRequestSchema>,
  command: CommandContext,
): Promise<{ position: string | null }> {
  const { db, identity } = context;
  const address = command.clientAddress ?? 'unknown';
  await enforceRateLimit(
    context,
    `recovery:${address}`,
    rateLimits.recoveryPerAddress,
    command.now,
  );
  const memberSeq = await memberOf(context, request.user_id);
  if (memberSeq === undefined) {
    await verifyDecoy(request.new_password);
    throw invalidCode();
  }
  const open = await spendVerificationAttempt(db, memberSeq, ['password_reset'], command.now);
  const key = identity.secrets.verificationCodeKey;
  if (
    open === undefined ||
    !verificationCodeMatches(key, open.verificationId, request.code, open.codeHash)
  ) {
    throw invalidCode();
  }
  const personal = await readPersonalData(db, memberSeq);
  const problem = passwordProblem(request.new_password, personal?.userId ?? undefined);
  if (problem !== undefined) throw weakPassword(problem);
  if (!(await consumeVerification(db, open.verificationId, command.now))) throw invalidCode();
  const credentialId = identity.newId();
  await insertCredential(db, {
    credentialId,
    memberSeq,
    passwordHash: await hashPassword(request.new_password),
  });
  const { position } = await runMemberCommand(
    context,
    memberSeq,
    {
      type: 'ResetPassword',
      verificationId: open.verificationId,
      credentialId,
      now: command.now.toISOString(),
    },
    { ...command, subjectMemberSeq: memberSeq, actor: `member:${memberSeq}` },
  );
  await revokeMemberSessions(db, memberSeq, command.now, 'password_reset');
  return { position };
}
