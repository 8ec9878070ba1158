import { newOtpSeed, otpAuthUri, sealOtpSeed } from '@ledger/auth';
import { ProblemError } from '@ledger/http';
import { decideMember, type MemberState } from '@ledger/identity';
import { insertOtpSecret, readPersonalData, revokeMemberSessions } from '@ledger/identity-store';
import { acceptOtpCode, requireOtpFor } from './credential-checks.ts';
import { loadMember, type MemberWriteContext, runMemberCommand } from './member-command-runner.ts';
import type { Self } from './member-self-service.ts';
import { memberProblem } from './rejection-problems.ts';
import { loadSettings } from './settings-source.ts';

const otpNotFound = () => new ProblemError({ status: 404, code: 'otp_not_found' });

/** The OTP registration named in the path, scoped to the caller (another member's id: 404). */
function ownOtpStatus(state: MemberState, otpId: string) {
  const status = state.otps[otpId];
  if (status === undefined) throw otpNotFound();
  return status;
}

/**
 * Registers an OTP: the rules are checked first (maximum count), then the seed is stored
 * encrypted in its own table and OtpRegistered appended. The seed and its otpauth URI (for the QR
 * code) are returned this once.
 */
export async function registerOtp(context: MemberWriteContext, { memberSeq, command }: Self) {
  const { identity, db } = context;
  const otpId = identity.newId();
  const now = command.now.toISOString();
  const state = await loadMember(identity, memberSeq);
  const settings = await loadSettings(identity.eventStore);
  const preview = decideMember({ type: 'RegisterOtp', otpId, now }, state, settings);
  if (preview.kind === 'rejected') throw memberProblem(preview.rejection);
  const seed = newOtpSeed();
  const ciphertext = sealOtpSeed(identity.secrets.otpSeedKey, otpId, seed);
  await insertOtpSecret(db, { otpId, memberSeq, ciphertext });
  const { position } = await runMemberCommand(
    context,
    memberSeq,
    { type: 'RegisterOtp', otpId, now },
    command,
  );
  const label = (await readPersonalData(db, memberSeq))?.userId ?? `member-${memberSeq}`;
  return { otpId, seed, uri: otpAuthUri(seed, label), position };
}

/** Activates a registration with a valid code of its own seed; every session then ends. */
export async function activateOtp(
  context: MemberWriteContext,
  { memberSeq, command }: Self,
  otpId: string,
  otpToken: string,
) {
  const state = await loadMember(context.identity, memberSeq);
  const status = ownOtpStatus(state, otpId);
  if (status !== 'registered') {
    throw memberProblem(
      status === 'active' ? { type: 'OtpAlreadyActive', otpId } : { type: 'OtpNotFound', otpId },
    );
  }
  if ((await acceptOtpCode(context, state, otpToken, command.now, [otpId])) === undefined) {
    throw new ProblemError({
      status: 422,
      code: 'otp_invalid',
    });
  }
  const now = command.now.toISOString();
  const { position } = await runMemberCommand(
    context,
    memberSeq,
    { type: 'ActivateOtp', otpId, now },
    command,
  );
  await revokeMemberSessions(context.db, memberSeq, command.now, 'otp_activated');
  return { position };
}

/**
 * Deactivates an active OTP (a valid code where settings require one, and only where settings
 * allow it; every session then ends) or cancels one never activated.
 */
export async function deactivateOtp(
  context: MemberWriteContext,
  { memberSeq, command }: Self,
  otpId: string,
  otpToken: string | undefined,
) {
  const state = await loadMember(context.identity, memberSeq);
  const status = ownOtpStatus(state, otpId);
  if (status === 'deactivated') throw otpNotFound();
  const wasActive = status === 'active';
  if (wasActive) {
    const settings = await loadSettings(context.identity.eventStore);
    await requireOtpFor(context, 'deactivate_otp', state, settings, otpToken, command.now);
  }
  const now = command.now.toISOString();
  const { position } = await runMemberCommand(
    context,
    memberSeq,
    { type: 'DeactivateOtp', otpId, now },
    command,
  );
  if (wasActive) await revokeMemberSessions(context.db, memberSeq, command.now, 'otp_deactivated');
  return { position, wasActive };
}
