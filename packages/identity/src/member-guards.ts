import type { MemberRejection } from './member-rejections.ts';
import type { MemberState } from './member-state.ts';

/** The member exists and is not withdrawn; `undefined` when it may act. */
export function refuseUnlessActive(state: MemberState): MemberRejection | undefined {
  if (state.status === 'unregistered') return { type: 'MemberNotFound' };
  if (state.status === 'withdrawn') return { type: 'MemberWithdrawn' };
  return undefined;
}

/** As above, and not denied by an administrator. */
export function refuseUnlessAllowed(state: MemberState): MemberRejection | undefined {
  return refuseUnlessActive(state) ?? (state.isDenied ? { type: 'MemberIsDenied' } : undefined);
}
