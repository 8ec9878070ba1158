import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import type { LedgerWriterClient } from '@ledger/ledger-client';
import type { Logger } from '@ledger/runtime';
import { assetCatalogSource, certifiedAddressOf, securityLimitsSource } from './catalog-sources.ts';
import type { WithdrawalChain } from './chain-port.ts';
import { startWithdrawalProcessor } from './withdrawal-processor.ts';
import { createWithdrawalRunner } from './withdrawal-runner.ts';

/**
 * The withdrawal processor as a service: a runner over the catalog, the security levels and the
 * chain (by default the chains of @ledger/chain over `db`), resuming and reconciling every `intervalMs`. Returns a
 * function that stops it.
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
  const { db } = dependencies;
  const runner = createWithdrawalRunner({
    db,
    eventStore: dependencies.eventStore,
    ledger: dependencies.ledger,
    chain: dependencies.chain,
    logger: dependencies.logger,
    ...(dependencies.now === undefined ? {} : { now: dependencies.now }),
    assets: assetCatalogSource(db),
    limits: securityLimitsSource(db),
    certifiedAddress: (memberSeq, seq, asset) => certifiedAddressOf(db, memberSeq, seq, asset),
  });
  return startWithdrawalProcessor(
    runner,
    dependencies.logger.child({ service: 'withdrawal-processor' }),
    {
      intervalMs: dependencies.intervalMs ?? 2_000,
    },
  );
}
