import { hashPassword, hashVerificationCode, newVerificationCode } from '@ledger/auth';
import type { RegisterMemberRequest } from '@ledger/contracts';
import { ProblemError } from '@ledger/http';
import {
  addSeconds,
  decideMember,
  emailVerificationLifetimeSeconds,
  evolveMember,
  type IdentitySettings,
  type Inviter,
  initialMemberState,
  type MemberDecision,
  type MemberState,
  type PasswordProblem,
  passwordLengthMax,
  passwordLengthMin,
  passwordProblem,
} from '@ledger/identity';
import {
  findMemberSeq,
  insertCredential,
  insertVerificationCode,
  releasePersonalData,
  reservePersonalData,
} from '@ledger/identity-store';
import { sql } from 'kysely';
import type { CommandContext } from './command-handling.ts';
import { enforceRateLimit } from './credential-checks.ts';
import { verificationCodeMail } from './mail/mail-messages.ts';
import { loadMember, type MemberWriteContext, runMemberCommand } from './member-command-runner.ts';
import { rateLimits } from './rate-limits.ts';
import { memberProblem } from './rejection-problems.ts';
import { loadSettings } from './settings-source.ts';

/** The refusal of a weak password, saying why (`reason`) and the bounds it names. */
export function weakPassword(problem: PasswordProblem): ProblemError {
  return new ProblemError({
    status: 422,
    code: 'password_too_weak',
    message: `password_too_weak.${problem}`,
    params: { reason: problem, passwordLengthMin, passwordLengthMax },
  });
}

async function inviterOf(
  context: MemberWriteContext,
  recommender: string | undefined,
): Promise<Inviter | null> {
  if (recommender === undefined) return null;
  const memberSeq = await findMemberSeq(context.db, 'user_id', recommender);
  const refusal = new ProblemError({
    status: 422,
    code: 'recommender_not_eligible',
  });
  if (memberSeq === undefined) throw refusal;
  const state = await loadMember(context.identity, memberSeq);
  return {
    memberSeq,
    isAlive: state.status === 'active' && !state.isDenied,
    groupSeqs: state.groupSeqs,
  };
}

type Registration = {
  memberSeq: number;
  credentialId: string;
  verificationId: string;
  consents: readonly string[];
  inviter: Inviter | null;
  now: string;
};

/** MemberRegistered and EmailVerificationRequested, decided together on a fresh stream. */
function decideRegistration(registration: Registration, settings: IdentitySettings) {
  return (state: MemberState): MemberDecision => {
    const { memberSeq, credentialId, consents, inviter, now } = registration;
    const register = decideMember(
      { type: 'RegisterMember', memberSeq, credentialId, consents, inviter, now },
      state,
      settings,
    );
    if (register.kind === 'rejected') return register;
    const verify = decideMember(
      {
        type: 'RequestEmailVerification',
        verificationId: registration.verificationId,
        purpose: 'registration',
        now,
      },
      register.events.reduce(evolveMember, state),
      settings,
    );
    if (verify.kind === 'rejected') return verify;
    return { kind: 'accepted', events: [...register.events, ...verify.events] };
  };
}

async function reserveIdentifiers(
  context: MemberWriteContext,
  memberSeq: number,
  request: RegisterMemberRequest,
): Promise<void> {
  const reserved = await reservePersonalData(context.db, {
    memberSeq,
    userId: request.user_id,
    emailAddress: request.email_address,
    userName: request.user_name,
  });
  if (reserved !== 'reserved') {
    throw new ProblemError({
      status: 409,
      code: reserved,
    });
  }
}

/**
 * POST /member: checks the password and the settings' rules first (nothing is written for a
 * refused request), reserves the identifiers (unique), stores the hash, appends MemberRegistered
 * and EmailVerificationRequested together, then mails the 6-digit code. A failed append releases
 * the identifiers again.
 */
export async function registerMember(
  context: MemberWriteContext,
  request: RegisterMemberRequest,
  commandContext: CommandContext,
): Promise<{ memberSeq: number; position: string | null; mailSent: boolean }> {
  const { db, identity } = context;
  const now = commandContext.now;
  const address = commandContext.clientAddress ?? 'unknown';
  await enforceRateLimit(context, `register:${address}`, rateLimits.registrationPerAddress, now);
  const problem = passwordProblem(request.password, request.user_id);
  if (problem !== undefined) throw weakPassword(problem);
  const settings = await loadSettings(identity.eventStore);
  const inviter = await inviterOf(context, request.recommender);
  const { rows } = await sql<{ seq: string }>`SELECT nextval('identity_member_seq') AS seq`.execute(
    db,
  );
  const memberSeq = Number(rows[0]?.seq);
  const registration: Registration = {
    memberSeq,
    credentialId: identity.newId(),
    verificationId: identity.newId(),
    consents: request.consents,
    inviter,
    now: now.toISOString(),
  };
  const decide = decideRegistration(registration, settings);
  const preview = decide(initialMemberState());
  if (preview.kind === 'rejected') throw memberProblem(preview.rejection);
  await reserveIdentifiers(context, memberSeq, request);
  let position: string | null;
  try {
    const passwordHash = await hashPassword(request.password);
    await insertCredential(db, {
      credentialId: registration.credentialId,
      memberSeq,
      passwordHash,
    });
    const asMember = {
      ...commandContext,
      subjectMemberSeq: memberSeq,
      actor: `member:${memberSeq}`,
    };
    position = (await runMemberCommand(context, memberSeq, decide, asMember)).position;
  } catch (error) {
    await releasePersonalData(db, memberSeq);
    throw error;
  }
  // The member exists now; a mail that fails is sent again from my page, it does not undo that.
  const to = request.email_address;
  const verificationId = registration.verificationId;
  const mailSent = await sendCode(context, {
    memberSeq,
    verificationId,
    to,
    purpose: 'registration',
    now,
  })
    .then(() => true)
    .catch(() => false);
  return { memberSeq, position, mailSent };
}

/** Stores the keyed hash of a fresh code and mails the code (the code itself is kept nowhere). */
export async function sendCode(
  context: MemberWriteContext,
  input: {
    memberSeq: number;
    verificationId: string;
    to: string;
    purpose: 'registration' | 'email_change' | 'password_reset';
    now: Date;
    pendingEmail?: { address: string; normalized: string };
  },
): Promise<void> {
  const code = newVerificationCode();
  await insertVerificationCode(context.db, {
    verificationId: input.verificationId,
    memberSeq: input.memberSeq,
    purpose: input.purpose,
    codeHash: hashVerificationCode(
      context.identity.secrets.verificationCodeKey,
      input.verificationId,
      code,
    ),
    pendingEmail: input.pendingEmail ?? null,
    expiresAt: new Date(addSeconds(input.now.toISOString(), emailVerificationLifetimeSeconds)),
  });
  await context.identity.mailer.send(
    verificationCodeMail({
      to: input.to,
      memberSeq: input.memberSeq,
      code,
      purpose: input.purpose,
    }),
  );
}
