/**
 * @ledger/assets-store: the Postgres side of the asset catalog, asset plug-ins and deposits:
 * the `assets` projection and its reads, and the aggregate append path.
 */
export * from './aggregate-store.ts';
export * from './asset-queries.ts';
export * from './asset-tables.ts';
export * from './assets-projection.ts';
export * from './deposit-processes.ts';
export * from './deposit-queries.ts';
export { depositRequestResumable } from './deposit-request-resumable.ts';
export * from './extra-form-personal-data.ts';
