import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import type { LedgerWriterClient } from '@ledger/ledger-client';
import type { Logger } from '@ledger/runtime';
import type { WithdrawalChain } from './chain-port.ts';
import { createWithdrawalProcessor, startWithdrawalProcessor } from './withdrawal-processor.ts';

/**
 * The withdrawal processor as a service: the withdrawal process over the chain (by default the
 * chains of @ledger/chain over `db`) on the resumer worker, nudged by appends to withdrawal streams,
 * polling and reconciling every `intervalMs`. Returns a function that stops it.
 */
export function startWithdrawalService(dependencies: {
  db: Db;
  eventStore: EventStore;
  ledger: LedgerWriterClient;
  logger: Logger;
  now?: () => Date;
  chain?: WithdrawalChain;
  intervalMs?: number;
}): () => Promise<void> {
  const processor = createWithdrawalProcessor({
    db: dependencies.db,
    eventStore: dependencies.eventStore,
    ledger: dependencies.ledger,
    chain: dependencies.chain,
    logger: dependencies.logger,
    now: dependencies.now,
  });
  return startWithdrawalProcessor(
    processor,
    dependencies.eventStore,
    dependencies.logger.child({ service: 'withdrawal-processor' }),
    { intervalMs: dependencies.intervalMs ?? 2_000 },
  );
}
