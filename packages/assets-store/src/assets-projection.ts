import type {
  AssetChanged,
  AssetEvent,
  AssetFrozen,
  AssetPluginChanged,
  AssetPluginEvent,
  AssetPluginRegistered,
  AssetRegistered,
  AssetUnfrozen,
  ChainDepositAttributed,
  ChainDepositCredited,
  ChainDepositCreditStarted,
  ChainDepositDetected,
  ChainDepositEvent,
  ChainDepositOrphaned,
  ChainDepositReorgedAfterCredit,
  ChainDepositReturned,
  DepositAddressAssigned,
  DepositRequestApproved,
  DepositRequestCredited,
  DepositRequestEvent,
  DepositRequested,
  DepositRequestFailed,
  DepositRequestRejected,
} from '@ledger/assets';
import type { RecordedEvent } from '@ledger/event-store';
import type { Projection, ProjectionContext } from '@ledger/projection-runner';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { assetTables, createAssetTables } from './asset-tables.ts';

export const assetsProjectionName = 'assets';

/** The streams this projection owns (other features may use streams that start alike). */
export const assetStreamPatterns = [
  /^asset-[A-Z][A-Z0-9]*$/,
  /^asset-plugin-[a-z][a-z0-9-]*$/,
  /^deposit-address-[0-9]+$/,
  /^chain-deposit-/,
  /^deposit-request-/,
];

export function isAssetStream(stream: string): boolean {
  return assetStreamPatterns.some((pattern) => pattern.test(stream));
}

/** An event this projection cannot apply: the runner stops and reports, it never skips. */
export class AssetProjectionError extends Error {
  constructor(event: RecordedEvent, reason: string) {
    super(`${reason}: ${event.type} in ${event.streamName}@${event.revision}`);
    this.name = 'AssetProjectionError';
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type Trx = Transaction<any>;
type Table = (logicalName: string) => RawBuilder<unknown>;
type Applier = (trx: Trx, table: Table, event: RecordedEvent) => Promise<void>;
type AnyEvent =
  | AssetEvent
  | AssetPluginEvent
  | ChainDepositEvent
  | DepositRequestEvent
  | DepositAddressAssigned;

/**
 * The asset catalog, asset plug-ins, deposit addresses, chain deposits and deposit requests.
 * Low volume: one statement per event. Events of streams it does not own are not its business
 * (the filter is by prefix; `asset-…` and `deposit-…` are shared prefixes); an unknown event type
 * in its own streams, or one about a row it never saw, stops it.
 */
// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own tables; runs on any projector's db.
export const assetsProjection: Projection<any> = {
  name: assetsProjectionName,
  version: 1,
  filter: {
    streamPrefixes: ['asset-', 'deposit-address-', 'chain-deposit-', 'deposit-request-'],
  },
  tables: Object.values(assetTables),
  setup: (trx, context) => createAssetTables(trx, context),
  apply: (trx, events, context) => applyAssetEvents(trx, events, context),
};

export async function applyAssetEvents(
  trx: Trx,
  events: readonly RecordedEvent[],
  context: Pick<ProjectionContext, 'table'>,
): Promise<void> {
  const table: Table = (logicalName) => sql.table(context.table(logicalName));
  for (const event of events) {
    if (!isAssetStream(event.streamName)) continue;
    const apply = appliers[event.type as AnyEvent['type']];
    if (apply === undefined) {
      throw new AssetProjectionError(event, 'an event type the assets projection does not know');
    }
    await apply(trx, table, event);
  }
}

async function expectOneRow(event: RecordedEvent, result: Promise<{ rows: unknown[] }>) {
  if ((await result).rows.length !== 1) {
    throw new AssetProjectionError(event, 'no row to apply it to, or not in the state it needs');
  }
}

const json = (value: unknown) => JSON.stringify(value);

async function upsertAsset(
  trx: Trx,
  table: Table,
  event: RecordedEvent,
  data: AssetRegistered['data'] | AssetChanged['data'],
) {
  const registered = 'registeredAt' in data;
  const common = sql`${data.title}, ${data.allowDeposit}, ${data.allowWithdraw}, ${data.isActive},
    ${data.outputOrder}, ${json(data.withdrawFees)}::jsonb, ${json(data.depositExtraForm)}::jsonb,
    ${json(data.withdrawExtraForm)}::jsonb, ${data.minimumDeposit}::numeric, ${data.memoRequired},
    ${data.confirmationsRequired}`;
  if (registered) {
    await sql`INSERT INTO ${table(assetTables.assets)} (title, allow_deposit, allow_withdraw,
      is_active, output_order, withdraw_fees, deposit_extra_form, withdraw_extra_form,
      minimum_deposit, memo_required, confirmations_required, code, decimal_point, is_frozen,
      registered_at, last_position)
      VALUES (${common}, ${data.code}, ${data.decimalPoint}, false,
        ${data.registeredAt}::timestamptz, ${event.position ?? ''})`.execute(trx);
    return;
  }
  await expectOneRow(
    event,
    sql`UPDATE ${table(assetTables.assets)} SET (title, allow_deposit, allow_withdraw, is_active,
      output_order, withdraw_fees, deposit_extra_form, withdraw_extra_form, minimum_deposit,
      memo_required, confirmations_required, changed_at, last_position)
      = (${common}, ${data.changedAt}::timestamptz, ${event.position ?? ''})
      WHERE code = ${data.code} RETURNING 1`.execute(trx),
  );
}

const appliers: Record<AnyEvent['type'], Applier> = {
  AssetRegistered: (trx, table, event) =>
    upsertAsset(trx, table, event, event.data as AssetRegistered['data']),
  AssetChanged: (trx, table, event) =>
    upsertAsset(trx, table, event, event.data as AssetChanged['data']),
  async AssetFrozen(trx, table, event) {
    const data = event.data as AssetFrozen['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.assets)} SET is_frozen = true, frozen_reason = ${data.reason},
        frozen_at = ${data.frozenAt}::timestamptz, last_position = ${event.position ?? ''}
        WHERE code = ${data.code} RETURNING 1`.execute(trx),
    );
  },
  async AssetUnfrozen(trx, table, event) {
    const data = event.data as AssetUnfrozen['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.assets)} SET is_frozen = false, frozen_reason = NULL,
        frozen_at = NULL, last_position = ${event.position ?? ''}
        WHERE code = ${data.code} RETURNING 1`.execute(trx),
    );
  },
  async AssetPluginRegistered(trx, table, event) {
    const data = event.data as AssetPluginRegistered['data'];
    await sql`INSERT INTO ${table(assetTables.plugins)} (plugin_id, asset, plugin, title,
      start_block, allow_scan, registered_at, last_position)
      VALUES (${data.pluginId}, ${data.asset}, ${data.plugin}, ${data.title}, ${data.startBlock},
        ${data.allowScan}, ${data.registeredAt}::timestamptz, ${event.position ?? ''})`.execute(
      trx,
    );
  },
  async AssetPluginChanged(trx, table, event) {
    const data = event.data as AssetPluginChanged['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.plugins)} SET title = ${data.title},
        start_block = ${data.startBlock}, allow_scan = ${data.allowScan},
        changed_at = ${data.changedAt}::timestamptz, last_position = ${event.position ?? ''}
        WHERE plugin_id = ${data.pluginId} RETURNING 1`.execute(trx),
    );
  },
  async DepositAddressAssigned(trx, table, event) {
    const data = event.data as DepositAddressAssigned['data'];
    await sql`INSERT INTO ${table(assetTables.addresses)} (account_seq, account, member_seq, asset,
      kind, chain, address, memo, assigned_at, last_position)
      VALUES (${data.accountSeq}, ${data.account}, ${data.memberSeq}, ${data.asset}, ${data.kind},
        ${data.chain}, ${data.address}, ${data.memo}, ${data.assignedAt}::timestamptz,
        ${event.position ?? ''})`.execute(trx);
  },
  async ChainDepositDetected(trx, table, event) {
    const data = event.data as ChainDepositDetected['data'];
    const destination = data.destination;
    const owner =
      destination.kind === 'account'
        ? destination
        : { account: null, accountSeq: null, memberSeq: null };
    const suspenseReason = destination.kind === 'suspense' ? destination.reason : null;
    await sql`INSERT INTO ${table(assetTables.chainDeposits)} AS d (deposit_id, chain, asset, txid,
      output, address, memo, amount, block_height, block_hash, destination, suspense_reason,
      account, account_seq, member_seq, status, reorged_after_credit, detected_at,
      first_detected_at, last_position)
      VALUES (${data.depositId}, ${data.chain}, ${data.asset}, ${data.txid}, ${data.output},
        ${data.address}, ${data.memo}, ${data.amount}::numeric, ${data.blockHeight},
        ${data.blockHash}, ${destination.kind}, ${suspenseReason}, ${owner.account},
        ${owner.accountSeq}, ${owner.memberSeq}, 'pending', false,
        ${data.detectedAt}::timestamptz, ${data.detectedAt}::timestamptz, ${event.position ?? ''})
      ON CONFLICT (deposit_id) DO UPDATE SET block_height = excluded.block_height,
        block_hash = excluded.block_hash, status = 'pending', detected_at = excluded.detected_at,
        last_position = excluded.last_position`.execute(trx);
  },
  async ChainDepositOrphaned(trx, table, event) {
    const data = event.data as ChainDepositOrphaned['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.chainDeposits)} SET status = 'orphaned',
        last_position = ${event.position ?? ''}
        WHERE deposit_id = ${data.depositId} AND status = 'pending' RETURNING 1`.execute(trx),
    );
  },
  async ChainDepositCreditStarted(trx, table, event) {
    const data = event.data as ChainDepositCreditStarted['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.chainDeposits)} SET status = 'crediting',
        confirmations = ${data.confirmations}, last_position = ${event.position ?? ''}
        WHERE deposit_id = ${data.depositId} AND status = 'pending' RETURNING 1`.execute(trx),
    );
  },
  async ChainDepositCredited(trx, table, event) {
    const data = event.data as ChainDepositCredited['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.chainDeposits)} SET status = 'credited',
        suspense_status = CASE WHEN destination = 'suspense' THEN 'open' END,
        transfer_id = ${data.transferId}, confirmations = ${data.confirmations},
        credited_at = ${data.creditedAt}::timestamptz, last_position = ${event.position ?? ''}
        WHERE deposit_id = ${data.depositId} AND status = 'crediting' RETURNING 1`.execute(trx),
    );
  },
  async ChainDepositReorgedAfterCredit(trx, table, event) {
    const data = event.data as ChainDepositReorgedAfterCredit['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.chainDeposits)} SET reorged_after_credit = true,
        reorg_depth = ${data.reorgDepth}, last_position = ${event.position ?? ''}
        WHERE deposit_id = ${data.depositId} RETURNING 1`.execute(trx),
    );
  },
  async ChainDepositAttributed(trx, table, event) {
    const data = event.data as ChainDepositAttributed['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.chainDeposits)} SET suspense_status = 'attributed',
        resolved_account_seq = ${data.accountSeq}, member_seq = ${data.memberSeq},
        resolved_by = ${String(event.metadata.actor ?? '')},
        resolved_at = ${data.attributedAt}::timestamptz, last_position = ${event.position ?? ''}
        WHERE deposit_id = ${data.depositId} AND suspense_status = 'open' RETURNING 1`.execute(trx),
    );
  },
  async ChainDepositReturned(trx, table, event) {
    const data = event.data as ChainDepositReturned['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.chainDeposits)} SET suspense_status = 'returned',
        resolution_reason = ${data.reason}, resolved_by = ${String(event.metadata.actor ?? '')},
        resolved_at = ${data.returnedAt}::timestamptz, last_position = ${event.position ?? ''}
        WHERE deposit_id = ${data.depositId} AND suspense_status = 'open' RETURNING 1`.execute(trx),
    );
  },
  async DepositRequested(trx, table, event) {
    const data = event.data as DepositRequested['data'];
    const requests = table(assetTables.depositRequests);
    await sql`INSERT INTO ${requests} (request_id, seq, account, account_seq, member_seq, asset,
      request_amount, status, requested_at, last_position)
      VALUES (${data.requestId}, (SELECT coalesce(max(seq), 0) + 1 FROM ${requests}),
        ${data.account}, ${data.accountSeq}, ${data.memberSeq}, ${data.asset},
        ${data.requestAmount}::numeric, 'requested', ${data.requestedAt}::timestamptz,
        ${event.position ?? ''})`.execute(trx);
  },
  async DepositRequestApproved(trx, table, event) {
    const data = event.data as DepositRequestApproved['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.depositRequests)} SET status = 'approved',
        decided_by = ${data.approvedBy}, decided_at = ${data.approvedAt}::timestamptz,
        last_position = ${event.position ?? ''}
        WHERE request_id = ${data.requestId} AND status = 'requested' RETURNING 1`.execute(trx),
    );
  },
  async DepositRequestRejected(trx, table, event) {
    const data = event.data as DepositRequestRejected['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.depositRequests)} SET status = 'rejected',
        decided_by = ${data.rejectedBy}, decided_at = ${data.rejectedAt}::timestamptz,
        reason = ${data.reason}, last_position = ${event.position ?? ''}
        WHERE request_id = ${data.requestId} AND status = 'requested' RETURNING 1`.execute(trx),
    );
  },
  async DepositRequestCredited(trx, table, event) {
    const data = event.data as DepositRequestCredited['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.depositRequests)} SET status = 'credited',
        transfer_id = ${data.transferId}, credited_at = ${data.creditedAt}::timestamptz,
        last_position = ${event.position ?? ''}
        WHERE request_id = ${data.requestId} AND status = 'approved' RETURNING 1`.execute(trx),
    );
  },
  async DepositRequestFailed(trx, table, event) {
    const data = event.data as DepositRequestFailed['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(assetTables.depositRequests)} SET status = 'failed',
        failure = ${json(data.rejection)}::jsonb, last_position = ${event.position ?? ''}
        WHERE request_id = ${data.requestId} AND status = 'approved' RETURNING 1`.execute(trx),
    );
  },
};
