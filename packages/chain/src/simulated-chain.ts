import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type {
  ChainAdapter,
  ChainBlock,
  ChainOutput,
  ChainTransaction,
  ChainTransactionStatus,
} from './chain-port.ts';

/**
 * The built-in simulated chain (the embedded default and the tests): deterministic, kept in
 * Postgres (migration 0008) so `npm start` survives restarts. Blocks are mined only when asked
 * (`mine`); a sent transaction waits in the mempool until the next block. `reorg(depth)` drops
 * the top `depth` blocks and mines `depth + 1` new ones (so the new branch is longer): the
 * dropped transactions vanish (a double spend), or with `keepTransactions` come back in the first
 * new block. `malleate` re-encodes a mempool transaction under a new txid with the same outputs
 * (T22). Hashes are SHA-256 over the chain, height, parent, a generation counter (bumped by each
 * reorg) and the txids, so the same history gives the same hashes.
 */

// biome-ignore lint/suspicious/noExplicitAny: the tables of migration 0008, typed by these queries.
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: same.
type Trx = Transaction<any>;

export type SimulatedSend = {
  address: string;
  memo?: string | null;
  /** Delivered to the address. */
  amount: string;
  /** Claimed by the transaction; defaults to `amount` (differs for a partial payment). */
  declaredAmount?: string;
  /** A failed transaction (reverted, or a token transfer that returned false). */
  failed?: boolean;
};

export type SimulatedChain = ChainAdapter & {
  /** Mines `count` blocks; the first takes the whole mempool. Returns the new tip height. */
  mine(count: number): Promise<number>;
  /** Puts a transaction paying one output into the mempool. */
  send(payment: SimulatedSend): Promise<{ txid: string }>;
  /** Replaces the top `depth` blocks by `depth + 1` new ones. */
  reorg(depth: number, options?: { keepTransactions?: boolean }): Promise<number>;
  /** Re-encodes a mempool transaction: a new txid, the same outputs. Returns the new txid. */
  malleate(txid: string): Promise<string>;
};

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

type StateRow = { generation: string; sent: string };

/** Locks the chain's state row (creating it and the genesis block first), for one change. */
async function lockChain(trx: Trx, chain: string): Promise<{ generation: number; sent: number }> {
  await sql`INSERT INTO simulated_chain_state (chain, generation, sent) VALUES (${chain}, 0, 0)
    ON CONFLICT (chain) DO NOTHING`.execute(trx);
  const { rows } = await sql<StateRow>`SELECT generation::text, sent::text
    FROM simulated_chain_state WHERE chain = ${chain} FOR UPDATE`.execute(trx);
  const row = rows[0];
  if (row === undefined) throw new Error(`simulated chain ${chain}: no state row`);
  await sql`INSERT INTO simulated_chain_blocks (chain, height, hash, parent_hash)
    VALUES (${chain}, 0, ${sha256(`${chain}:genesis`)}, ${'0'.repeat(64)})
    ON CONFLICT DO NOTHING`.execute(trx);
  return { generation: Number(row.generation), sent: Number(row.sent) };
}

async function tipOf(db: AnyDb | Trx, chain: string) {
  const { rows } = await sql<{ height: string; hash: string }>`SELECT height::text, hash
    FROM simulated_chain_blocks b WHERE chain = ${chain} ORDER BY b.height DESC LIMIT 1`.execute(
    db,
  );
  const row = rows[0];
  return row === undefined ? undefined : { height: Number(row.height), hash: row.hash };
}

type TransactionRow = {
  txid: string;
  block_height: string | null;
  status: 'success' | 'failed';
  outputs: ChainOutput[];
};

/** Mines `count` blocks on top of the tip inside `trx` (the first takes the mempool). */
async function mineIn(trx: Trx, chain: string, count: number, generation: number) {
  const tip = await tipOf(trx, chain);
  if (tip === undefined) throw new Error(`simulated chain ${chain}: no genesis`);
  const { rows: mempool } = await sql<{ txid: string }>`SELECT txid
    FROM simulated_chain_transactions WHERE chain = ${chain} AND block_height IS NULL
    ORDER BY sequence`.execute(trx);
  const blocks: { chain: string; height: number; hash: string; parent_hash: string }[] = [];
  let parent = tip.hash;
  for (let index = 1; index <= count; index += 1) {
    const height = tip.height + index;
    const txids = index === 1 ? mempool.map((row) => row.txid) : [];
    const hash = sha256(`${chain}:${height}:${parent}:${generation}:${txids.join(',')}`);
    blocks.push({ chain, height, hash, parent_hash: parent });
    parent = hash;
  }
  for (let start = 0; start < blocks.length; start += 1_000) {
    await trx
      .insertInto('simulated_chain_blocks')
      .values(blocks.slice(start, start + 1_000))
      .execute();
  }
  if (mempool.length > 0) {
    await sql`UPDATE simulated_chain_transactions SET block_height = ${tip.height + 1}
      WHERE chain = ${chain} AND block_height IS NULL`.execute(trx);
  }
  return tip.height + count;
}

export function createSimulatedChain(db: AnyDb, chain: string): SimulatedChain {
  const depositAddressOf = (accountSeq: number) =>
    `sim1${sha256(`${chain}:address:${accountSeq}`).slice(0, 38)}`;
  const sharedDepositAddress = () => `sim1${sha256(`${chain}:shared`).slice(0, 38)}`;
  /** Records `address` as one of the wallet's (migration 0029) and returns it. */
  const ownAddress = async (address: string, purpose: 'deposit' | 'shared' | 'treasury') => {
    await sql`INSERT INTO simulated_chain_wallet_addresses (chain, address, purpose)
      VALUES (${chain}, ${address}, ${purpose}) ON CONFLICT DO NOTHING`.execute(db);
    return address;
  };
  const blockHashAt = async (height: number) => {
    const { rows } = await sql<{ hash: string }>`SELECT hash FROM simulated_chain_blocks
      WHERE chain = ${chain} AND height = ${height}`.execute(db);
    return rows[0]?.hash;
  };
  const transactionOf = (row: TransactionRow): ChainTransactionStatus => ({
    txid: row.txid,
    blockHeight: row.block_height === null ? null : Number(row.block_height),
    status: row.status,
    outputs: row.outputs,
  });
  const send = async (
    outputs: Omit<ChainOutput, 'index'>[],
    status: 'success' | 'failed',
    transferId: string | null = null,
  ) =>
    db.transaction().execute(async (trx) => {
      const state = await lockChain(trx, chain);
      if (transferId !== null) {
        // The same transfer again: the transaction already sent (its txid may have changed).
        const { rows } = await sql<{ txid: string }>`SELECT txid FROM simulated_chain_transactions
          WHERE chain = ${chain} AND transfer_id = ${transferId}`.execute(trx);
        if (rows[0] !== undefined) return { txid: rows[0].txid };
      }
      const sequence = state.sent + 1;
      const indexed = outputs.map((output, index) => ({ index, ...output }));
      const txid = sha256(`${chain}:tx:${sequence}:${JSON.stringify(indexed)}`);
      await sql`INSERT INTO simulated_chain_transactions
        (chain, txid, block_height, sequence, status, outputs, transfer_id)
        VALUES (${chain}, ${txid}, NULL, ${sequence}, ${status}, ${JSON.stringify(indexed)}::jsonb,
          ${transferId})`.execute(trx);
      await sql`UPDATE simulated_chain_state SET sent = ${sequence} WHERE chain = ${chain}`.execute(
        trx,
      );
      return { txid };
    });
  return {
    chain,
    async tip() {
      return tipOf(db, chain);
    },
    blockHashAt,
    async blockAt(height): Promise<ChainBlock | undefined> {
      const { rows } = await sql<{ hash: string; parent_hash: string }>`SELECT hash, parent_hash
        FROM simulated_chain_blocks WHERE chain = ${chain} AND height = ${height}`.execute(db);
      const block = rows[0];
      if (block === undefined) return undefined;
      const { rows: transactions } = await sql<TransactionRow>`SELECT txid,
        block_height::text, status, outputs FROM simulated_chain_transactions
        WHERE chain = ${chain} AND block_height = ${height} ORDER BY sequence`.execute(db);
      return {
        height,
        hash: block.hash,
        parentHash: block.parent_hash,
        transactions: transactions.map(
          (row): ChainTransaction => ({
            txid: row.txid,
            status: row.status,
            outputs: row.outputs,
          }),
        ),
      };
    },
    async transaction(txid) {
      const { rows } = await sql<TransactionRow>`SELECT txid, block_height::text, status, outputs
        FROM simulated_chain_transactions WHERE chain = ${chain} AND txid = ${txid}`.execute(db);
      const row = rows[0];
      return row === undefined ? undefined : transactionOf(row);
    },
    async findOutputs(query) {
      const { rows } = await sql<TransactionRow>`SELECT txid, block_height::text, status, outputs
        FROM simulated_chain_transactions t
        WHERE chain = ${chain} AND block_height >= ${query.fromHeight} AND status = 'success'
        ORDER BY t.block_height, t.sequence`.execute(db);
      return rows.flatMap((row) =>
        row.outputs
          .filter(
            (output) =>
              output.address === query.address &&
              output.amount === query.amount &&
              (query.memo === undefined || output.memo === query.memo),
          )
          .map((output) => ({
            txid: row.txid,
            blockHeight: Number(row.block_height),
            index: output.index,
          })),
      );
    },
    async broadcast(transfer) {
      return send(
        transfer.outputs.map((output) => ({ ...output, declaredAmount: output.amount })),
        'success',
        transfer.transferId,
      );
    },
    depositAddressOf,
    sharedDepositAddress,
    issueDepositAddress(accountSeq) {
      return ownAddress(depositAddressOf(accountSeq), 'deposit');
    },
    issueSharedDepositAddress() {
      return ownAddress(sharedDepositAddress(), 'shared');
    },
    treasuryAddress() {
      return ownAddress(`sim1${sha256(`${chain}:treasury`).slice(0, 38)}`, 'treasury');
    },
    async walletActivity() {
      const { rows: received } = await sql<{ received: string }>`SELECT
        coalesce(sum((o.output ->> 'amount')::numeric), 0)::text AS received
        FROM simulated_chain_transactions t
        CROSS JOIN LATERAL jsonb_array_elements(t.outputs) AS o(output)
        JOIN simulated_chain_wallet_addresses w
          ON w.chain = t.chain AND w.address = o.output ->> 'address'
       WHERE t.chain = ${chain} AND t.block_height IS NOT NULL
         AND t.status = 'success'`.execute(db);
      const { rows: sends } = await sql<{ transfer_id: string; amount: string }>`SELECT
        t.transfer_id,
        (SELECT coalesce(sum((o.output ->> 'amount')::numeric), 0)
           FROM jsonb_array_elements(t.outputs) AS o(output))::text AS amount
        FROM simulated_chain_transactions t
       WHERE t.chain = ${chain} AND t.transfer_id IS NOT NULL AND t.status = 'success'
       ORDER BY t.sequence`.execute(db);
      return {
        received: received[0]?.received ?? '0',
        sends: sends.map((row) => ({ transferId: row.transfer_id, amount: row.amount })),
      };
    },
    async mine(count) {
      return db.transaction().execute(async (trx) => {
        const state = await lockChain(trx, chain);
        return mineIn(trx, chain, count, state.generation);
      });
    },
    async send(payment) {
      return send(
        [
          {
            address: payment.address,
            memo: payment.memo ?? null,
            amount: payment.amount,
            declaredAmount: payment.declaredAmount ?? payment.amount,
          },
        ],
        payment.failed === true ? 'failed' : 'success',
      );
    },
    async reorg(depth, options = {}) {
      return db.transaction().execute(async (trx) => {
        const state = await lockChain(trx, chain);
        const tip = await tipOf(trx, chain);
        if (tip === undefined || depth < 1 || depth > tip.height) {
          throw new RangeError(`a reorg of depth ${depth} needs 1..${tip?.height ?? 0}`);
        }
        const fork = tip.height - depth;
        if (options.keepTransactions === true) {
          await sql`UPDATE simulated_chain_transactions SET block_height = NULL
            WHERE chain = ${chain} AND block_height > ${fork}`.execute(trx);
        } else {
          await sql`DELETE FROM simulated_chain_transactions
            WHERE chain = ${chain} AND block_height > ${fork}`.execute(trx);
        }
        await sql`DELETE FROM simulated_chain_blocks WHERE chain = ${chain} AND height > ${fork}`.execute(
          trx,
        );
        const generation = state.generation + 1;
        await sql`UPDATE simulated_chain_state SET generation = ${generation}
          WHERE chain = ${chain}`.execute(trx);
        return mineIn(trx, chain, depth + 1, generation);
      });
    },
    async malleate(txid) {
      return db.transaction().execute(async (trx) => {
        await lockChain(trx, chain);
        const { rows } = await sql<TransactionRow & { sequence: string }>`SELECT txid,
          block_height::text, status, outputs, sequence::text FROM simulated_chain_transactions
          WHERE chain = ${chain} AND txid = ${txid} FOR UPDATE`.execute(trx);
        const row = rows[0];
        if (row === undefined || row.block_height !== null) {
          throw new RangeError(`${txid} is not in the mempool`);
        }
        const malleated = sha256(`${chain}:malleated:${txid}`);
        await sql`UPDATE simulated_chain_transactions SET txid = ${malleated}
          WHERE chain = ${chain} AND txid = ${txid}`.execute(trx);
        return malleated;
      });
    },
  };
}
