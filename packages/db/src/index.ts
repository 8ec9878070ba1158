export { arrayElement } from './array-literal.ts';
export { createDb, createPool, type DatabaseOptions, type Db, withDatabase } from './database.ts';
export { uniqueViolationOf } from './errors.ts';
export { migrateToLatest } from './migrate.ts';
export type { Database } from './schema.ts';
