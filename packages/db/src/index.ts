export { createDb, createPool, type DatabaseOptions, type Db, withDatabase } from './database.ts';
export { migrateToLatest } from './migrate.ts';
export type { Database } from './schema.ts';
