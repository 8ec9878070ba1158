import { applyLedgerBatch, ledgerBalancesProjection } from '../ledger-balances-projection.ts';
import { applyProfileEvents, ledgerProfilesProjection } from '../ledger-profiles-projection.ts';
import {
  balanceTables,
  createBalanceTables,
  createProfileTables,
  profileTables,
} from '../read-model-tables.ts';
import type { AuditedProjection } from './scratch-rebuild.ts';

/** Both ledger projections as the auditor rebuilds them: the same setup and apply, every table keyed. */
export const auditedProjections: readonly AuditedProjection[] = [
  {
    name: ledgerBalancesProjection.name,
    filter: ledgerBalancesProjection.filter ?? {},
    keys: {
      [balanceTables.accounts]: { column: 'account', type: 'text' },
      [balanceTables.balanceLog]: { column: 'entry', type: 'bigint' },
      [balanceTables.holds]: { column: 'hold_id', type: 'text' },
      [balanceTables.assetTotals]: { column: 'asset', type: 'text' },
    },
    setup: createBalanceTables,
    apply: applyLedgerBatch,
  },
  {
    name: ledgerProfilesProjection.name,
    filter: ledgerProfilesProjection.filter ?? {},
    keys: {
      [profileTables.profiles]: { column: 'seq', type: 'bigint' },
      [profileTables.adjustments]: { column: 'adjustment_id', type: 'text' },
      [profileTables.adminActivity]: { column: 'event_id', type: 'uuid' },
    },
    setup: createProfileTables,
    apply: applyProfileEvents,
  },
];
