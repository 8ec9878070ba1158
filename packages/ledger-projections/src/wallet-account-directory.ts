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

export function createWalletAccountDirectory(
  db: AnyDb,
  options: { cacheSizeMax?: number } = {},
): WalletAccountDirectory {
  const cacheSizeMax = options.cacheSizeMax ?? 100_000;
  const accounts = new Map<number, WalletAccountFacts>();
  const scales = new Map<string, number>();
  const remember = (facts: WalletAccountFacts) => {
    if (accounts.size >= cacheSizeMax) {
      // Oldest first: Map keeps insertion order.
      const oldest = accounts.keys().next();
      if (!oldest.done) accounts.delete(oldest.value);
    }
    accounts.set(facts.seq, facts);
  };
  const bySeq = async (seq: number) => {
    const cached = accounts.get(seq);
    if (cached !== undefined) return cached;
    const { rows } = await sql<{
      account: string;
      member_seq: string;
      asset: string;
      decimal_point: number;
    }>`SELECT account, member_seq::text, asset, decimal_point FROM ledger_accounts
        WHERE seq = ${seq} AND kind = 'member'`.execute(db);
    const row = rows[0];
    if (row === undefined) return undefined;
    const facts = {
      account: row.account,
      seq,
      memberSeq: Number(row.member_seq),
      asset: row.asset,
      decimalPoint: row.decimal_point,
    };
    remember(facts);
    return facts;
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
