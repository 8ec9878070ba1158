import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { handleCommand, readStreamState } from '@ledger/process-kit';
import type { Logger } from '@ledger/runtime';
import { decideWithdrawal, withdrawalActor, withdrawalStream } from '@ledger/withdrawals';
import { withdrawalFault, withdrawalFold, withdrawalRefusal } from '@ledger/withdrawals-store';
import { sql } from 'kysely';
import type { WithdrawalChain } from './chain-port.ts';

/**
 * Reconciliation (T22): a sent withdrawal is confirmed by an output on the chain to its address
 * (and memo) with its net amount and the confirmations the asset needs on that chain, that no
 * other withdrawal was matched to — whatever that output's txid. A txid that is not found
 * changes nothing: the withdrawal stays sent (never re-credited, never failed by itself). Each
 * confirmation recorded is handed to `confirmed` (the processor takes the capture).
 */
export async function reconcileWithdrawals(dependencies: {
  db: Db;
  eventStore: EventStore;
  chain: WithdrawalChain;
  logger: Logger;
  now: () => string;
  confirmed: (withdrawalId: string) => Promise<unknown>;
}): Promise<{ confirmed: number }> {
  const { db, eventStore, chain, logger } = dependencies;
  const { rows } = await sql<{ withdrawal_id: string }>`SELECT withdrawal_id FROM withdrawals
    WHERE status = 'sent' AND confirmed_txid IS NULL ORDER BY requested_at LIMIT 500`.execute(db);
  let confirmed = 0;
  for (const { withdrawal_id: withdrawalId } of rows) {
    const stream = withdrawalStream(withdrawalId);
    const { state } = await readStreamState(eventStore, stream, withdrawalFold);
    if (state.status !== 'sent' || state.confirmation !== null) continue;
    const { asset, toAddress, memo, netAmount } = state.request;
    const outputs = await chain
      .confirmedOutputs({ asset, address: toAddress, memo, amount: netAmount })
      .catch((error: unknown) => {
        logger.warn('withdrawal reconciliation could not read the chain', {
          withdrawalId,
          asset,
          error: String(error),
        });
        return [];
      });
    const { rows: used } = await sql<{
      confirmed_txid: string;
    }>`SELECT confirmed_txid FROM withdrawals
      WHERE asset = ${asset} AND to_address = ${toAddress} AND confirmed_txid IS NOT NULL`.execute(
      db,
    );
    const usedTxids = new Set(used.map((row) => row.confirmed_txid));
    const own = new Set(state.transfers.map((transfer) => transfer.txid));
    const candidates = outputs
      .filter((output) => !usedTxids.has(output.txid))
      .sort((left, right) => Number(own.has(right.txid)) - Number(own.has(left.txid)));
    const match = candidates[0];
    if (match === undefined) continue;
    const recorded = await handleCommand(
      eventStore,
      stream,
      withdrawalFold,
      (current) =>
        decideWithdrawal(
          {
            type: 'ConfirmWithdrawal',
            txid: match.txid,
            matchedBy: 'reconciliation',
            confirmedBy: withdrawalActor,
            now: dependencies.now(),
          },
          current,
        ),
      {
        commandId: `${withdrawalId}:confirm`,
        actor: withdrawalActor,
        requestId: `${withdrawalId}:confirm`,
      },
    );
    if (recorded.kind === 'rejected') throw withdrawalRefusal(recorded.rejection);
    withdrawalFault('after-confirmed');
    await dependencies.confirmed(withdrawalId);
    confirmed += 1;
  }
  return { confirmed };
}
