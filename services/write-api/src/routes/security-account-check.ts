import type { Db } from '@ledger/db';
import { ProblemError } from '@ledger/http';
import { mayMemberCreateAccount } from '@ledger/kyc-store';

/**
 * The restriction policy CREATE_ACCOUNT: refuses, with 403
 * `account_creation_restricted`, a member whose security level may not open an account of
 * `asset` (a policy for that asset or for every asset at the member's level).
 */
export async function refuseRestrictedAccountCreation(
  db: Db,
  memberSeq: number,
  asset: string,
): Promise<void> {
  const { allowed } = await mayMemberCreateAccount(db, memberSeq, asset);
  if (!allowed) {
    throw new ProblemError({
      status: 403,
      code: 'account_creation_restricted',
    });
  }
}
