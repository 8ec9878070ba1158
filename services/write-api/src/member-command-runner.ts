import type { GlobalPosition } from '@ledger/event-store';
import {
  decideMember,
  evolveMember,
  type IdentitySettings,
  initialMemberState,
  type MemberCommand,
  type MemberDecision,
  type MemberEvent,
  type MemberState,
  memberStream,
} from '@ledger/identity';
import type { IdentityDb } from '@ledger/identity-store';
import { type CommandContext, handleCommand, loadAggregate } from './command-handling.ts';
import type { IdentityWriteDependencies } from './identity-dependencies.ts';
import { memberProblem } from './rejection-problems.ts';
import { loadSettings } from './settings-source.ts';

export const memberAggregate = { initial: initialMemberState, evolve: evolveMember };

export type MemberWriteContext = { identity: IdentityWriteDependencies; db: IdentityDb };

/** A member's state, folded from its stream (the source of truth for every decision). */
export async function loadMember(
  identity: IdentityWriteDependencies,
  memberSeq: number,
): Promise<MemberState> {
  return (await loadAggregate(identity.eventStore, memberStream(memberSeq), memberAggregate)).state;
}

/**
 * Decides and appends one member command (or a composed decision over the member's state); a
 * rejection becomes its problem (thrown). Returns the events, the new state and the position.
 */
export async function runMemberCommand(
  { identity, db }: MemberWriteContext,
  memberSeq: number,
  command: MemberCommand | ((state: MemberState, settings: IdentitySettings) => MemberDecision),
  context: CommandContext,
): Promise<{ events: MemberEvent[]; state: MemberState; position: GlobalPosition | null }> {
  const settings = await loadSettings(identity.eventStore);
  const decide =
    typeof command === 'function'
      ? (state: MemberState) => command(state, settings)
      : (state: MemberState) => decideMember(command, state, settings);
  const outcome = await handleCommand(
    { eventStore: identity.eventStore, db },
    memberStream(memberSeq),
    memberAggregate,
    decide,
    context,
  );
  if (outcome.kind === 'rejected') throw memberProblem(outcome.rejection);
  return { events: outcome.events, state: outcome.state, position: outcome.position };
}
