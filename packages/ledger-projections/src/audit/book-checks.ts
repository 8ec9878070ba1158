import { type Kysely, sql } from 'kysely';
import { accountTransferRowPredicate } from '../account-transfer-queries.ts';

/**
 * The live books, checked in one snapshot: per asset, every money account's balances sum to zero;
 * no member account (nor any system account but chain clearing and adjustment equity) has a
 * negative balance or available balance; the per-asset totals agree with the accounts; each
 * account's count of its log rows (its log pages' total) is the number of rows the log has on it;
 * each row's ordinal on each side's account is its place in that account's log (entry order), and
 * an account that claims its rows came in time order has no row earlier than one before it (the
 * two facts a date range's total is read from); each asset's count of its account-transfer rows
 * (the account-transfer list's total) is the number the log has.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type BookProblem =
  | { kind: 'asset_not_zero'; asset: string; sum: string }
  | { kind: 'negative_balance'; account: string; balance: string; held: string }
  | { kind: 'totals_disagree'; asset: string }
  | { kind: 'log_rows_disagree'; account: string; kept: string; counted: string }
  | {
      kind: 'log_ordinals_disagree';
      account: string;
      entry: string;
      kept: string | null;
      counted: string;
    }
  | { kind: 'log_order_disagrees'; account: string; kept: boolean; counted: boolean }
  | { kind: 'account_transfers_disagree'; asset: string; kept: string; counted: string };

export async function checkLiveBooks(
  db: AnyDb,
): Promise<{ problems: BookProblem[]; accounts: number }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const problems: BookProblem[] = [];
      const { rows: sums } = await sql<{ asset: string; sum: string }>`
        SELECT asset, sum(balance)::text AS sum FROM ledger_accounts WHERE kind <> 'limit'
         GROUP BY asset HAVING sum(balance) <> 0 ORDER BY asset`.execute(trx);
      for (const row of sums)
        problems.push({ kind: 'asset_not_zero', asset: row.asset, sum: row.sum });
      const { rows: negatives } = await sql<{ account: string; balance: string; held: string }>`
        SELECT account, balance::text, held::text FROM ledger_accounts
         WHERE kind <> 'limit' AND NOT is_negative_allowed
           AND (balance < 0 OR held < 0 OR balance - held < 0)
         ORDER BY account LIMIT 100`.execute(trx);
      for (const row of negatives) problems.push({ kind: 'negative_balance', ...row });
      const { rows: disagreeing } = await sql<{ asset: string }>`
        SELECT t.asset FROM ledger_asset_totals t LEFT JOIN (
          SELECT asset, sum(balance) FILTER (WHERE kind = 'member') AS members,
                 sum(held) FILTER (WHERE kind = 'member') AS held,
                 sum(balance) FILTER (WHERE kind = 'system') AS systems
            FROM ledger_accounts WHERE kind <> 'limit' GROUP BY asset) a USING (asset)
         WHERE t.member_balance_total <> coalesce(a.members, 0)
            OR t.member_held_total <> coalesce(a.held, 0)
            OR t.system_balance_total <> coalesce(a.systems, 0)
            OR t.balance_total <> 0
         ORDER BY t.asset`.execute(trx);
      for (const row of disagreeing) problems.push({ kind: 'totals_disagree', asset: row.asset });
      const { rows: miscounted } = await sql<{ account: string; kept: string; counted: string }>`
        SELECT a.account, a.log_rows::text AS kept, coalesce(c.rows, 0)::text AS counted
          FROM ledger_accounts a LEFT JOIN (
            SELECT account, count(*) AS rows FROM (
              SELECT debit_account AS account FROM ledger_balance_log
               WHERE debit_account IS NOT NULL
              UNION ALL
              SELECT credit_account FROM ledger_balance_log WHERE credit_account IS NOT NULL
            ) AS sides GROUP BY account) AS c USING (account)
         WHERE a.log_rows <> coalesce(c.rows, 0)
         ORDER BY a.account LIMIT 100`.execute(trx);
      for (const row of miscounted) problems.push({ kind: 'log_rows_disagree', ...row });
      const { rows: misnumbered } = await sql<{
        account: string;
        entry: string;
        kept: string | null;
        counted: string;
      }>`
        SELECT account, entry::text, kept::text, counted::text FROM (
          SELECT account, entry, kept,
                 row_number() OVER (PARTITION BY account ORDER BY entry) AS counted
            FROM (SELECT debit_account AS account, entry, debit_ordinal AS kept
                    FROM ledger_balance_log WHERE debit_account IS NOT NULL
                  UNION ALL
                  SELECT credit_account, entry, credit_ordinal FROM ledger_balance_log
                   WHERE credit_account IS NOT NULL) AS sides) AS numbered
         WHERE kept IS DISTINCT FROM counted
         ORDER BY account, entry LIMIT 100`.execute(trx);
      for (const row of misnumbered) problems.push({ kind: 'log_ordinals_disagree', ...row });
      const { rows: misordered } = await sql<{
        account: string;
        kept: boolean;
        counted: boolean;
      }>`
        SELECT a.account, a.log_times_ordered AS kept, coalesce(o.ordered, true) AS counted
          FROM ledger_accounts a LEFT JOIN (
            SELECT account, bool_and(latest_before IS NULL OR occurred_at >= latest_before)
                     AS ordered
              FROM (SELECT account, occurred_at,
                           max(occurred_at) OVER (PARTITION BY account ORDER BY entry
                             ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS latest_before
                      FROM (SELECT debit_account AS account, entry, occurred_at
                              FROM ledger_balance_log WHERE debit_account IS NOT NULL
                            UNION ALL
                            SELECT credit_account, entry, occurred_at FROM ledger_balance_log
                             WHERE credit_account IS NOT NULL) AS sides) AS timed
             GROUP BY account) AS o USING (account)
         WHERE a.log_times_ordered <> coalesce(o.ordered, true)
         ORDER BY a.account LIMIT 100`.execute(trx);
      for (const row of misordered) problems.push({ kind: 'log_order_disagrees', ...row });
      const { rows: transfersMiscounted } = await sql<{
        asset: string;
        kept: string;
        counted: string;
      }>`
        SELECT t.asset, t.account_transfer_rows::text AS kept, coalesce(c.rows, 0)::text AS counted
          FROM ledger_asset_totals t LEFT JOIN (
            SELECT asset, count(*) AS rows FROM ledger_balance_log
             WHERE ${sql.raw(accountTransferRowPredicate)} GROUP BY asset) AS c USING (asset)
         WHERE t.account_transfer_rows <> coalesce(c.rows, 0)
         ORDER BY t.asset`.execute(trx);
      for (const row of transfersMiscounted) {
        problems.push({ kind: 'account_transfers_disagree', ...row });
      }
      const { rows: counted } = await sql<{ count: string }>`SELECT count(*)::text AS count
        FROM ledger_accounts`.execute(trx);
      return { problems, accounts: Number(counted[0]?.count ?? 0) };
    });
}
