import { systemAccountId } from '@ledger/ledger';

/** The fee revenue account of an asset: where the owner's C2C fee goes. */
export const feeRevenueAccountOf = (asset: string) => systemAccountId('feeRevenue', asset);
