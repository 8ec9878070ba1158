// Proves the kyc projection on a real database: every KYC certification, real-name and
// withdrawal-address event leaves its read-model row in the state the event says (status,
// validity, expiry, review time and reviewer), and an event for a row that does not exist stops
// the projection instead of being skipped.
import { randomUUID } from 'node:crypto';
import type { Db } from '@ledger/db';
import type { EventStore, NewEvent } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { kycMemberStream } from '@ledger/kyc';
import { type Projection, projectBatch, registerProjection } from '@ledger/projection-runner';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { kycProjection } from './kyc-projection.ts';
import { kycDb } from './tables.ts';

const database = useTestDatabase();
let db: Db;
let store: EventStore;
const memberSeq = 1;
const at = (minute: number) => `2026-02-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
const later = '2027-02-01T00:00:00.000Z';

function event(type: string, data: Record<string, unknown>): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { memberSeq, ...data },
    metadata: { commandId: randomUUID(), actor: 'admin:7' },
  };
}

async function project(): Promise<void> {
  const projection = kycProjection as Projection<unknown>;
  for (;;) {
    const outcome = await projectBatch({
      db: db as never,
      eventStore: store,
      projection: projection as never,
      maxCount: 100,
    });
    if (outcome.kind !== 'advanced') return;
  }
}

beforeAll(async () => {
  db = database().db;
  store = createPostgresEventStore({ url: database().url, poolSizeMax: 2 });
  await registerProjection(db as never, kycProjection as never);
  await store.append(
    kycMemberStream(memberSeq),
    [
      event('KycCertificationRequested', {
        certificationSeq: 1,
        kycType: 'individual',
        documentCount: 2,
        requestedAt: at(1),
      }),
      event('KycCertificationApproved', {
        certificationSeq: 1,
        isValid: true,
        expiresAt: later,
        reviewedAt: at(2),
      }),
      event('KycCertificationValidityChanged', {
        certificationSeq: 1,
        isValid: false,
        changedAt: at(3),
      }),
      event('KycCertificationExpired', { certificationSeq: 1, expiredAt: at(4) }),
      event('KycCertificationRequested', {
        certificationSeq: 2,
        kycType: 'corporate',
        documentCount: 1,
        requestedAt: at(5),
      }),
      event('KycCertificationDenied', { certificationSeq: 2, reviewedAt: at(6) }),
      event('RealnameAuthenticationStarted', {
        realnameSeq: 1,
        authority: 'nice',
        startedAt: at(1),
      }),
      event('RealnameAuthenticated', {
        realnameSeq: 1,
        isValid: true,
        expiresAt: later,
        authenticatedAt: at(2),
      }),
      event('RealnameAuthenticationExpired', { realnameSeq: 1, expiredAt: at(3) }),
      event('RealnameAuthenticationStarted', {
        realnameSeq: 2,
        authority: 'nice',
        startedAt: at(4),
      }),
      event('RealnameAuthenticationFailed', {
        realnameSeq: 2,
        reason: 'mismatch',
        failedAt: at(5),
      }),
      event('RealnameAuthenticationStarted', {
        realnameSeq: 3,
        authority: 'nice',
        startedAt: at(6),
      }),
      event('RealnameAuthenticationClosed', { realnameSeq: 3, closedAt: at(7) }),
      event('WithdrawAddressCertificationRequested', {
        certificationSeq: 1,
        assetCode: 'BTC',
        bankCode: null,
        requestedAt: at(1),
      }),
      event('WithdrawAddressCertificationApproved', {
        certificationSeq: 1,
        isValid: true,
        reviewedAt: at(2),
      }),
      event('WithdrawAddressValidityChanged', {
        certificationSeq: 1,
        isValid: false,
        changedAt: at(3),
      }),
      event('WithdrawAddressCertificationRequested', {
        certificationSeq: 2,
        assetCode: 'KRW',
        bankCode: '004',
        requestedAt: at(4),
      }),
      event('WithdrawAddressCertificationDenied', { certificationSeq: 2, reviewedAt: at(5) }),
    ],
    { expected: { kind: 'any' } },
  );
  await project();
});

afterAll(async () => {
  await store.close();
});

const iso = (value: Date | null) => value?.toISOString() ?? null;

test('certifications: approved then made invalid and expired; another denied', async () => {
  const rows = await kycDb(db)
    .selectFrom('kyc_certifications')
    .selectAll()
    .orderBy('certification_seq')
    .execute();
  expect(
    rows.map((row) => ({
      seq: Number(row.certification_seq),
      status: row.status,
      isValid: row.is_valid,
      isExpired: row.is_expired,
      expiresAt: iso(row.expires_at),
      reviewedAt: iso(row.reviewed_at),
      reviewedBy: row.reviewed_by,
      documentCount: row.document_count,
    })),
  ).toEqual([
    {
      seq: 1,
      status: 'approved',
      isValid: false,
      isExpired: true,
      expiresAt: later,
      reviewedAt: at(2),
      reviewedBy: 'admin:7',
      documentCount: 2,
    },
    {
      seq: 2,
      status: 'denied',
      isValid: false,
      isExpired: false,
      expiresAt: null,
      reviewedAt: at(6),
      reviewedBy: 'admin:7',
      documentCount: 1,
    },
  ]);
});

test('real names: authenticated then expired; failed with its reason; closed', async () => {
  const rows = await kycDb(db)
    .selectFrom('kyc_realnames')
    .selectAll()
    .orderBy('realname_seq')
    .execute();
  expect(
    rows.map((row) => ({
      seq: Number(row.realname_seq),
      status: row.status,
      isValid: row.is_valid,
      isExpired: row.is_expired,
      expiresAt: iso(row.expires_at),
      authenticatedAt: iso(row.authenticated_at),
      failureReason: row.failure_reason,
      closedAt: iso(row.closed_at),
    })),
  ).toEqual([
    {
      seq: 1,
      status: 'authenticated',
      isValid: true,
      isExpired: true,
      expiresAt: later,
      authenticatedAt: at(2),
      failureReason: null,
      closedAt: null,
    },
    {
      seq: 2,
      status: 'failed',
      isValid: false,
      isExpired: false,
      expiresAt: null,
      authenticatedAt: null,
      failureReason: 'mismatch',
      closedAt: null,
    },
    {
      seq: 3,
      status: 'closed',
      isValid: false,
      isExpired: false,
      expiresAt: null,
      authenticatedAt: null,
      failureReason: null,
      closedAt: at(7),
    },
  ]);
});

test('withdrawal addresses: approved then made invalid; another denied', async () => {
  const rows = await kycDb(db)
    .selectFrom('kyc_withdraw_address_certifications')
    .selectAll()
    .orderBy('certification_seq')
    .execute();
  expect(
    rows.map((row) => ({
      seq: Number(row.certification_seq),
      asset: row.asset_code,
      bankCode: row.bank_code,
      status: row.status,
      isValid: row.is_valid,
      reviewedAt: iso(row.reviewed_at),
      reviewedBy: row.reviewed_by,
    })),
  ).toEqual([
    {
      seq: 1,
      asset: 'BTC',
      bankCode: null,
      status: 'approved',
      isValid: false,
      reviewedAt: at(2),
      reviewedBy: 'admin:7',
    },
    {
      seq: 2,
      asset: 'KRW',
      bankCode: '004',
      status: 'denied',
      isValid: false,
      reviewedAt: at(5),
      reviewedBy: 'admin:7',
    },
  ]);
});

test('an approval of a certification the read model never saw stops the projection', async () => {
  await store.append(
    kycMemberStream(2),
    [
      {
        ...event('KycCertificationApproved', {
          certificationSeq: 99,
          isValid: true,
          expiresAt: later,
          reviewedAt: at(9),
        }),
        data: {
          memberSeq: 2,
          certificationSeq: 99,
          isValid: true,
          expiresAt: later,
          reviewedAt: at(9),
        },
      },
    ],
    { expected: { kind: 'any' } },
  );
  await expect(project()).rejects.toThrow('kyc projection: no row for KycCertificationApproved');
});
