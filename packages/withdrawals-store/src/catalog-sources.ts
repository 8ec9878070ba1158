import { getAsset } from '@ledger/assets-store';
import type { Db } from '@ledger/db';
import { getWithdrawAddressCertification, withdrawLimitsFor } from '@ledger/kyc-store';
import type { Kysely } from 'kysely';
import type { WithdrawAssetSource, WithdrawLimitsSource } from './sources.ts';

/**
 * The sources a withdrawal request reads beside its own withdraw policy: the asset catalog
 * (allow withdraw, active, frozen, the withdrawal fee and its asset) and the security levels'
 * restriction policies (one-time and daily limits). Where neither names a value, the withdraw
 * policy (admin withdraw/policy) applies.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

/** A read model that does not exist yet (its projection never registered) answers as empty. */
async function unlessMissing<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return fallback;
    throw error;
  }
}

export function assetCatalogSource(db: Db): WithdrawAssetSource {
  return {
    async rulesFor(asset) {
      const found = await unlessMissing(() => getAsset(db as AnyDb, asset), undefined);
      if (found === undefined) return undefined;
      const fee = [...found.withdrawFees].sort((left, right) => left.order - right.order)[0];
      const withdrawAllowed = found.allowWithdraw && found.isActive && !found.isFrozen;
      // No fee of its own: the withdraw policy's applies (withdrawalFeeOf).
      if (fee === undefined) return { withdrawAllowed, fee: undefined };
      return {
        withdrawAllowed,
        fee: {
          // A fee in the asset itself is taken from the amount; in another asset, charged separately.
          feeType: fee.feeAsset === asset ? 'deducted' : 'separate',
          feeAmount: fee.fee,
          feeAsset: fee.feeAsset,
        },
      };
    },
  };
}

export function securityLimitsSource(db: Db): WithdrawLimitsSource {
  return {
    async limitsFor(memberSeq, asset) {
      const limits = await unlessMissing(
        () => withdrawLimitsFor(db as AnyDb, memberSeq, asset),
        undefined,
      );
      if (limits === undefined) return undefined;
      if (limits.oneTime === null && limits.daily === null) return undefined;
      return { oneTimeLimit: limits.oneTime, dailyLimit: limits.daily };
    },
  };
}

export type CertifiedAddress = {
  address: string;
  bankCode: string | null;
  holderName: string | null;
};

/** A member's usable certified withdraw address of the asset, or undefined. */
export async function certifiedAddressOf(
  db: Db,
  memberSeq: number,
  certificationSeq: number,
  asset: string,
): Promise<CertifiedAddress | undefined> {
  const found = await unlessMissing(
    () => getWithdrawAddressCertification(db as AnyDb, memberSeq, certificationSeq),
    undefined,
  );
  if (
    found === undefined ||
    !found.isUsable ||
    found.assetCode !== asset ||
    found.withdrawAddress === null
  ) {
    return undefined;
  }
  return { address: found.withdrawAddress, bankCode: found.bankCode, holderName: found.holderName };
}
