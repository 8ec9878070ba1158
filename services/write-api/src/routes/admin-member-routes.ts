import { principalOf } from '@ledger/auth';
import {
  MemberParameterSchema,
  SetAdministratorRequestSchema,
  SetDeniedRequestSchema,
  SetMemberGroupsRequestSchema,
  SetMemberRolesRequestSchema,
  SetSecurityLevelLockRequestSchema,
  SetSecurityLevelRequestSchema,
  SetStatisticsExclusionRequestSchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import {
  evolveMemberGroup,
  evolveRole,
  initialMemberGroupState,
  initialRoleState,
  type MemberCommand,
  memberGroupStream,
  roleStream,
} from '@ledger/identity';
import { revokeMemberSessions } from '@ledger/identity-store';
import { type Context, Hono } from 'hono';
import { loadAggregate } from '../command-handling.ts';
import type { MemberWriteContext } from '../member-command-runner.ts';
import { runMemberCommand } from '../member-command-runner.ts';
import { commandContext } from '../request-context.ts';

type CommandBody = MemberCommand extends infer Command
  ? Command extends MemberCommand
    ? Omit<Command, 'now'>
    : never
  : never;

async function runAdminCommand(
  context: MemberWriteContext,
  c: Context,
  memberSeq: number,
  body: CommandBody,
) {
  const command = commandContext(c, context.identity, memberSeq);
  const { events, position } = await runMemberCommand(
    context,
    memberSeq,
    { ...body, now: command.now.toISOString() } as MemberCommand,
    command,
  );
  if (events.some((event) => event.type === 'MemberDenied')) {
    await revokeMemberSessions(context.db, memberSeq, command.now, 'denied');
  }
  return c.json({ data: { seq: memberSeq, changed: events.length > 0 }, position });
}

/** An administrator cannot deny itself or drop its own flag (it would lock itself out). */
function refuseSelf(c: Context, memberSeq: number): void {
  if (principalOf(c).memberSeq === memberSeq) {
    throw new ProblemError({
      status: 409,
      code: 'self_administration_refused',
    });
  }
}

async function requireGroupsExist(context: MemberWriteContext, groupSeqs: readonly number[]) {
  for (const groupSeq of new Set(groupSeqs)) {
    const { state } = await loadAggregate(
      context.identity.eventStore,
      memberGroupStream(groupSeq),
      {
        initial: initialMemberGroupState,
        evolve: evolveMemberGroup,
      },
    );
    if (state.groupSeq === undefined) {
      throw new ProblemError({
        status: 404,
        code: 'member_group_not_found',
      });
    }
  }
}

async function requireRolesExist(context: MemberWriteContext, roleIds: readonly string[]) {
  for (const roleId of new Set(roleIds)) {
    const { state } = await loadAggregate(context.identity.eventStore, roleStream(roleId), {
      initial: initialRoleState,
      evolve: evolveRole,
    });
    if (state.roleId === undefined) {
      throw new ProblemError({ status: 404, code: 'role_not_found' });
    }
  }
}

const member = validate('param', MemberParameterSchema);

/**
 * Administrator commands on one member's flags (SPEC §6): deny/allow, security level and its
 * lock, statistics exclusion. Setting a flag to its current value changes nothing.
 */
export function adminMemberFlagRoutes(context: MemberWriteContext) {
  return new Hono()
    .put('/admin/member/:seq/deny', member, validate('json', SetDeniedRequestSchema), async (c) => {
      const { seq } = c.req.valid('param');
      const { is_denied } = c.req.valid('json');
      if (is_denied) refuseSelf(c, seq);
      return runAdminCommand(context, c, seq, { type: 'SetDenied', isDenied: is_denied });
    })
    .put(
      '/admin/member/:seq/security-level',
      member,
      validate('json', SetSecurityLevelRequestSchema),
      async (c) =>
        runAdminCommand(context, c, c.req.valid('param').seq, {
          type: 'SetSecurityLevel',
          securityLevel: c.req.valid('json').security_level,
          source: 'admin',
        }),
    )
    .put(
      '/admin/member/:seq/security-level-lock',
      member,
      validate('json', SetSecurityLevelLockRequestSchema),
      async (c) =>
        runAdminCommand(context, c, c.req.valid('param').seq, {
          type: 'SetSecurityLevelLock',
          isLocked: c.req.valid('json').is_security_level_locked,
        }),
    )
    .put(
      '/admin/member/:seq/statistics-exclusion',
      member,
      validate('json', SetStatisticsExclusionRequestSchema),
      async (c) =>
        runAdminCommand(context, c, c.req.valid('param').seq, {
          type: 'SetStatisticsExclusion',
          isExcluded: c.req.valid('json').use_statistics_exclude,
        }),
    );
}

/**
 * Grants to one member: groups (administrators), roles and the administrator flag (the chief
 * administrator only, by the route table).
 */
export function adminMemberGrantRoutes(context: MemberWriteContext) {
  return new Hono()
    .put(
      '/admin/member/:seq/groups',
      member,
      validate('json', SetMemberGroupsRequestSchema),
      async (c) => {
        const { group_seqs } = c.req.valid('json');
        await requireGroupsExist(context, group_seqs);
        return runAdminCommand(context, c, c.req.valid('param').seq, {
          type: 'SetMemberGroups',
          groupSeqs: group_seqs,
        });
      },
    )
    .put(
      '/admin/member/:seq/roles',
      member,
      validate('json', SetMemberRolesRequestSchema),
      async (c) => {
        const { role_ids } = c.req.valid('json');
        await requireRolesExist(context, role_ids);
        return runAdminCommand(context, c, c.req.valid('param').seq, {
          type: 'SetMemberRoles',
          roleIds: role_ids,
        });
      },
    )
    .put(
      '/admin/member/:seq/admin',
      member,
      validate('json', SetAdministratorRequestSchema),
      async (c) => {
        const { seq } = c.req.valid('param');
        const { is_admin } = c.req.valid('json');
        if (!is_admin) refuseSelf(c, seq);
        return runAdminCommand(context, c, seq, {
          type: 'SetAdministratorFlag',
          isAdmin: is_admin,
        });
      },
    );
}
