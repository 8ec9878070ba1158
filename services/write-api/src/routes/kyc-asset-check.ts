import { type Asset, getAsset } from '@ledger/assets-store';
import type { Db } from '@ledger/db';
import { ProblemError } from '@ledger/http';

/**
 * The asset catalog's view of an asset a KYC or security-catalog command names: the asset, or
 * undefined when the catalog does not know it, or `unprojected` when the assets projection never
 * ran in this database (a write API deployed without it): then nothing can be checked.
 */
async function catalogAsset(db: Db, code: string): Promise<Asset | undefined | 'unprojected'> {
  try {
    return await getAsset(db as Parameters<typeof getAsset>[0], code);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '42P01') return 'unprojected';
    throw error;
  }
}

function assetNotFound(): ProblemError {
  return new ProblemError({ status: 404, code: 'asset_not_found' });
}

/** A restriction amount of a catalog asset: the asset exists and the amount fits its decimal_point. */
export async function refuseRestrictionOffCatalog(
  db: Db,
  code: string,
  amount: string | null,
): Promise<void> {
  const asset = await catalogAsset(db, code);
  if (asset === 'unprojected') return;
  if (asset === undefined) throw assetNotFound();
  const decimals = amount?.split('.')[1]?.length ?? 0;
  if (decimals > asset.decimalPoint) {
    throw new ProblemError({
      status: 422,
      code: 'restriction_policy_invalid',
      message: 'restriction_policy_invalid.decimals',
      params: { asset: asset.code, decimalPoint: asset.decimalPoint },
    });
  }
}
