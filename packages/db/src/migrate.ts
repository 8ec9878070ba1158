import { migrations } from '@ledger/migrations';
import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';

/** Applies every pending migration of migrations/ in one run; throws on the first failure. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema, as kysely's Migrator expects.
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Migrations are numbered; a new one that sorts before an applied one is a mistake.
    allowUnorderedMigrations: false,
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((migration) => migration.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).map((migration) => migration.migrationName);
}
