// Applies pending migrations to DATABASE_URL (the start command and the test fixture do this
// themselves; this is for an external database).
import { createDb, migrateToLatest } from '@ledger/db';
import { databaseUrlSchema, parseEnv } from '@ledger/runtime';
import { z } from 'zod';

const env = parseEnv(z.object({ DATABASE_URL: databaseUrlSchema }));
const db = createDb({ url: env.DATABASE_URL, poolSizeMax: 1, applicationName: 'migrate' });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length === 0 ? 'up to date' : `applied: ${applied.join(', ')}`);
} finally {
  await db.destroy();
}
