import type { AssetView } from '@ledger/contracts';

/** What the form can tell the member before sending: the fee, its asset and the net amount. */
export type WithdrawFeeQuote = {
  fee: string;
  feeAsset: string;
  /** What reaches the address; the amount itself when the fee is charged on top. */
  net: string;
};

const amountShape = /^(0|[1-9][0-9]{0,29})(?:\.([0-9]{1,18}))?$/;

function unitsOf(amount: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

function amountOfUnits(units: bigint, scale: number): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  if (scale === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * The fee the asset's catalog entry names (its lowest-order fee, as the server picks it) and the
 * net amount: the fee taken from the amount when it is in the asset itself and the member chose
 * "deducted", else the whole amount. Undefined when the catalog names no fee (the withdraw
 * policy's fee then applies, which members cannot read) or the amount is not a valid one yet.
 */
export function withdrawFeeQuote(
  asset: Pick<AssetView, 'code' | 'withdraw_fees'> | undefined,
  amount: string,
  decimalPoint: number,
  feeType: 'deducted' | 'separate',
): WithdrawFeeQuote | undefined {
  const fee = [...(asset?.withdraw_fees ?? [])].sort((left, right) => left.order - right.order)[0];
  if (asset === undefined || fee === undefined || !amountShape.test(amount.trim()))
    return undefined;
  if (fee.fee_asset !== asset.code || feeType === 'separate')
    return { fee: fee.fee, feeAsset: fee.fee_asset, net: amount.trim() };
  const scale = Math.max(decimalPoint, fee.fee.split('.')[1]?.length ?? 0);
  const net = unitsOf(amount.trim(), scale) - unitsOf(fee.fee, scale);
  return { fee: fee.fee, feeAsset: fee.fee_asset, net: amountOfUnits(net, scale) };
}
