import { accepted, rejected } from '@ledger/decider';
import type { MemberCommand } from './member-commands.ts';
import type { MemberDecision } from './member-decider.ts';
import type { MemberEvent } from './member-events.ts';
import type { MemberRejection } from './member-rejections.ts';
import { type MemberState, securityLevelMax, securityLevelMin, seqOf } from './member-state.ts';

type AdministrationCommand = Extract<
  MemberCommand,
  {
    type:
      | 'SetDenied'
      | 'SetSecurityLevel'
      | 'SetSecurityLevelLock'
      | 'SetStatisticsExclusion'
      | 'SetMemberGroups'
      | 'SetAdministratorFlag'
      | 'SetMemberRoles';
  }
>;

/**
 * Administrator decisions on a member. Setting a flag to the value it already has is accepted with
 * no events (a repeated PUT changes nothing).
 */
export function decideAdministration(command: MemberCommand, state: MemberState): MemberDecision {
  const administration = command as AdministrationCommand;
  const refusal = refuseAdministration(administration, state);
  if (refusal) return rejected(refusal);
  const event = eventFor(administration, state);
  return accepted(event === undefined ? [] : [event]);
}

function refuseAdministration(
  command: AdministrationCommand,
  state: MemberState,
): MemberRejection | undefined {
  if (state.status === 'unregistered') return { type: 'MemberNotFound' };
  if (state.status === 'withdrawn') return { type: 'MemberWithdrawn' };
  if (command.type !== 'SetSecurityLevel') return undefined;
  const level = command.securityLevel;
  if (!Number.isInteger(level) || level < securityLevelMin || level > securityLevelMax) {
    return { type: 'InvalidSecurityLevel', securityLevel: level };
  }
  if (command.source === 'automatic' && state.isSecurityLevelLocked) {
    return { type: 'SecurityLevelLocked' };
  }
  return undefined;
}

function sameSet<Item>(left: readonly Item[], right: readonly Item[]): boolean {
  const set = new Set(left);
  return set.size === new Set(right).size && right.every((item) => set.has(item));
}

function eventFor(command: AdministrationCommand, state: MemberState): MemberEvent | undefined {
  const memberSeq = seqOf(state);
  const at = command.now;
  switch (command.type) {
    case 'SetDenied':
      if (command.isDenied === state.isDenied) return undefined;
      return command.isDenied
        ? { type: 'MemberDenied', data: { memberSeq, deniedAt: at } }
        : { type: 'MemberAllowed', data: { memberSeq, allowedAt: at } };
    case 'SetSecurityLevel':
      if (command.securityLevel === state.securityLevel) return undefined;
      return {
        type: 'SecurityLevelSet',
        data: {
          memberSeq,
          securityLevel: command.securityLevel,
          securityLevelPrevious: state.securityLevel,
          setAt: at,
        },
      };
    case 'SetSecurityLevelLock':
      if (command.isLocked === state.isSecurityLevelLocked) return undefined;
      return {
        type: 'SecurityLevelLockChanged',
        data: { memberSeq, isLocked: command.isLocked, changedAt: at },
      };
    case 'SetStatisticsExclusion':
      if (command.isExcluded === state.isStatisticsExcluded) return undefined;
      return {
        type: 'StatisticsExclusionChanged',
        data: { memberSeq, isExcluded: command.isExcluded, changedAt: at },
      };
    default:
      return membershipEventFor(command, state, memberSeq);
  }
}

function membershipEventFor(
  command: AdministrationCommand,
  state: MemberState,
  memberSeq: number,
): MemberEvent | undefined {
  const at = command.now;
  switch (command.type) {
    case 'SetMemberGroups': {
      if (sameSet(command.groupSeqs, state.groupSeqs)) return undefined;
      const groupSeqs = [...new Set(command.groupSeqs)].sort((left, right) => left - right);
      return { type: 'MemberGroupsChanged', data: { memberSeq, groupSeqs, changedAt: at } };
    }
    case 'SetAdministratorFlag':
      if (command.isAdmin === state.isAdmin) return undefined;
      return {
        type: 'AdministratorFlagChanged',
        data: { memberSeq, isAdmin: command.isAdmin, changedAt: at },
      };
    case 'SetMemberRoles': {
      if (sameSet(command.roleIds, state.roleIds)) return undefined;
      const roleIds = [...new Set(command.roleIds)].sort();
      return { type: 'MemberRolesChanged', data: { memberSeq, roleIds, changedAt: at } };
    }
    default:
      throw new Error(`not an administration command: ${command.type}`);
  }
}
