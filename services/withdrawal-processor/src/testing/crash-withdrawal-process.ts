// A process for the withdrawal SIGKILL tests: it runs a withdrawal (request, approval, projection,
// reconciliation) with its own ledger writer, and kills itself with SIGKILL the FAULT_AT-th time
// it reaches FAULT_POINT (no clean-up of any kind runs). It prints "finished" if it never does.
// It sends on the default chains (@ledger/chain's simulated chain, kept in the same Postgres).
import { createDb, createPool } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { createInProcessClient } from '@ledger/ledger-client';
import { ledgerBalancesProjection } from '@ledger/ledger-projections';
import { createLedgerWriter, withoutLock } from '@ledger/ledger-writer-core';
import { projectBatch } from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import {
  type CertifiedAddress,
  installWithdrawalFaultHook,
  type WithdrawalFaultPoint,
  type WithdrawalInput,
  withdrawalsProjection,
} from '@ledger/withdrawals-store';
import { createWithdrawalTestRunner } from './withdrawal-test-runner.ts';

const url = process.env.DATABASE_URL as string;
const faultPoint = process.env.FAULT_POINT as WithdrawalFaultPoint;
const faultAt = Number(process.env.FAULT_AT);
const input = JSON.parse(process.env.WITHDRAWAL_INPUT as string) as WithdrawalInput;
/** The certified address of the input's certification (what KYC answers in the product). */
const certified = JSON.parse(
  process.env.WITHDRAWAL_CERTIFIED_ADDRESS as string,
) as CertifiedAddress;

let hits = 0;
installWithdrawalFaultHook((point) => {
  if (point !== faultPoint) return;
  hits += 1;
  if (hits === faultAt) process.kill(process.pid, 'SIGKILL');
});

const db = createDb({ url, poolSizeMax: 4, applicationName: 'withdrawal-crash' });
const pool = createPool({ url, poolSizeMax: 4, applicationName: 'withdrawal-crash-writer' });
const store = createPostgresEventStore({ pool });
const writer = await createLedgerWriter({
  store,
  pool,
  leadership: withoutLock(),
  logger: silentLogger,
});
const runner = createWithdrawalTestRunner({
  db,
  eventStore: store,
  ledger: createInProcessClient(writer),
  logger: silentLogger,
  certifiedAddress: async () => certified,
});
const project = async () => {
  for (const projection of [ledgerBalancesProjection, withdrawalsProjection]) {
    for (;;) {
      const outcome = await projectBatch({ db, eventStore: store, projection, maxCount: 500 });
      if (outcome.kind !== 'advanced') break;
    }
  }
};

const { state } = await runner.request(input);
await runner.approve(state.request.withdrawalId, 1);
await project();
await runner.reconcile();
process.stdout.write('finished\n');
process.exit(0);
