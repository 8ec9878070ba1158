import { randomUUID } from 'node:crypto';
import { createPool, type Database, type Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { type SystemRole, systemAccountId, systemRoles } from '@ledger/ledger';
import type { LedgerCommandInput, SubmitResult } from '@ledger/ledger-client';
import { createLedgerWriter, type LedgerWriter, withoutLock } from '@ledger/ledger-writer-core';
import { type Projection, projectBatch, registerProjection } from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import type pg from 'pg';
import { memberIdOf, walletAccountId } from '../account-identity.ts';

/** Helpers for this package's integration tests (not shipped): a real writer and a projector loop. */

export type LedgerFixture = {
  writer: LedgerWriter;
  store: EventStore;
  pool: pg.Pool;
  clock: { nowMs: number };
  /** Submits as `system:test` with a fresh id; throws unless accepted. */
  accept(command: LedgerCommandInput, actor?: string): Promise<SubmitResult>;
  close(): Promise<void>;
};

export async function startLedgerFixture(url: string): Promise<LedgerFixture> {
  const pool = createPool({ url, poolSizeMax: 4, applicationName: 'ledger-projections-test' });
  const store = createPostgresEventStore({ pool });
  const clock = { nowMs: Date.parse('2025-03-01T00:00:00.000Z') };
  const writer = await createLedgerWriter({
    store,
    pool,
    leadership: withoutLock(),
    logger: silentLogger,
    nowMs: () => clock.nowMs,
  });
  return {
    writer,
    store,
    pool,
    clock,
    async accept(command, actor = 'system:test') {
      const result = await writer.submit({ commandId: randomUUID(), actor, command });
      if (result.kind !== 'answered' || result.answer.kind !== 'accepted') {
        throw new Error(`not accepted: ${JSON.stringify(result)}`);
      }
      return result;
    },
    async close() {
      await writer.stop();
      await store.close();
      await pool.end();
    },
  };
}

export function openSystemAccount(
  systemRole: SystemRole,
  asset: string,
  decimalPoint: number,
): LedgerCommandInput {
  const account = systemAccountId(systemRole, asset);
  return {
    type: 'OpenAccount',
    data: { account, asset, decimalPoint, kind: 'system', systemRole },
  };
}

/** Every system account of an asset. */
export async function openAsset(fixture: LedgerFixture, asset: string, decimalPoint: number) {
  for (const role of systemRoles)
    await fixture.accept(openSystemAccount(role, asset, decimalPoint));
}

export function openWalletAccount(
  seq: number,
  memberSeq: number,
  asset: string,
  decimalPoint: number,
): LedgerCommandInput {
  return {
    type: 'OpenAccount',
    data: {
      account: walletAccountId(seq),
      asset,
      decimalPoint,
      kind: 'member',
      memberId: memberIdOf(memberSeq),
    },
  };
}

/** A leg of BTC (the asset most of these tests open with 8 decimals). */
export function btcLeg(debit: string, credit: string, amount: string) {
  return { debit, credit, asset: 'BTC', amount };
}

export function transfer(
  legs: { debit: string; credit: string; asset: string; amount: string }[],
  cause = 'internalTransfer',
): LedgerCommandInput {
  return { type: 'PostTransfer', data: { transferId: randomUUID(), legs, cause } };
}

/** Registers the projections and applies every event there is (small batches, many commits). */
export async function projectAll(
  db: Db,
  store: EventStore,
  projections: readonly Projection<Database>[],
  maxCount = 50,
): Promise<void> {
  for (const projection of projections) {
    await registerProjection(db, projection);
    for (;;) {
      const outcome = await projectBatch({ db, eventStore: store, projection, maxCount });
      if (outcome.kind !== 'advanced') break;
    }
  }
}

/**
 * Stops the writer, then appends a `TransferPosted` straight to the ledger stream at the next
 * revision: history today's writer would not write (stamped earlier than the rows before it),
 * for the tests of what the projections make of it.
 */
export async function appendTransferBehindWriter(
  fixture: LedgerFixture,
  legs: { debit: string; credit: string; asset: string; amount: string }[],
  postedAt: string,
): Promise<void> {
  await fixture.writer.stop();
  let revision = -1n;
  for await (const event of fixture.store.readStream('ledger', {
    direction: 'backwards',
    maxCount: 1,
  })) {
    revision = event.revision;
  }
  const commandId = randomUUID();
  await fixture.store.append(
    'ledger',
    [
      {
        id: randomUUID(),
        type: 'TransferPosted',
        data: { transferId: randomUUID(), legs, cause: 'internalTransfer', postedAt },
        metadata: { actor: 'system:test', commandId, causationId: commandId },
      },
    ],
    { expected: { kind: 'exact', revision } },
  );
}
