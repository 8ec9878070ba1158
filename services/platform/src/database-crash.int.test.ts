// Proves T8 (reliability guide): PostgreSQL SIGKILLed under ledger load, with the writer and the projector running as deployed, loses nothing acknowledged and half-applies nothing: after crash recovery every acknowledged transfer is in the ledger exactly once and its retry gets the original answer, unacknowledged ones apply at most once, the replayed books match the answers and sum to zero, and the restarted projector catches up to read models the auditor finds equal to a rebuild.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createDb, type Db, migrateToLatest } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { parseAmount, systemAccountId } from '@ledger/ledger';
import { balancesAfterAccepted, moneyBalances } from '@ledger/ledger/testing';
import {
  createSocketClient,
  type LedgerAnswer,
  type LedgerSubmission,
  type SubmitResult,
} from '@ledger/ledger-client';
import { ledgerBalancesProjectionName, replayLedger } from '@ledger/ledger-projections';
import { killCluster, type LocalPostgres, startLocalPostgres } from '@ledger/local-postgres';
import { waitForPosition } from '@ledger/projection-runner';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { committedHead } from './testing/committed-head.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const asset = 'BTC';
const decimalPoint = 8;
const chainClearing = systemAccountId('chainClearing', asset);
const feeRevenue = systemAccountId('feeRevenue', asset);
const members = Array.from({ length: 16 }, (_, index) => `t8-${index}`);
const fundedCoins = 1_000n;
const workers = 32;
const unit = 10n ** BigInt(decimalPoint);

type Sent = { submission: LedgerSubmission; result: SubmitResult };

test('T8: PostgreSQL killed under load loses no acknowledged transfer and half-applies none', {
  timeout: 240_000,
}, async () => {
  const scratch = mkdtempSync(join(tmpdir(), 't8-'));
  const dataDir = join(scratch, 'cluster');
  const socketPath = join(scratch, 'writer.sock');
  const children: ChildProcess[] = [];
  let postgres: LocalPostgres | undefined;
  try {
    postgres = await startLocalPostgres({ dataDir, persistent: true, watchdog: false });
    const port = postgres.port;
    const url = postgres.url;
    await withDb(url, migrateToLatest);

    // The tier as deployed: the writer on its socket, the projector; load until the kill.
    children.push(
      await startService('ledger-writer', url, socketPath),
      await startService('projector', url),
    );
    await seed(socketPath);
    const sent = await driveAndKill(socketPath, dataDir);
    // Whatever the services did on losing their database, the supervisor restarts the tier.
    for (const child of children.splice(0)) await stopProcess(child);

    postgres = await restartPostgres(dataDir, port);
    children.push(
      await startService('ledger-writer', url, socketPath),
      await startService('projector', url),
    );
    const answers = await checkRecovery(socketPath, sent);

    const store = createPostgresEventStore({ url, poolSizeMax: 2 });
    try {
      // Every command in the log once: no acknowledged one lost, none appended twice.
      const runs = new Map<string, number>();
      let previous: string | undefined;
      for await (const event of store.readStream('ledger')) {
        const key = `${String(event.metadata.actor)}\u0000${String(event.metadata.commandId)}`;
        if (key !== previous) runs.set(key, (runs.get(key) ?? 0) + 1);
        previous = key;
      }
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      for (const each of sent) {
        expect(runs.get(`${each.submission.actor}\u0000${each.submission.commandId}`)).toBe(1);
      }
      const replay = await replayLedger(store);
      if (!replay.ok) throw new Error(`the replay broke an invariant: ${replay.error}`);
      const balances = moneyBalances(replay.state);
      expect(balances).toEqual(expectedBalances(answers, sent));
      // The restarted projector catches up: the live accounts equal the replay.
      await withDb(url, async (db) => {
        const head = await committedHead(db);
        if (head === undefined) throw new Error('no events');
        const caughtUp = await waitForPosition(db, {
          projections: ledgerBalancesProjectionName,
          position: head,
          timeoutMs: 60_000,
        });
        expect(caughtUp).toBe(true);
        const { rows } = await sql<{ account: string; balance: string }>`
          SELECT account, balance::text AS balance FROM ledger_accounts
           WHERE kind <> 'limit'`.execute(db);
        const live = new Map(
          rows.map((row) => [row.account, parseAmount(row.balance, decimalPoint, 'any')]),
        );
        expect(live).toEqual(balances);
      });
    } finally {
      await store.close();
    }
    for (const child of children.splice(0)) await stopProcess(child);

    // The auditor: hash chain, replay, live books, and every projection rebuilt and compared.
    const audit = await promisify(execFile)(
      process.execPath,
      [join(root, 'scripts', 'auditor.ts'), '--database-url', url],
      { env: { PATH: process.env.PATH ?? '' }, maxBuffer: 16 * 1024 * 1024 },
    );
    expect(audit.stdout).toContain('rebuild: ok');
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await postgres?.stop().catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  }
});

async function withDb<T>(url: string, use: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb({ url });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** A service's deployable entry point (src/main.ts), resolved once it logs that it is up. */
async function startService(
  name: 'ledger-writer' | 'projector',
  url: string,
  socketPath?: string,
): Promise<ChildProcess> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATABASE_URL: url };
  if (socketPath !== undefined) {
    rmSync(socketPath, { force: true });
    env.LEDGER_WRITER_LISTEN = `unix:${socketPath}`;
    env.LEDGER_WRITER_EXPIRY = 'off';
  }
  const ready = name === 'ledger-writer' ? 'ledger writer listening' : 'projector starting';
  const child = spawn(process.execPath, [join(root, 'services', name, 'src', 'main.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
      if (output.includes(ready)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}: ${output}`)));
  });
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

function submission(commandId: string, command: LedgerSubmission['command']): LedgerSubmission {
  return { commandId, actor: 'system:test', command };
}

function coins(amount: bigint): string {
  return `${amount}.${'0'.repeat(decimalPoint)}`;
}

/** Chain clearing, fee revenue and the members' accounts, each member funded. */
async function seed(socketPath: string): Promise<void> {
  const client = createSocketClient({ address: { path: socketPath } });
  try {
    const open = (account: string, data: Record<string, unknown>) =>
      client.submit(
        submission(`open-${account}`, {
          type: 'OpenAccount',
          data: { account, asset, decimalPoint, ...data },
        } as LedgerSubmission['command']),
      );
    const opened = await Promise.all([
      open(chainClearing, { kind: 'system', systemRole: 'chainClearing' }),
      open(feeRevenue, { kind: 'system', systemRole: 'feeRevenue' }),
      ...members.map((member) => open(member, { kind: 'member', memberId: `member-${member}` })),
    ]);
    const funded = await Promise.all(
      members.map((member) =>
        client.submit(
          submission(`fund-${member}`, {
            type: 'PostTransfer',
            data: {
              transferId: `fund-${member}`,
              legs: [{ debit: chainClearing, credit: member, asset, amount: coins(fundedCoins) }],
              cause: 'deposit',
            },
          }),
        ),
      ),
    );
    for (const result of [...opened, ...funded]) {
      expect(result).toMatchObject({ kind: 'answered', answer: { kind: 'accepted' } });
    }
  } finally {
    await client.close();
  }
}

/**
 * Closed-loop transfers over the writer's socket; once 1,500 are acknowledged, every PostgreSQL
 * process is SIGKILLed at once (the postmaster and its backends: the database's host dying), and
 * the load goes on until every worker has seen a request fail.
 */
async function driveAndKill(socketPath: string, dataDir: string): Promise<Sent[]> {
  const client = createSocketClient({ address: { path: socketPath }, timeoutMs: 3_000 });
  const sent: Sent[] = [];
  let next = 0;
  let acknowledged = 0;
  let killed = false;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (;;) {
        next += 1;
        const submission = randomTransfer(next);
        const result = await client.submit(submission);
        sent.push({ submission, result });
        if (result.kind !== 'answered') return;
        acknowledged += 1;
        if (!killed && acknowledged >= 1_500) {
          killed = true;
          killCluster(dataDir);
        }
        if (next > 200_000) throw new Error('the load never saw the database go');
      }
    }),
  );
  await client.close();
  expect(killed).toBe(true);
  return sent;
}

/** Crash recovery on the same cluster and port, once the killed processes are gone. */
async function restartPostgres(dataDir: string, port: number): Promise<LocalPostgres> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      return await startLocalPostgres({ dataDir, port, persistent: true, watchdog: false });
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw lastError;
}

function randomTransfer(index: number): LedgerSubmission {
  // A fixed pattern (no randomness needed): every pair of members, 30 % with a fee.
  const from = members[index % members.length] as string;
  const to = members[(index * 7 + 3) % members.length] as string;
  const target = to === from ? (members[(index + 1) % members.length] as string) : to;
  const legs = [{ debit: from, credit: target, asset, amount: coins(1n) }];
  if (index % 10 < 3) legs.push({ debit: from, credit: feeRevenue, asset, amount: coins(1n) });
  return {
    commandId: `t8-${index}`,
    actor: `member:${members.indexOf(from)}`,
    command: {
      type: 'PostTransfer',
      data: { transferId: `t8-transfer-${index}`, legs, cause: 'internalTransfer' },
    },
  };
}

/**
 * Every acknowledged command's retry gets the very same answer, replayed; every unacknowledged
 * one is settled by a retry (applied once, or found applied) and a second retry replays that.
 * Every command is in the log at most once. Returns the settled answers.
 */
async function checkRecovery(socketPath: string, sent: Sent[]): Promise<LedgerAnswer[]> {
  const client = createSocketClient({ address: { path: socketPath }, timeoutMs: 30_000 });
  try {
    const acknowledged = sent.filter((each) => each.result.kind === 'answered');
    const indeterminate = sent.filter((each) => each.result.kind !== 'answered');
    expect(acknowledged.length).toBeGreaterThanOrEqual(1_500);
    expect(indeterminate.length).toBeGreaterThan(0);
    const retries = await Promise.all(acknowledged.map((each) => client.submit(each.submission)));
    retries.forEach((retry, index) => {
      expect(retry).toMatchObject({ kind: 'answered', replayed: true });
      expect(answerOf(retry)).toEqual(answerOf((acknowledged[index] as Sent).result));
    });
    const settled = await Promise.all(indeterminate.map((each) => client.submit(each.submission)));
    const again = await Promise.all(indeterminate.map((each) => client.submit(each.submission)));
    again.forEach((retry, index) => {
      expect(retry).toMatchObject({ kind: 'answered', replayed: true });
      expect(answerOf(retry)).toEqual(answerOf(settled[index] as SubmitResult));
    });
    return [...retries, ...settled].map(answerOf);
  } finally {
    await client.close();
  }
}

function answerOf(result: SubmitResult): LedgerAnswer {
  if (result.kind !== 'answered') throw new Error(`expected an answer: ${JSON.stringify(result)}`);
  return result.answer;
}

/** The model: the funding, then every accepted transfer's legs. */
function expectedBalances(answers: LedgerAnswer[], sent: Sent[]): Map<string, bigint> {
  const funded = fundedCoins * unit;
  const opening = new Map<string, bigint>([
    [chainClearing, -funded * BigInt(members.length)],
    [feeRevenue, 0n],
    ...members.map((member) => [member, funded] as const),
  ]);
  const commands = new Map(
    sent.map((each) => [each.submission.commandId, each.submission.command]),
  );
  return balancesAfterAccepted(opening, answers, commands, decimalPoint);
}
