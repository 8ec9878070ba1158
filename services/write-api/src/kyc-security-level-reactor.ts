import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '@ledger/db';
import type { EventStore, RecordedEvent } from '@ledger/event-store';
import { ProblemError } from '@ledger/http';
import { activeOtpIds, type MemberEvent } from '@ledger/identity';
import { identityDb } from '@ledger/identity-store';
import { automaticSecurityLevel, kycMemberEventTypes } from '@ledger/kyc';
import { eraseKycPersonalData, findDueExpiries } from '@ledger/kyc-store';
import {
  createProjectionRunner,
  eventStoreWakeUps,
  LeaderLocks,
  type Projection,
  pooledLockSessions,
} from '@ledger/projection-runner';
import type { Logger } from '@ledger/runtime';
import { type Kysely, sql } from 'kysely';
import type { CommandContext } from './command-handling.ts';
import type { IdentityWriteDependencies } from './identity-dependencies.ts';
import { loadMember, type MemberWriteContext, runMemberCommand } from './member-command-runner.ts';
import { loadKycMember, loadSecurityCatalog, runKycCommand } from './routes/kyc-command-runner.ts';

export const securityLevelReactorName = 'security-level-reactor';

/** Member events that change a condition (or the lock); SecurityLevelSet itself never does. */
const memberTriggers: readonly MemberEvent['type'][] = [
  'EmailVerified',
  'OtpActivated',
  'OtpDeactivated',
  'SecurityLevelLockChanged',
];

type ReactorDependencies = { db: Db; identity: IdentityWriteDependencies; logger: Logger };

function systemContext(
  identity: IdentityWriteDependencies,
  commandId: string,
  memberSeq: number,
  actor: string,
): CommandContext {
  return {
    commandId,
    requestId: commandId,
    actor,
    clientAddress: null,
    userAgent: null,
    subjectMemberSeq: memberSeq,
    now: identity.now(),
  };
}

/** A failure worth retrying rather than stopping the reactor on (the runner retries code 40001). */
function retriable(error: unknown): Error {
  const wrapped = new Error(`security level reactor: ${String(error)}`) as Error & { code: string };
  wrapped.code = '40001';
  return wrapped;
}

/**
 * Recomputes one member's security level from its facts (identity's member stream, its KYC
 * stream, the catalog) and appends `SecurityLevelSet` (source automatic) when it differs. The
 * command id derives from the triggering event, so a replay after a crash appends nothing twice;
 * a locked level or an unchanged one appends nothing at all.
 */
export async function recomputeSecurityLevel(
  context: MemberWriteContext,
  memberSeq: number,
  triggerId: string,
): Promise<number | undefined> {
  const member = await loadMember(context.identity, memberSeq);
  if (member.status !== 'active' || member.isSecurityLevelLocked) return undefined;
  const [kyc, catalog] = await Promise.all([
    loadKycMember(context, memberSeq),
    loadSecurityCatalog(context),
  ]);
  const now = context.identity.now().toISOString();
  const level = automaticSecurityLevel(
    catalog,
    { isEmailVerified: member.isEmailVerified, activeOtpCount: activeOtpIds(member).length },
    kyc,
    now,
  );
  if (level === member.securityLevel) return undefined;
  try {
    await runMemberCommand(
      context,
      memberSeq,
      { type: 'SetSecurityLevel', securityLevel: level, source: 'automatic', now },
      systemContext(
        context.identity,
        `security-level:${memberSeq}:${triggerId}`,
        memberSeq,
        'system:security-level',
      ),
    );
  } catch (error) {
    // Locked between the read and the decision: the lock wins, nothing to do.
    if (error instanceof ProblemError && error.problem.code === 'security_level_locked') {
      return undefined;
    }
    throw error;
  }
  return level;
}

function memberSeqOf(event: RecordedEvent): number | undefined {
  const value = (event.data as { memberSeq?: unknown }).memberSeq;
  return typeof value === 'number' ? value : undefined;
}

/**
 * The process that keeps security levels automatic: a projection with no
 * read model, run by the projection runner (checkpointed, one leader, resumes after a restart).
 * For each event that changes a member's conditions it recomputes that member's level; a catalog
 * change recomputes every member. A member's withdrawal erases its KYC personal data in the
 * runner's transaction (idempotent).
 */
export function createSecurityLevelReactor(dependencies: ReactorDependencies): Projection<unknown> {
  const context: MemberWriteContext = {
    identity: dependencies.identity,
    db: identityDb(dependencies.db),
  };
  return {
    name: securityLevelReactorName,
    version: 1,
    filter: { streamPrefixes: ['member-', 'kyc-member-', 'security-catalog'] },
    async apply(trx, events) {
      const due = new Map<number, string>();
      let catalogChanged: string | undefined;
      for (const event of events) {
        const memberSeq = memberSeqOf(event);
        if (event.type === 'MemberWithdrawn' && memberSeq !== undefined) {
          await eraseKycPersonalData(trx as Kysely<unknown>, memberSeq, new Date(event.recordedAt));
          continue;
        }
        if (event.streamName === 'security-catalog') {
          catalogChanged = event.id;
          continue;
        }
        const isTrigger =
          (memberTriggers as readonly string[]).includes(event.type) ||
          (kycMemberEventTypes as readonly string[]).includes(event.type);
        if (isTrigger && memberSeq !== undefined) due.set(memberSeq, event.id);
      }
      if (catalogChanged !== undefined) {
        const rows = await sql<{ member_seq: string }>`
          SELECT member_seq FROM identity_members WHERE is_alive ORDER BY member_seq`.execute(trx);
        for (const row of rows.rows) {
          if (!due.has(Number(row.member_seq))) due.set(Number(row.member_seq), catalogChanged);
        }
      }
      for (const [memberSeq, triggerId] of due) {
        try {
          await recomputeSecurityLevel(context, memberSeq, triggerId);
        } catch (error) {
          throw retriable(error);
        }
      }
    },
  };
}

/**
 * Expires approved KYC certifications and real-name authentications whose expiry passed (one
 * idempotent command each: the command id names the object), so the reactor lowers the level.
 */
export async function expireDueKyc(context: MemberWriteContext, db: Db): Promise<number> {
  const due = await findDueExpiries(db, context.identity.now());
  for (const item of due) {
    const command = systemContext(
      context.identity,
      `kyc-expiry:${item.kind}:${item.seq}`,
      item.memberSeq,
      'system:kyc-expiry',
    );
    const now = command.now.toISOString();
    await runKycCommand(
      context,
      item.memberSeq,
      item.kind === 'certification'
        ? { type: 'ExpireKycCertification', certificationSeq: item.seq, now }
        : { type: 'ExpireRealnameAuthentication', realnameSeq: item.seq, now },
      command,
    );
  }
  return due.length;
}

/**
 * Starts the security-level reactor (a projection runner with its own leader lock) and the KYC
 * expiry worker. Returns a function that stops both.
 */
export function startKycWorkers(
  dependencies: ReactorDependencies & {
    eventStore?: EventStore;
    expiryIntervalMs?: number;
  },
): () => Promise<void> {
  const stopping = new AbortController();
  const eventStore = dependencies.eventStore ?? dependencies.identity.eventStore;
  const database = dependencies.db as unknown as Kysely<unknown>;
  const locks = new LeaderLocks(pooledLockSessions(database), { logger: dependencies.logger });
  const runner = createProjectionRunner({
    db: database,
    eventStore,
    projection: createSecurityLevelReactor(dependencies),
    locks,
    logger: dependencies.logger,
    wakeUps: eventStoreWakeUps(eventStore, {
      signal: stopping.signal,
      logger: dependencies.logger,
    }),
  });
  const running = runner.run(stopping.signal).catch((error: unknown) => {
    dependencies.logger.error('security level reactor crashed', { error: String(error) });
  });
  const context: MemberWriteContext = {
    identity: dependencies.identity,
    db: identityDb(dependencies.db),
  };
  const expiring = (async () => {
    while (!stopping.signal.aborted) {
      await delay(dependencies.expiryIntervalMs ?? 60_000, undefined, {
        signal: stopping.signal,
      }).catch(() => undefined);
      if (stopping.signal.aborted) return;
      try {
        const expired = await expireDueKyc(context, dependencies.db);
        if (expired > 0) dependencies.logger.info('KYC expired', { expired });
      } catch (error) {
        dependencies.logger.warn('KYC expiry failed; retrying later', { error: String(error) });
      }
    }
  })();
  return async () => {
    stopping.abort();
    await Promise.all([running, expiring]);
    await locks.close();
  };
}
