export { committedHead } from './committed-head.ts';
export type { PostgresContext } from './postgres-context.ts';
export { createTestDatabase, type TestDatabase, useTestDatabase } from './test-database.ts';
