import { getAsset } from '@ledger/assets-store';
import type { Db } from '@ledger/db';
import { ProblemError } from '@ledger/http';

/**
 * A deactivated asset (is_active false in the catalog) is no longer offered to members: no new
 * account, deposit request or deposit address in it (409 `asset_inactive`). Accounts already open
 * keep their money and their history.
 */
export function assetInactive(): ProblemError {
  return new ProblemError({ status: 409, code: 'asset_inactive' });
}

/** Refuses an asset the catalog lists as deactivated; an asset outside the catalog is left to the ledger. */
export async function refuseInactiveAsset(db: Db, code: string): Promise<void> {
  const asset = await getAsset(db, code);
  if (asset !== undefined && !asset.isActive) throw assetInactive();
}
