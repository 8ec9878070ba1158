import { accepted, type Decision, rejected } from '@ledger/decider';
import type { Timestamp } from './identity-types.ts';

/** Member groups (`member-group-<seq>`): named sets an administrator grants members to. */
export type MemberGroupCreated = {
  type: 'MemberGroupCreated';
  data: { groupSeq: number; name: string; createdAt: Timestamp };
};
export type MemberGroupRenamed = {
  type: 'MemberGroupRenamed';
  data: { groupSeq: number; name: string; renamedAt: Timestamp };
};
export type MemberGroupEvent = MemberGroupCreated | MemberGroupRenamed;

export type MemberGroupCommand =
  | { type: 'CreateMemberGroup'; groupSeq: number; name: string; now: Timestamp }
  | { type: 'RenameMemberGroup'; name: string; now: Timestamp };

export type MemberGroupRejection =
  | { type: 'MemberGroupAlreadyExists' }
  | { type: 'MemberGroupNotFound' }
  | { type: 'InvalidMemberGroupName' };

export type MemberGroupState = { groupSeq: number | undefined; name: string | undefined };

export function memberGroupStream(groupSeq: number): string {
  return `member-group-${groupSeq}`;
}

export function initialMemberGroupState(): MemberGroupState {
  return { groupSeq: undefined, name: undefined };
}

export function evolveMemberGroup(
  _state: MemberGroupState,
  event: MemberGroupEvent,
): MemberGroupState {
  return { groupSeq: event.data.groupSeq, name: event.data.name };
}

const namePattern = /^\S(.{0,62}\S)?$/u;

export function decideMemberGroup(
  command: MemberGroupCommand,
  state: MemberGroupState,
): Decision<MemberGroupEvent, MemberGroupRejection> {
  if (!namePattern.test(command.name)) return rejected({ type: 'InvalidMemberGroupName' });
  if (command.type === 'CreateMemberGroup') {
    if (state.groupSeq !== undefined) return rejected({ type: 'MemberGroupAlreadyExists' });
    const data = { groupSeq: command.groupSeq, name: command.name, createdAt: command.now };
    return accepted([{ type: 'MemberGroupCreated', data }]);
  }
  if (state.groupSeq === undefined) return rejected({ type: 'MemberGroupNotFound' });
  if (state.name === command.name) return accepted([]);
  const data = { groupSeq: state.groupSeq, name: command.name, renamedAt: command.now };
  return accepted([{ type: 'MemberGroupRenamed', data }]);
}
