/**
 * The answer of an approve-all's dry run (`?dry_run=true`): how many requests it would approve in
 * all and, per asset, how many and how much, so the administrator's screen can ask to confirm.
 */
export type ApproveAllScopeRow = { asset: string; requests: number; total: string };

export function approveAllPreview(asset: string | null, perAsset: readonly ApproveAllScopeRow[]) {
  return {
    dry_run: true,
    asset,
    requests: perAsset.reduce((sum, row) => sum + row.requests, 0),
    per_asset: perAsset.map((row) => ({
      asset: row.asset,
      requests: row.requests,
      total: row.total,
    })),
  };
}
