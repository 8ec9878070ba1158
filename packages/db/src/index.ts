export { arrayElement } from './array-literal.ts';
export { createDb, createPool, type DatabaseOptions, type Db, withDatabase } from './database.ts';
export { uniqueViolationOf } from './errors.ts';
export { migrateToLatest } from './migrate.ts';
export {
  createDbWithPreparedStatements,
  prepared,
  preparedStatementMarker,
  preparedStatementName,
  withPreparedStatements,
} from './prepared-statements.ts';
export type { Database } from './schema.ts';
