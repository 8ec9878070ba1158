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

/** An UPDATE of exactly one row; a missing row stops the projection (a broken invariant). */
async function updateOne(
  trx: Trx,
  event: RecordedEvent,
  statement: ReturnType<typeof sql>,
): Promise<void> {
  const result = await statement.execute(trx);
  if (result.numAffectedRows !== 1n) throw new Error(`kyc projection: no row for ${event.type}`);
}

const certificationAppliers = {
  async KycCertificationRequested(trx, event, table) {
    const data = dataOf<'KycCertificationRequested'>(event);
    await sql`INSERT INTO ${table('kyc_certifications')}
      (certification_seq, member_seq, kyc_type, document_count, status, requested_at)
      VALUES (${data.certificationSeq}, ${data.memberSeq}, ${data.kycType}, ${data.documentCount},
              'requested', ${data.requestedAt})`.execute(trx);
  },
  async KycCertificationApproved(trx, event, table) {
    const data = dataOf<'KycCertificationApproved'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_certifications')} SET status = 'approved', is_valid = ${data.isValid},
        expires_at = ${data.expiresAt}, reviewed_at = ${data.reviewedAt},
        reviewed_by = ${event.metadata.actor ?? null}
        WHERE certification_seq = ${data.certificationSeq}`,
    );
  },
  async KycCertificationDenied(trx, event, table) {
    const data = dataOf<'KycCertificationDenied'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_certifications')} SET status = 'denied', reviewed_at = ${data.reviewedAt},
        reviewed_by = ${event.metadata.actor ?? null}
        WHERE certification_seq = ${data.certificationSeq}`,
    );
  },
  async KycCertificationValidityChanged(trx, event, table) {
    const data = dataOf<'KycCertificationValidityChanged'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_certifications')} SET is_valid = ${data.isValid}
        WHERE certification_seq = ${data.certificationSeq}`,
    );
  },
  async KycCertificationExpired(trx, event, table) {
    const data = dataOf<'KycCertificationExpired'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_certifications')} SET is_expired = true
        WHERE certification_seq = ${data.certificationSeq}`,
    );
  },
} satisfies Partial<Record<KycEvent['type'], Apply>>;

const realnameAppliers = {
  async RealnameAuthenticationStarted(trx, event, table) {
    const data = dataOf<'RealnameAuthenticationStarted'>(event);
    await sql`INSERT INTO ${table('kyc_realnames')}
      (realname_seq, member_seq, authority, status, started_at)
      VALUES (${data.realnameSeq}, ${data.memberSeq}, ${data.authority}, 'started',
              ${data.startedAt})`.execute(trx);
  },
  async RealnameAuthenticated(trx, event, table) {
    const data = dataOf<'RealnameAuthenticated'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_realnames')} SET status = 'authenticated', is_valid = ${data.isValid},
        expires_at = ${data.expiresAt}, authenticated_at = ${data.authenticatedAt}
        WHERE realname_seq = ${data.realnameSeq}`,
    );
  },
  async RealnameAuthenticationFailed(trx, event, table) {
    const data = dataOf<'RealnameAuthenticationFailed'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_realnames')} SET status = 'failed', failure_reason = ${data.reason}
        WHERE realname_seq = ${data.realnameSeq}`,
    );
  },
  async RealnameAuthenticationClosed(trx, event, table) {
    const data = dataOf<'RealnameAuthenticationClosed'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_realnames')} SET status = 'closed', closed_at = ${data.closedAt}
        WHERE realname_seq = ${data.realnameSeq}`,
    );
  },
  async RealnameAuthenticationExpired(trx, event, table) {
    const data = dataOf<'RealnameAuthenticationExpired'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_realnames')} SET is_expired = true
        WHERE realname_seq = ${data.realnameSeq}`,
    );
  },
} satisfies Partial<Record<KycEvent['type'], Apply>>;

const withdrawAddressAppliers = {
  async WithdrawAddressCertificationRequested(trx, event, table) {
    const data = dataOf<'WithdrawAddressCertificationRequested'>(event);
    await sql`INSERT INTO ${table('kyc_withdraw_address_certifications')}
      (certification_seq, member_seq, asset_code, bank_code, status, requested_at)
      VALUES (${data.certificationSeq}, ${data.memberSeq}, ${data.assetCode}, ${data.bankCode},
              'requested', ${data.requestedAt})`.execute(trx);
  },
  async WithdrawAddressCertificationApproved(trx, event, table) {
    const data = dataOf<'WithdrawAddressCertificationApproved'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_withdraw_address_certifications')} SET status = 'approved',
        is_valid = ${data.isValid}, reviewed_at = ${data.reviewedAt},
        reviewed_by = ${event.metadata.actor ?? null}
        WHERE certification_seq = ${data.certificationSeq}`,
    );
  },
  async WithdrawAddressCertificationDenied(trx, event, table) {
    const data = dataOf<'WithdrawAddressCertificationDenied'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_withdraw_address_certifications')} SET status = 'denied',
        reviewed_at = ${data.reviewedAt}, reviewed_by = ${event.metadata.actor ?? null}
        WHERE certification_seq = ${data.certificationSeq}`,
    );
  },
  async WithdrawAddressValidityChanged(trx, event, table) {
    const data = dataOf<'WithdrawAddressValidityChanged'>(event);
    await updateOne(
      trx,
      event,
      sql`UPDATE ${table('kyc_withdraw_address_certifications')} SET is_valid = ${data.isValid}
        WHERE certification_seq = ${data.certificationSeq}`,
    );
  },
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
