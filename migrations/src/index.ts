import type { Migration } from 'kysely/migration';
import * as eventStore0001 from './0001-event-store.ts';
import * as projectionCheckpoints0002 from './0002-projection-checkpoints.ts';
import * as identityPersonalDataAndSecrets0003 from './0003-identity-personal-data-and-secrets.ts';
import * as identitySessionsAndLimits0004 from './0004-identity-sessions-and-limits.ts';
import * as ledgerWriter0005 from './0005-ledger-writer.ts';
import * as ledgerReadModels0006 from './0006-ledger-read-models.ts';
import * as assetsAndDeposits0007 from './0007-assets-and-deposits.ts';
import * as chainScannerAndSimulatedChain0008 from './0008-chain-scanner-and-simulated-chain.ts';
import * as simulatedChainBroadcastIds0009 from './0009-simulated-chain-broadcast-ids.ts';
import * as withdrawalPersonalData0010 from './0010-withdrawal-personal-data.ts';
import * as withdrawalReadModels0011 from './0011-withdrawal-read-models.ts';
import * as kycPersonalData0013 from './0013-kyc-personal-data.ts';
import * as writeIdempotency0019 from './0019-write-idempotency.ts';
import * as oauth2ClientSecrets0020 from './0020-oauth2-client-secrets.ts';
import * as requestExtraFormPersonalData0021 from './0021-request-extra-form-personal-data.ts';
import * as eventStoreAppendStatement0022 from './0022-event-store-append-statement.ts';
import * as eventStoreAppendLoop0023 from './0023-event-store-append-loop.ts';
import * as eventStoreReadFunctions0026 from './0026-event-store-read-functions.ts';
import * as requestMetadataBrin0027 from './0027-request-metadata-brin.ts';
import * as ledgerReconciliationRuns0028 from './0028-ledger-reconciliation-runs.ts';
import * as simulatedChainWallet0029 from './0029-simulated-chain-wallet.ts';
import * as ledgerAccountLogRows0030 from './0030-ledger-account-log-rows.ts';
import * as ledgerLogOrdinals0031 from './0031-ledger-log-ordinals.ts';
import * as ledgerLogBookmarks0032 from './0032-ledger-log-bookmarks.ts';
import * as ledgerAccountListIndexes0033 from './0033-ledger-account-list-indexes.ts';
import * as ledgerAccountTransferList0034 from './0034-ledger-account-transfer-list.ts';
import * as ledgerAccountTitleSearch0035 from './0035-ledger-account-title-search.ts';
import * as ledgerFrozenAccountList0036 from './0036-ledger-frozen-account-list.ts';
import * as ledgerAccountTitleCharacters0037 from './0037-ledger-account-title-characters.ts';
import * as writeIdempotencyContentLanguage0038 from './0038-write-idempotency-content-language.ts';
import * as csTicketPersonalData0039 from './0039-cs-ticket-personal-data.ts';
import * as settingSecretsAndSmsOutbox0040 from './0040-setting-secrets-and-sms-outbox.ts';

/**
 * Every migration, by name, in order. A static list rather than a folder scan: each migration is
 * type-checked, and the set is explicit in review. Migrations are frozen in time: they import
 * nothing from packages/ (they must still run after the code that wrote them has changed).
 */
export const migrations: Record<string, Migration> = {
  '0001-event-store': eventStore0001,
  '0002-projection-checkpoints': projectionCheckpoints0002,
  '0003-identity-personal-data-and-secrets': identityPersonalDataAndSecrets0003,
  '0004-identity-sessions-and-limits': identitySessionsAndLimits0004,
  '0005-ledger-writer': ledgerWriter0005,
  '0006-ledger-read-models': ledgerReadModels0006,
  '0007-assets-and-deposits': assetsAndDeposits0007,
  '0008-chain-scanner-and-simulated-chain': chainScannerAndSimulatedChain0008,
  '0009-simulated-chain-broadcast-ids': simulatedChainBroadcastIds0009,
  '0010-withdrawal-personal-data': withdrawalPersonalData0010,
  '0011-withdrawal-read-models': withdrawalReadModels0011,
  '0013-kyc-personal-data': kycPersonalData0013,
  '0019-write-idempotency': writeIdempotency0019,
  '0020-oauth2-client-secrets': oauth2ClientSecrets0020,
  '0021-request-extra-form-personal-data': requestExtraFormPersonalData0021,
  '0022-event-store-append-statement': eventStoreAppendStatement0022,
  '0023-event-store-append-loop': eventStoreAppendLoop0023,
  '0026-event-store-read-functions': eventStoreReadFunctions0026,
  '0027-request-metadata-brin': requestMetadataBrin0027,
  '0028-ledger-reconciliation-runs': ledgerReconciliationRuns0028,
  '0029-simulated-chain-wallet': simulatedChainWallet0029,
  '0030-ledger-account-log-rows': ledgerAccountLogRows0030,
  '0031-ledger-log-ordinals': ledgerLogOrdinals0031,
  '0032-ledger-log-bookmarks': ledgerLogBookmarks0032,
  '0033-ledger-account-list-indexes': ledgerAccountListIndexes0033,
  '0034-ledger-account-transfer-list': ledgerAccountTransferList0034,
  '0035-ledger-account-title-search': ledgerAccountTitleSearch0035,
  '0036-ledger-frozen-account-list': ledgerFrozenAccountList0036,
  '0037-ledger-account-title-characters': ledgerAccountTitleCharacters0037,
  '0038-write-idempotency-content-language': writeIdempotencyContentLanguage0038,
  '0039-cs-ticket-personal-data': csTicketPersonalData0039,
  '0040-setting-secrets-and-sms-outbox': settingSecretsAndSmsOutbox0040,
};
