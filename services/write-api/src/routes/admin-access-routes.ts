import {
  ChangeSettingRequestSchema,
  MemberGroupParameterSchema,
  MemberGroupRequestSchema,
  RoleParameterSchema,
  RoleRequestSchema,
  SettingKeyParameterSchema,
} from '@ledger/contracts';
import { validate } from '@ledger/http';
import {
  changeSetting,
  decideMemberGroup,
  decideRole,
  evolveMemberGroup,
  evolveRole,
  initialMemberGroupState,
  initialRoleState,
  memberGroupStream,
  roleStream,
  settingsStream,
} from '@ledger/identity';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { handleCommand } from '../command-handling.ts';
import type { MemberWriteContext } from '../member-command-runner.ts';
import { memberGroupProblem, roleProblem, settingsProblem } from '../rejection-problems.ts';
import { commandContext } from '../request-context.ts';
import { settingsAggregate } from '../settings-source.ts';

const groupAggregate = { initial: initialMemberGroupState, evolve: evolveMemberGroup };
const roleAggregate = { initial: initialRoleState, evolve: evolveRole };

/** Member groups: create and rename (SPEC §2 member/group/list). */
export function adminMemberGroupRoutes(context: MemberWriteContext) {
  const { identity, db } = context;
  const stores = { eventStore: identity.eventStore, db };
  return new Hono()
    .post('/admin/member-group', validate('json', MemberGroupRequestSchema), async (c) => {
      const { name } = c.req.valid('json');
      const { rows } = await sql<{
        seq: string;
      }>`SELECT nextval('identity_member_group_seq') AS seq`.execute(db);
      const groupSeq = Number(rows[0]?.seq);
      const command = commandContext(c, identity, null);
      const now = command.now.toISOString();
      const outcome = await handleCommand(
        stores,
        memberGroupStream(groupSeq),
        groupAggregate,
        (state) => decideMemberGroup({ type: 'CreateMemberGroup', groupSeq, name, now }, state),
        command,
      );
      if (outcome.kind === 'rejected') throw memberGroupProblem(outcome.rejection);
      return c.json({ data: { group_seq: groupSeq }, position: outcome.position }, 201);
    })
    .put(
      '/admin/member-group/:seq',
      validate('param', MemberGroupParameterSchema),
      validate('json', MemberGroupRequestSchema),
      async (c) => {
        const { seq } = c.req.valid('param');
        const { name } = c.req.valid('json');
        const command = commandContext(c, identity, null);
        const now = command.now.toISOString();
        const outcome = await handleCommand(
          stores,
          memberGroupStream(seq),
          groupAggregate,
          (state) => decideMemberGroup({ type: 'RenameMemberGroup', name, now }, state),
          command,
        );
        if (outcome.kind === 'rejected') throw memberGroupProblem(outcome.rejection);
        return c.json({ data: { group_seq: seq }, position: outcome.position });
      },
    );
}

/** Access-control roles (SPEC §2 acs/catalog): define and change; the chief administrator only. */
export function adminRoleRoutes(context: MemberWriteContext) {
  const { identity, db } = context;
  const stores = { eventStore: identity.eventStore, db };
  return new Hono()
    .post('/admin/acs/role', validate('json', RoleRequestSchema), async (c) => {
      const { name, permissions } = c.req.valid('json');
      const roleId = identity.newId();
      const command = commandContext(c, identity, null);
      const now = command.now.toISOString();
      const outcome = await handleCommand(
        stores,
        roleStream(roleId),
        roleAggregate,
        (state) => decideRole({ type: 'DefineRole', roleId, name, permissions, now }, state),
        command,
      );
      if (outcome.kind === 'rejected') throw roleProblem(outcome.rejection);
      return c.json({ data: { role_id: roleId }, position: outcome.position }, 201);
    })
    .put(
      '/admin/acs/role/:roleId',
      validate('param', RoleParameterSchema),
      validate('json', RoleRequestSchema),
      async (c) => {
        const { roleId } = c.req.valid('param');
        const { name, permissions } = c.req.valid('json');
        const command = commandContext(c, identity, null);
        const now = command.now.toISOString();
        const outcome = await handleCommand(
          stores,
          roleStream(roleId),
          roleAggregate,
          (state) => decideRole({ type: 'ChangeRole', name, permissions, now }, state),
          command,
        );
        if (outcome.kind === 'rejected') throw roleProblem(outcome.rejection);
        return c.json({ data: { role_id: roleId }, position: outcome.position });
      },
    );
}

/** One setting of the catalogue (the config/* screens); the chief administrator only. */
export function adminSettingRoutes(context: MemberWriteContext) {
  const { identity, db } = context;
  return new Hono().put(
    '/admin/setting/:key',
    validate('param', SettingKeyParameterSchema),
    validate('json', ChangeSettingRequestSchema),
    async (c) => {
      const { key } = c.req.valid('param');
      const { value } = c.req.valid('json');
      const command = commandContext(c, identity, null);
      const now = command.now.toISOString();
      const outcome = await handleCommand(
        { eventStore: identity.eventStore, db },
        settingsStream,
        settingsAggregate,
        (state) => changeSetting({ type: 'ChangeSetting', key, value, now }, state),
        command,
      );
      if (outcome.kind === 'rejected') throw settingsProblem(outcome.rejection);
      return c.json({ data: { key }, position: outcome.position });
    },
  );
}
