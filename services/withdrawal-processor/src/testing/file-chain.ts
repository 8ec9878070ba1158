import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { WithdrawalChain } from '../chain-port.ts';

type Output = { txid: string; asset: string; to: string; amount: string };

/**
 * The simulated withdrawal chain kept in a file (tests only), so it outlives a process killed
 * with SIGKILL, as a real chain outlives the exchange: every broadcast is written (synchronously)
 * before it returns, keyed by its transfer id, and confirms at once.
 */
export function createFileBackedChain(
  path: string,
): WithdrawalChain & { broadcasts(): Record<string, Output> } {
  const load = (): Record<string, Output> =>
    existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, Output>) : {};
  return {
    broadcasts: load,
    async broadcast(transfer) {
      const all = load();
      const existing = all[transfer.transferId];
      if (existing !== undefined) {
        return { txid: existing.txid, from: 'sim-hot-wallet', feeAmount: '0' };
      }
      const txid = createHash('sha256')
        .update(`file-chain\u0000${transfer.transferId}`)
        .digest('hex');
      all[transfer.transferId] = {
        txid,
        asset: transfer.asset,
        to: transfer.to,
        amount: transfer.amount,
      };
      writeFileSync(path, JSON.stringify(all));
      return { txid, from: 'sim-hot-wallet', feeAmount: '0' };
    },
    async outputsTo(asset, address) {
      return Object.values(load())
        .filter((output) => output.asset === asset && output.to === address)
        .map((output) => ({
          txid: output.txid,
          address: output.to,
          amount: output.amount,
          confirmations: 1,
        }));
    },
  };
}
