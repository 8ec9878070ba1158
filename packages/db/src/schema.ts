/**
 * The Postgres tables as kysely sees them. Each table is written by the migration that creates it
 * and typed here by the feature that owns it. `numeric` columns are strings (exact decimals).
 */
// biome-ignore lint/complexity/noBannedTypes: filled in as features add their tables.
export type Database = {};
