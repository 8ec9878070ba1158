import { isGrantablePermission, type Permission, permissionKey } from '@ledger/contracts';
import { accepted, type Decision, rejected } from '@ledger/decider';
import type { Timestamp } from './identity-types.ts';

/**
 * Access-control roles (`role-<id>`): a named set of permissions, each one endpoint (method and
 * path) of the route table, granted to members (MemberRolesChanged).
 */
export type RoleDefined = {
  type: 'RoleDefined';
  data: { roleId: string; name: string; permissions: Permission[]; definedAt: Timestamp };
};
export type RoleChanged = {
  type: 'RoleChanged';
  data: { roleId: string; name: string; permissions: Permission[]; changedAt: Timestamp };
};
export type RoleEvent = RoleDefined | RoleChanged;

export type RoleCommand =
  | {
      type: 'DefineRole';
      roleId: string;
      name: string;
      permissions: readonly Permission[];
      now: Timestamp;
    }
  | { type: 'ChangeRole'; name: string; permissions: readonly Permission[]; now: Timestamp };

export type RoleRejection =
  | { type: 'RoleAlreadyExists' }
  | { type: 'RoleNotFound' }
  | { type: 'InvalidRoleName' }
  | { type: 'PermissionNotGrantable'; permissions: Permission[] };

export type RoleState = { roleId: string | undefined; name: string; permissions: Permission[] };

export function roleStream(roleId: string): string {
  return `role-${roleId}`;
}

export function initialRoleState(): RoleState {
  return { roleId: undefined, name: '', permissions: [] };
}

export function evolveRole(_state: RoleState, event: RoleEvent): RoleState {
  return { roleId: event.data.roleId, name: event.data.name, permissions: event.data.permissions };
}

const namePattern = /^\S(.{0,62}\S)?$/u;

/** Sorted and without duplicates, so equal sets compare equal. */
function normalized(permissions: readonly Permission[]): Permission[] {
  const byKey = new Map(permissions.map((permission) => [permissionKey(permission), permission]));
  return [...byKey.keys()].sort().map((key) => byKey.get(key) as Permission);
}

export function decideRole(
  command: RoleCommand,
  state: RoleState,
): Decision<RoleEvent, RoleRejection> {
  if (!namePattern.test(command.name)) return rejected({ type: 'InvalidRoleName' });
  const refused = command.permissions.filter((permission) => !isGrantablePermission(permission));
  if (refused.length > 0) return rejected({ type: 'PermissionNotGrantable', permissions: refused });
  const permissions = normalized(command.permissions);
  if (command.type === 'DefineRole') {
    if (state.roleId !== undefined) return rejected({ type: 'RoleAlreadyExists' });
    const data = {
      roleId: command.roleId,
      name: command.name,
      permissions,
      definedAt: command.now,
    };
    return accepted([{ type: 'RoleDefined', data }]);
  }
  if (state.roleId === undefined) return rejected({ type: 'RoleNotFound' });
  const unchanged =
    state.name === command.name &&
    JSON.stringify(normalized(state.permissions)) === JSON.stringify(permissions);
  if (unchanged) return accepted([]);
  const data = { roleId: state.roleId, name: command.name, permissions, changedAt: command.now };
  return accepted([{ type: 'RoleChanged', data }]);
}
