import type { Projection } from '@ledger/projection-runner';
import { sql } from 'kysely';

export const brokerageProjectionName = 'brokerages';

/**
 * The brokerages read model behind GET /brokerage (SPEC §7). Brokerage commands and events arrive
 * with the brokerage issue, which bumps this projection's version to fill it; until then it is a
 * real, empty table, and any `Brokerage*` event stops the projection rather than being skipped.
 */
export const brokerageProjection: Projection<unknown> = {
  name: brokerageProjectionName,
  version: 1,
  filter: { eventTypePrefixes: ['Brokerage'] },
  tables: ['brokerages'],
  async setup(trx, context) {
    await sql`
      CREATE TABLE ${sql.table(context.table('brokerages'))} (
        seq bigint PRIMARY KEY, title text NOT NULL, owner_member_seq bigint,
        brokerage_type text NOT NULL, identification_code text, regdate timestamptz NOT NULL)`.execute(
      trx,
    );
    await sql`CREATE INDEX ON ${sql.table(context.table('brokerages'))} (owner_member_seq)`.execute(
      trx,
    );
  },
  async apply(_trx, events) {
    const event = events[0];
    if (event) throw new Error(`brokerage projection v1 cannot apply ${event.type} yet`);
  },
};
