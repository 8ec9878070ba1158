import { randomUUID } from 'node:crypto';
import type { Db } from '@ledger/db';
import { changeSetting, settingsStream } from '@ledger/identity';
import { identityDb } from '@ledger/identity-store';
import { type CommandContext, handleCommand } from './command-handling.ts';
import type { IdentityWriteDependencies } from './identity-dependencies.ts';
import { runMemberCommand } from './member-command-runner.ts';
import { settingsAggregate } from './settings-source.ts';

function systemContext(
  identity: IdentityWriteDependencies,
  actor: string,
  memberSeq: number | null,
): CommandContext {
  return {
    commandId: randomUUID(),
    requestId: `system-${randomUUID()}`,
    actor,
    clientAddress: null,
    userAgent: null,
    subjectMemberSeq: memberSeq,
    now: identity.now(),
  };
}

/**
 * Makes a member the chief administrator, as the system (the first administrator cannot be made
 * by an administrator). Used by the demo seed and by operators' bootstrap scripts; idempotent.
 */
export async function grantChiefAdministrator(
  dependencies: { db: Db; identity: IdentityWriteDependencies },
  memberSeq: number,
  actor: `system:${string}`,
): Promise<void> {
  const context = systemContext(dependencies.identity, actor, memberSeq);
  await runMemberCommand(
    { identity: dependencies.identity, db: identityDb(dependencies.db) },
    memberSeq,
    { type: 'SetAdministratorFlag', isAdmin: true, now: context.now.toISOString() },
    context,
  );
}

/** Changes a setting as the system; a value equal to the current one changes nothing. */
export async function changeSettingAsSystem(
  dependencies: { db: Db; identity: IdentityWriteDependencies },
  key: string,
  value: unknown,
  actor: `system:${string}`,
): Promise<void> {
  const context = systemContext(dependencies.identity, actor, null);
  const outcome = await handleCommand(
    { eventStore: dependencies.identity.eventStore, db: identityDb(dependencies.db) },
    settingsStream,
    settingsAggregate,
    (state) => {
      const decision = changeSetting(
        { type: 'ChangeSetting', key, value, now: context.now.toISOString() },
        state,
      );
      return decision.kind === 'rejected' && decision.rejection.type === 'SettingUnchanged'
        ? { kind: 'accepted', events: [] }
        : decision;
    },
    context,
  );
  if (outcome.kind === 'rejected') throw new Error(`setting ${key}: ${outcome.rejection.type}`);
}
