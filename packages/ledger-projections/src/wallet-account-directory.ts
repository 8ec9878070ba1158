import { type Kysely, sql } from 'kysely';
import { seqOfAccountNumber } from './account-identity.ts';

/**
 * What the write API needs to know about a wallet account before it hands a command to the
 * writer: which ledger account a seq names, who owns it, its asset and scale. These never change
 * once an account is opened, so they are cached (bounded); the ledger itself still decides
 * everything that can change (status, balance). Reads go to the primary (T26): a missing row is
 * a 404, never a decision.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type WalletAccountFacts = {
  account: string;
  seq: number;
  memberSeq: number;
  asset: string;
  decimalPoint: number;
};

export type WalletAccountDirectory = {
  bySeq(seq: number): Promise<WalletAccountFacts | undefined>;
  byAccountNumber(accountNumber: string): Promise<WalletAccountFacts | undefined>;
  /** The decimal_point the ledger froze for an asset, or undefined for an asset it never saw. */
  assetScale(asset: string): Promise<number | undefined>;
  /** A just-opened account, known before the projection shows it. */
  remember(facts: WalletAccountFacts): void;
  /** A new account seq (a Postgres sequence, taken before the OpenAccount decision). */
  nextSeq(): Promise<number>;
};

type FactsRow = {
  account: string;
  seq: string;
  member_seq: string;
  asset: string;
  decimal_point: number;
};

function factsOf(row: FactsRow): WalletAccountFacts {
  return {
    account: row.account,
    seq: Number(row.seq),
    memberSeq: Number(row.member_seq),
    asset: row.asset,
    decimalPoint: row.decimal_point,
  };
}

/**
 * `bySeq` answers from the cache when it can; the misses of one event-loop turn are read in one
 * query (`seq = ANY`), and a seq already being read joins that read. The first miss also starts,
 * in the background, one read of the newest `cacheSizeMax` accounts (a fresh process would
 * otherwise send a query per account it has not seen: 2–3 per request in the benchmark's first
 * seconds). A failed read fails only the lookups it carried.
 */
export function createWalletAccountDirectory(
  db: AnyDb,
  options: { cacheSizeMax?: number; warm?: boolean } = {},
): WalletAccountDirectory {
  const cacheSizeMax = options.cacheSizeMax ?? 100_000;
  const accounts = new Map<number, WalletAccountFacts>();
  const scales = new Map<string, number>();
  const remember = (facts: WalletAccountFacts) => {
    if (accounts.has(facts.seq)) return;
    if (accounts.size >= cacheSizeMax) {
      // Oldest first: Map keeps insertion order.
      const oldest = accounts.keys().next();
      if (!oldest.done) accounts.delete(oldest.value);
    }
    accounts.set(facts.seq, facts);
  };
  let warming = options.warm === false;
  const warm = () => {
    warming = true;
    void sql<FactsRow>`SELECT account, seq::text, member_seq::text, asset, decimal_point
        FROM ledger_accounts WHERE kind = 'member' ORDER BY seq DESC LIMIT ${cacheSizeMax}`
      .execute(db)
      .then(
        ({ rows }) => {
          // Oldest first, so the newest are the last to be dropped.
          for (let index = rows.length - 1; index >= 0; index -= 1) {
            remember(factsOf(rows[index] as FactsRow));
          }
        },
        () => {
          // Only a head start: every miss is still read on its own.
        },
      );
  };
  type Lookup = Promise<WalletAccountFacts | undefined>;
  let pending = new Map<
    number,
    {
      promise: Lookup;
      resolve(facts: WalletAccountFacts | undefined): void;
      reject(error: unknown): void;
    }
  >();
  const reading = new Map<number, Lookup>();
  const readPending = () => {
    const taken = pending;
    pending = new Map();
    const seqs = [...taken.keys()];
    for (const seq of seqs) reading.set(seq, (taken.get(seq) as { promise: Lookup }).promise);
    sql<FactsRow>`SELECT account, seq::text, member_seq::text, asset, decimal_point
        FROM ledger_accounts WHERE seq = ANY(${seqs}::bigint[]) AND kind = 'member'`
      .execute(db)
      .then(
        ({ rows }) => {
          const found = new Map<number, WalletAccountFacts>();
          for (const row of rows) {
            const facts = factsOf(row);
            remember(facts);
            found.set(facts.seq, facts);
          }
          for (const [seq, lookup] of taken) {
            reading.delete(seq);
            lookup.resolve(found.get(seq));
          }
        },
        (error: unknown) => {
          for (const [seq, lookup] of taken) {
            reading.delete(seq);
            lookup.reject(error);
          }
        },
      );
  };
  const bySeq = (seq: number): Lookup => {
    const cached = accounts.get(seq);
    if (cached !== undefined) return Promise.resolve(cached);
    if (!Number.isSafeInteger(seq) || seq <= 0) return Promise.resolve(undefined);
    const joined = reading.get(seq) ?? pending.get(seq)?.promise;
    if (joined !== undefined) return joined;
    if (!warming) warm();
    if (pending.size === 0) setImmediate(readPending);
    let resolve!: (facts: WalletAccountFacts | undefined) => void;
    let reject!: (error: unknown) => void;
    const promise: Lookup = new Promise((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    pending.set(seq, { promise, resolve, reject });
    return promise;
  };
  return {
    bySeq,
    byAccountNumber: async (accountNumber) => {
      const seq = seqOfAccountNumber(accountNumber);
      return seq === undefined ? undefined : bySeq(seq);
    },
    assetScale: async (asset) => {
      const cached = scales.get(asset);
      if (cached !== undefined) return cached;
      const { rows } = await sql<{ decimal_point: number }>`SELECT decimal_point
        FROM ledger_asset_totals WHERE asset = ${asset}`.execute(db);
      const scale = rows[0]?.decimal_point;
      if (scale !== undefined) scales.set(asset, scale);
      return scale;
    },
    remember,
    nextSeq: async () => {
      const { rows } = await sql<{
        seq: string;
      }>`SELECT nextval('ledger_account_seq')::text AS seq`.execute(db);
      return Number(rows[0]?.seq);
    },
  };
}
