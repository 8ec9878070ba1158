/** The member's view (SPEC §2 member/{seq}/view). */
export function memberViewHref(seq: number): string {
  return `/admin/member/${seq}/view`;
}

/** The account's view (SPEC §2 account/{seq}/view). */
export function accountViewHref(seq: number): string {
  return `/admin/account/${seq}/view`;
}
