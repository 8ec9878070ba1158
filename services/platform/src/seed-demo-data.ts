import type { Db } from '@ledger/db';

export type DemoLogin = { role: string; userId: string; password: string };

/**
 * Demo data for the start command, written through the same commands the APIs use, and idempotent
 * (a restart finds it in place). It grows with each feature: members and the admin arrive with
 * identity (#4), assets with money movement (#10).
 */
export async function seedDemoData(_db: Db): Promise<DemoLogin[]> {
  return [];
}
