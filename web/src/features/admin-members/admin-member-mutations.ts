import { mutationOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { adminMemberKeys } from '../../lib/queries/admin-member-queries.ts';
import { rememberWrite } from '../../lib/written-position.ts';

/**
 * The administrator's commands on one member (SPEC §6: deny/allow, security level and its lock,
 * statistics exclusion, groups, roles), each a PUT of one flag. Pessimistic: the screen changes
 * once the server accepted the command and the member was read again after it (`?after=`).
 */
export type MemberChange =
  | { kind: 'deny'; is_denied: boolean }
  | { kind: 'security-level'; security_level: number }
  | { kind: 'security-level-lock'; is_security_level_locked: boolean }
  | { kind: 'statistics-exclusion'; use_statistics_exclude: boolean }
  | { kind: 'groups'; group_seqs: number[] }
  | { kind: 'roles'; role_ids: string[] };

export function changeMemberMutation(seq: number) {
  return mutationOptions({
    mutationKey: ['admin', 'member', 'change', seq],
    mutationFn: async (change: MemberChange, { client }) => {
      const { kind, ...body } = change;
      rememberWrite(client, await api.put(`admin/member/${seq}/${kind}`, { json: body }));
      // Members and group member counts are read again, after the write.
      await Promise.all([
        client.invalidateQueries({ queryKey: adminMemberKeys.all }),
        client.invalidateQueries({ queryKey: adminMemberKeys.groups }),
      ]);
    },
  });
}
