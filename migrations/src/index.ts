import type { Migration } from 'kysely/migration';

/**
 * Every migration, by name, in order. A static list rather than a folder scan: each migration is
 * type-checked, and the set is explicit in review. Migrations are frozen in time: they import
 * nothing from packages/ (they must still run after the code that wrote them has changed).
 */
export const migrations: Record<string, Migration> = {};
