import type { RecordedEvent } from '@ledger/event-store';
import type { KycMemberEvent, SecurityCatalogEvent } from '@ledger/kyc';
import type { Projection, ProjectionContext } from '@ledger/projection-runner';
import { sql, type Transaction } from 'kysely';

/** The projection every KYC and security-catalog read waits on with `?after=<position>`. */
export const kycProjectionName = 'kyc';

export const kycReadModelTables = [
  'kyc_certifications',
  'kyc_realnames',
  'kyc_withdraw_address_certifications',
  'security_levels',
  'security_restriction_policies',
] as const;

type Trx = Transaction<unknown>;
type Table = (name: string) => ReturnType<typeof sql.table>;
type Apply = (trx: Trx, event: RecordedEvent, table: Table) => Promise<void>;
type KycEvent = KycMemberEvent | SecurityCatalogEvent;
type DataOf<Type extends KycEvent['type']> = Extract<KycEvent, { type: Type }>['data'];

/**
 * KYC's read models, fed by the `kyc-member-<seq>` streams and the `security-catalog` stream:
 * KYC certifications, real-name authentications and withdraw-address certifications (no personal
 * data: the screens join kyc-store's personal-data tables at query time, so an erasure never makes
 * this projection differ from its rebuild), the security levels an administrator changed and the
 * restriction policies in force. An event it does not know stops it (never skipped).
 */
export const kycProjection: Projection<unknown> = {
  name: kycProjectionName,
  version: 1,
  filter: { streamPrefixes: ['kyc-member-', 'security-catalog'] },
  tables: kycReadModelTables,
  setup: (trx, context) => createReadModels(trx, context),
  async apply(trx, events, context) {
    const table = (name: string) => sql.table(context.table(name));
    for (const event of events) {
      const apply = appliers[event.type as KycEvent['type']];
      if (apply === undefined) throw new Error(`kyc projection: unknown event ${event.type}`);
      await apply(trx, event, table);
    }
  },
};

async function createReadModels(trx: Trx, context: ProjectionContext): Promise<void> {
  const table = (name: string) => sql.table(context.table(name));
  await sql`
    CREATE TABLE ${table('kyc_certifications')} (
      certification_seq bigint PRIMARY KEY, member_seq bigint NOT NULL, kyc_type text NOT NULL,
      document_count integer NOT NULL, status text NOT NULL,
      is_valid boolean NOT NULL DEFAULT false, expires_at timestamptz,
      is_expired boolean NOT NULL DEFAULT false, requested_at timestamptz NOT NULL,
      reviewed_at timestamptz, reviewed_by text)`.execute(trx);
  await sql`CREATE INDEX ON ${table('kyc_certifications')} (member_seq)`.execute(trx);
  await sql`CREATE INDEX ON ${table('kyc_certifications')} (requested_at)`.execute(trx);
  await sql`
    CREATE TABLE ${table('kyc_realnames')} (
      realname_seq bigint PRIMARY KEY, member_seq bigint NOT NULL, authority text NOT NULL,
      status text NOT NULL, is_valid boolean NOT NULL DEFAULT false, expires_at timestamptz,
      is_expired boolean NOT NULL DEFAULT false, failure_reason text,
      started_at timestamptz NOT NULL, authenticated_at timestamptz, closed_at timestamptz)`.execute(
    trx,
  );
  await sql`CREATE INDEX ON ${table('kyc_realnames')} (member_seq)`.execute(trx);
  await sql`
    CREATE TABLE ${table('kyc_withdraw_address_certifications')} (
      certification_seq bigint PRIMARY KEY, member_seq bigint NOT NULL, asset_code text NOT NULL,
      bank_code text, status text NOT NULL, is_valid boolean NOT NULL DEFAULT false,
      requested_at timestamptz NOT NULL, reviewed_at timestamptz, reviewed_by text)`.execute(trx);
  await sql`CREATE INDEX ON ${table('kyc_withdraw_address_certifications')} (member_seq)`.execute(
    trx,
  );
  await sql`
    CREATE TABLE ${table('security_levels')} (
      security_level integer PRIMARY KEY, title text NOT NULL, conditions text[],
      set_at timestamptz NOT NULL)`.execute(trx);
  await sql`
    CREATE TABLE ${table('security_restriction_policies')} (
      security_level integer NOT NULL, target text NOT NULL, asset_code text NOT NULL,
      amount numeric, set_at timestamptz NOT NULL,
      PRIMARY KEY (security_level, target, asset_code))`.execute(trx);
}

function dataOf<Type extends KycEvent['type']>(event: RecordedEvent): DataOf<Type> {
  return event.data as DataOf<Type>;
}

/** The event types whose data names a row by `Key` (a certification's or real-name's seq). */
type TypeKeyedBy<Key extends string> = Extract<KycEvent, { data: Record<Key, number> }>['type'];

/**
 * An applier that sets `changes` on exactly one row of a read model, the one whose key column
 * holds the event's key; a missing row stops the projection (a broken invariant).
 */
function rowUpdater<Key extends string>(tableName: string, keyColumn: string, key: Key) {
  return <Type extends TypeKeyedBy<Key>>(
    changes: (data: DataOf<Type>, event: RecordedEvent) => Record<string, unknown>,
  ): Apply =>
    async (trx, event, table) => {
      const data = dataOf<Type>(event);
      const assignments = Object.entries(changes(data, event)).map(
        ([column, value]) => sql`${sql.ref(column)} = ${value}`,
      );
      const result = await sql`UPDATE ${table(tableName)} SET ${sql.join(assignments)}
        WHERE ${sql.ref(keyColumn)} = ${(data as Record<Key, number>)[key]}`.execute(trx);
      if (result.numAffectedRows !== 1n)
        throw new Error(`kyc projection: no row for ${event.type}`);
    };
}

const updateCertification = rowUpdater(
  'kyc_certifications',
  'certification_seq',
  'certificationSeq',
);
const updateRealname = rowUpdater('kyc_realnames', 'realname_seq', 'realnameSeq');
const updateWithdrawAddress = rowUpdater(
  'kyc_withdraw_address_certifications',
  'certification_seq',
  'certificationSeq',
);
/** Who reviewed: the administrator the event's metadata names. */
const reviewer = (event: RecordedEvent) => event.metadata.actor ?? null;

const certificationAppliers = {
  async KycCertificationRequested(trx, event, table) {
    const data = dataOf<'KycCertificationRequested'>(event);
    await sql`INSERT INTO ${table('kyc_certifications')}
      (certification_seq, member_seq, kyc_type, document_count, status, requested_at)
      VALUES (${data.certificationSeq}, ${data.memberSeq}, ${data.kycType}, ${data.documentCount},
              'requested', ${data.requestedAt})`.execute(trx);
  },
  KycCertificationApproved: updateCertification<'KycCertificationApproved'>((data, event) => ({
    status: 'approved',
    is_valid: data.isValid,
    expires_at: data.expiresAt,
    reviewed_at: data.reviewedAt,
    reviewed_by: reviewer(event),
  })),
  KycCertificationDenied: updateCertification<'KycCertificationDenied'>((data, event) => ({
    status: 'denied',
    reviewed_at: data.reviewedAt,
    reviewed_by: reviewer(event),
  })),
  KycCertificationValidityChanged: updateCertification<'KycCertificationValidityChanged'>(
    (data) => ({ is_valid: data.isValid }),
  ),
  KycCertificationExpired: updateCertification<'KycCertificationExpired'>(() => ({
    is_expired: true,
  })),
} satisfies Partial<Record<KycEvent['type'], Apply>>;

const realnameAppliers = {
  async RealnameAuthenticationStarted(trx, event, table) {
    const data = dataOf<'RealnameAuthenticationStarted'>(event);
    await sql`INSERT INTO ${table('kyc_realnames')}
      (realname_seq, member_seq, authority, status, started_at)
      VALUES (${data.realnameSeq}, ${data.memberSeq}, ${data.authority}, 'started',
              ${data.startedAt})`.execute(trx);
  },
  RealnameAuthenticated: updateRealname<'RealnameAuthenticated'>((data) => ({
    status: 'authenticated',
    is_valid: data.isValid,
    expires_at: data.expiresAt,
    authenticated_at: data.authenticatedAt,
  })),
  RealnameAuthenticationFailed: updateRealname<'RealnameAuthenticationFailed'>((data) => ({
    status: 'failed',
    failure_reason: data.reason,
  })),
  RealnameAuthenticationClosed: updateRealname<'RealnameAuthenticationClosed'>((data) => ({
    status: 'closed',
    closed_at: data.closedAt,
  })),
  RealnameAuthenticationExpired: updateRealname<'RealnameAuthenticationExpired'>(() => ({
    is_expired: true,
  })),
} satisfies Partial<Record<KycEvent['type'], Apply>>;

const withdrawAddressAppliers = {
  async WithdrawAddressCertificationRequested(trx, event, table) {
    const data = dataOf<'WithdrawAddressCertificationRequested'>(event);
    await sql`INSERT INTO ${table('kyc_withdraw_address_certifications')}
      (certification_seq, member_seq, asset_code, bank_code, status, requested_at)
      VALUES (${data.certificationSeq}, ${data.memberSeq}, ${data.assetCode}, ${data.bankCode},
              'requested', ${data.requestedAt})`.execute(trx);
  },
  WithdrawAddressCertificationApproved:
    updateWithdrawAddress<'WithdrawAddressCertificationApproved'>((data, event) => ({
      status: 'approved',
      is_valid: data.isValid,
      reviewed_at: data.reviewedAt,
      reviewed_by: reviewer(event),
    })),
  WithdrawAddressCertificationDenied: updateWithdrawAddress<'WithdrawAddressCertificationDenied'>(
    (data, event) => ({
      status: 'denied',
      reviewed_at: data.reviewedAt,
      reviewed_by: reviewer(event),
    }),
  ),
  WithdrawAddressValidityChanged: updateWithdrawAddress<'WithdrawAddressValidityChanged'>(
    (data) => ({ is_valid: data.isValid }),
  ),
} satisfies Partial<Record<KycEvent['type'], Apply>>;

const catalogAppliers = {
  async SecurityLevelConditionsSet(trx, event, table) {
    const data = dataOf<'SecurityLevelConditionsSet'>(event);
    await sql`INSERT INTO ${table('security_levels')} (security_level, title, conditions, set_at)
      VALUES (${data.securityLevel}, ${data.title}, ${data.conditions}::text[], ${data.setAt})
      ON CONFLICT (security_level) DO UPDATE SET title = EXCLUDED.title,
        conditions = EXCLUDED.conditions, set_at = EXCLUDED.set_at`.execute(trx);
  },
  async RestrictionPolicySet(trx, event, table) {
    const data = dataOf<'RestrictionPolicySet'>(event);
    await sql`INSERT INTO ${table('security_restriction_policies')}
      (security_level, target, asset_code, amount, set_at)
      VALUES (${data.securityLevel}, ${data.target}, ${data.assetCode ?? ''}, ${data.amount},
              ${data.setAt})
      ON CONFLICT (security_level, target, asset_code) DO UPDATE SET amount = EXCLUDED.amount,
        set_at = EXCLUDED.set_at`.execute(trx);
  },
  async RestrictionPolicyRemoved(trx, event, table) {
    const data = dataOf<'RestrictionPolicyRemoved'>(event);
    await sql`DELETE FROM ${table('security_restriction_policies')}
      WHERE security_level = ${data.securityLevel} AND target = ${data.target}
        AND asset_code = ${data.assetCode ?? ''}`.execute(trx);
  },
} satisfies Partial<Record<KycEvent['type'], Apply>>;

const appliers: Record<KycEvent['type'], Apply> = {
  ...certificationAppliers,
  ...realnameAppliers,
  ...withdrawAddressAppliers,
  ...catalogAppliers,
};
