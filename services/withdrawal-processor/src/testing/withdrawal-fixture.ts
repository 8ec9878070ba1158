import { randomUUID } from 'node:crypto';
import { createSimulatedChain, type SimulatedChain } from '@ledger/chain';
import { createPool, type Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { systemAccountId, systemRoles } from '@ledger/ledger';
import {
  createInProcessClient,
  type LedgerCommandInput,
  type LedgerWriterClient,
} from '@ledger/ledger-client';
import { ledgerBalancesProjection, memberIdOf, walletAccountId } from '@ledger/ledger-projections';
import { createLedgerWriter, type LedgerWriter, withoutLock } from '@ledger/ledger-writer-core';
import { type Projection, projectBatch, registerProjection } from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import {
  type CertifiedAddress,
  type WithdrawalInput,
  withdrawalsProjection,
} from '@ledger/withdrawals-store';
import { sql } from 'kysely';
import type pg from 'pg';
import type { WithdrawalChain } from '../chain-port.ts';
import { simulatedBankChainOf } from '../chain-withdrawals.ts';
import { createWithdrawalTestRunner, type WithdrawalTestRunner } from './withdrawal-test-runner.ts';

type FixtureAddress = {
  toAddress?: string | undefined;
  bankCode?: string | null | undefined;
  holderName?: string | null | undefined;
};

/** Integration-test helpers (not shipped): a real ledger writer, event store, projections and runner. */

export type WithdrawalFixture = {
  db: Db;
  pool: pg.Pool;
  store: EventStore;
  writer: LedgerWriter;
  ledger: LedgerWriterClient;
  /** The Postgres simulated chain an asset without a plug-in is sent on (what the runner uses). */
  bankChain(asset: string): SimulatedChain;
  /** The transactions on any simulated chain that carry one of a withdrawal's transfer ids. */
  chainTransactions(
    withdrawalId: string,
  ): Promise<{ chain: string; txid: string; transferId: string; outputs: number }[]>;
  /**
   * Fresh commands and a fresh processor (what a restarted process builds), on the default chains
   * unless given one: each command is recorded, then the processor takes the steps.
   */
  runner(options?: { chain?: WithdrawalChain }): WithdrawalTestRunner;
  accept(command: LedgerCommandInput): Promise<void>;
  /** Applies every event there is to the ledger and withdrawal projections. */
  project(): Promise<void>;
  /** Opens wallet account `seq` of `memberSeq` and funds it from chain clearing. */
  fundedAccount(
    seq: number,
    memberSeq: number,
    asset: string,
    decimalPoint: number,
    amount: string,
  ): Promise<void>;
  /**
   * A withdrawal request of `memberSeq`, to a certified address the fixture records for it
   * (`toAddress`, default `sim-address-<memberSeq>`, holder Alice Kim): the same address of the
   * same member is the same certification.
   */
  input(
    memberSeq: number,
    accountSeq: number,
    amount: string,
    extra?: Partial<WithdrawalInput> & FixtureAddress,
  ): WithdrawalInput;
  /** The certified address a certification seq of `input` stands for (what KYC would answer). */
  certification(seq: number): CertifiedAddress & { memberSeq: number };
  /** Ledger events of a type whose data matches. */
  ledgerEvents(type: string): Promise<Record<string, unknown>[]>;
  balance(account: string): Promise<{ balance: string; held: string }>;
  close(): Promise<void>;
};

export async function startWithdrawalFixture(url: string, db: Db): Promise<WithdrawalFixture> {
  const pool = createPool({ url, poolSizeMax: 8, applicationName: 'withdrawal-test' });
  const store = createPostgresEventStore({ pool });
  const writer = await createLedgerWriter({
    store,
    pool,
    leadership: withoutLock(),
    logger: silentLogger,
  });
  const ledger = createInProcessClient(writer);
  const accept = async (command: LedgerCommandInput) => {
    const result = await ledger.submit({ commandId: randomUUID(), actor: 'system:test', command });
    if (result.kind !== 'answered' || result.answer.kind !== 'accepted') {
      throw new Error(`not accepted: ${JSON.stringify(result)}`);
    }
  };
  const projections: Projection[] = [ledgerBalancesProjection, withdrawalsProjection];
  for (const projection of projections) await registerProjection(db, projection);
  const opened = new Set<string>();
  const certifications = new Map<number, CertifiedAddress & { memberSeq: number }>();
  const certificationOf = (seq: number) => {
    const found = certifications.get(seq);
    if (found === undefined) throw new Error(`no certification ${seq} in the fixture`);
    return found;
  };
  const fixture: WithdrawalFixture = {
    db,
    pool,
    store,
    writer,
    ledger,
    bankChain: (asset) => createSimulatedChain(db, simulatedBankChainOf(asset)),
    async chainTransactions(withdrawalId) {
      const { rows } = await sql<{
        chain: string;
        txid: string;
        transfer_id: string;
        outputs: number;
      }>`SELECT chain, txid, transfer_id, jsonb_array_length(outputs) AS outputs
        FROM simulated_chain_transactions
        WHERE transfer_id LIKE ${`withdrawal:${withdrawalId}:%`} ORDER BY chain, sequence`.execute(
        db,
      );
      return rows.map((row) => ({
        chain: row.chain,
        txid: row.txid,
        transferId: row.transfer_id,
        outputs: Number(row.outputs),
      }));
    },
    runner: (runnerOptions = {}) =>
      createWithdrawalTestRunner({
        db,
        eventStore: store,
        ledger,
        chain: runnerOptions.chain,
        logger: silentLogger,
        certifiedAddress: async (memberSeq, seq) => {
          const found = certifications.get(seq);
          return found === undefined || found.memberSeq !== memberSeq ? undefined : found;
        },
      }),
    accept,
    async project() {
      for (const projection of projections) {
        for (;;) {
          const outcome = await projectBatch({ db, eventStore: store, projection, maxCount: 500 });
          if (outcome.kind !== 'advanced') break;
        }
      }
    },
    async fundedAccount(seq, memberSeq, asset, decimalPoint, amount) {
      if (!opened.has(asset)) {
        opened.add(asset);
        for (const systemRole of systemRoles) {
          await accept({
            type: 'OpenAccount',
            data: {
              account: systemAccountId(systemRole, asset),
              asset,
              decimalPoint,
              kind: 'system',
              systemRole,
            },
          });
        }
      }
      const account = walletAccountId(seq);
      await accept({
        type: 'OpenAccount',
        data: { account, asset, decimalPoint, kind: 'member', memberId: memberIdOf(memberSeq) },
      });
      await accept({
        type: 'PostTransfer',
        data: {
          transferId: randomUUID(),
          legs: [
            { debit: systemAccountId('chainClearing', asset), credit: account, asset, amount },
          ],
          cause: 'deposit',
        },
      });
    },
    input(memberSeq, accountSeq, amount, extra = {}) {
      const { toAddress, bankCode, holderName, ...rest } = extra;
      const address = {
        memberSeq,
        address: toAddress ?? `sim-address-${memberSeq}`,
        bankCode: bankCode ?? null,
        holderName: holderName === undefined ? 'Alice Kim' : holderName,
      };
      let seq = [...certifications].find(
        ([, known]) => JSON.stringify(known) === JSON.stringify(address),
      )?.[0];
      if (seq === undefined) {
        seq = certifications.size + 1;
        certifications.set(seq, address);
      }
      return {
        memberSeq,
        idempotencyKey: randomUUID(),
        accountSeq,
        amount,
        memo: null,
        addressCertificationSeq: seq,
        feeAccountSeq: null,
        requestId: randomUUID(),
        ...rest,
      };
    },
    certification: certificationOf,
    async ledgerEvents(type) {
      const { rows } = await sql<{ data: Record<string, unknown> }>`SELECT data FROM es_events
        WHERE stream_id = 'ledger' AND event_type = ${type} ORDER BY stream_revision`.execute(db);
      return rows.map((row) => row.data);
    },
    async balance(account) {
      await fixture.project();
      const { rows } = await sql<{ balance: string; held: string }>`SELECT balance::text, held::text
        FROM ledger_accounts WHERE account = ${account}`.execute(db);
      const row = rows[0];
      if (row === undefined) throw new Error(`no account ${account}`);
      return row;
    },
    async close() {
      await writer.stop();
      await store.close();
      await pool.end();
    },
  };
  return fixture;
}
