// Proves the limits queries on a real database: a member's withdraw limits and account-creation
// permission come from the restriction policies of the member's current security level (per asset,
// null = unlimited), follow a level change, and a certified withdraw address is visible to its
// owner only, usable only once approved and valid.
import { randomUUID } from 'node:crypto';
import type { Db } from '@ledger/db';
import type { EventStore, NewEvent } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { identityProjection } from '@ledger/identity-store';
import { kycMemberStream, securityCatalogStream } from '@ledger/kyc';
import { type Projection, projectBatch, registerProjection } from '@ledger/projection-runner';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertWithdrawAddressPersonalData } from './kyc-personal-data-store.ts';
import { kycProjection } from './kyc-projection.ts';
import { getWithdrawAddressCertification } from './kyc-queries.ts';
import {
  mayMemberCreateAccount,
  readSecurityCatalog,
  withdrawLimitsFor,
} from './security-queries.ts';

const database = useTestDatabase();
let db: Db;
let store: EventStore;
const at = '2026-02-01T00:00:00.000Z';

function event(type: string, data: Record<string, unknown>): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { commandId: randomUUID(), actor: 'system:test' },
  };
}

async function project(): Promise<void> {
  for (const projection of [identityProjection, kycProjection] as Projection<unknown>[]) {
    await registerProjection(db as never, projection as never);
    for (;;) {
      const outcome = await projectBatch({
        db: db as never,
        eventStore: store,
        projection: projection as never,
        maxCount: 100,
      });
      if (outcome.kind !== 'advanced') break;
    }
  }
}

async function register(memberSeq: number): Promise<void> {
  await store.append(
    `member-${memberSeq}`,
    [
      event('MemberRegistered', {
        memberSeq,
        credentialId: randomUUID(),
        consents: [],
        inviterSeq: null,
        registeredAt: at,
      }),
    ],
    { expected: { kind: 'any' } },
  );
}

beforeAll(async () => {
  db = database().db;
  store = createPostgresEventStore({ url: database().url, poolSizeMax: 2 });
  await register(1);
  await register(2);
  await store.append(
    securityCatalogStream,
    [
      event('RestrictionPolicySet', {
        securityLevel: 1,
        target: 'WITHDRAW_ONE_TIME_AMOUNT',
        assetCode: 'BTC',
        amount: '0.10000000',
        setAt: at,
      }),
      event('RestrictionPolicySet', {
        securityLevel: 1,
        target: 'WITHDRAW_DAILY_AMOUNT',
        assetCode: 'BTC',
        amount: '0.5',
        setAt: at,
      }),
      event('RestrictionPolicySet', {
        securityLevel: 3,
        target: 'WITHDRAW_DAILY_AMOUNT',
        assetCode: 'BTC',
        amount: '10',
        setAt: at,
      }),
      event('RestrictionPolicySet', {
        securityLevel: 1,
        target: 'CREATE_ACCOUNT',
        assetCode: 'ETH',
        amount: null,
        setAt: at,
      }),
      event('RestrictionPolicySet', {
        securityLevel: 0,
        target: 'CREATE_ACCOUNT',
        assetCode: null,
        amount: null,
        setAt: at,
      }),
    ],
    { expected: { kind: 'any' } },
  );
  await project();
});
afterAll(async () => {
  await store.close();
});

describe('withdrawLimitsFor', () => {
  test('answers the policies of the member’s level as decimal strings, null when unlimited', async () => {
    expect(await withdrawLimitsFor(db, 1, 'BTC')).toEqual({
      securityLevel: 1,
      oneTime: '0.1',
      daily: '0.5',
    });
    expect(await withdrawLimitsFor(db, 1, 'KRW')).toEqual({
      securityLevel: 1,
      oneTime: null,
      daily: null,
    });
    expect(await withdrawLimitsFor(db, 99, 'BTC')).toBeUndefined();
  });

  test('follows the member’s security level', async () => {
    await store.append(
      'member-2',
      [
        event('SecurityLevelSet', {
          memberSeq: 2,
          securityLevel: 3,
          securityLevelPrevious: 1,
          setAt: at,
        }),
      ],
      { expected: { kind: 'any' } },
    );
    await project();
    expect(await withdrawLimitsFor(db, 2, 'BTC')).toEqual({
      securityLevel: 3,
      oneTime: null,
      daily: '10',
    });
  });
});

describe('mayMemberCreateAccount', () => {
  test('refuses an asset restricted at the level, or every asset at level 0', async () => {
    expect(await mayMemberCreateAccount(db, 1, 'ETH')).toEqual({
      allowed: false,
      securityLevel: 1,
    });
    expect(await mayMemberCreateAccount(db, 1, 'BTC')).toEqual({ allowed: true, securityLevel: 1 });
    await store.append(
      'member-2',
      [
        event('SecurityLevelSet', {
          memberSeq: 2,
          securityLevel: 0,
          securityLevelPrevious: 3,
          setAt: at,
        }),
      ],
      { expected: { kind: 'any' } },
    );
    await project();
    expect(await mayMemberCreateAccount(db, 2, 'KRW')).toEqual({
      allowed: false,
      securityLevel: 0,
    });
  });

  test('the catalog merges the defaults with the policies in force', async () => {
    const catalog = await readSecurityCatalog(db);
    expect(catalog.levels).toHaveLength(11);
    expect(catalog.levels[2]).toMatchObject({
      securityLevel: 2,
      conditions: ['MAIL_VERIFICATION'],
    });
    expect(catalog.policies).toContainEqual({
      securityLevel: 1,
      target: 'WITHDRAW_ONE_TIME_AMOUNT',
      assetCode: 'BTC',
      amount: '0.1',
    });
  });
});

describe('getWithdrawAddressCertification', () => {
  test('is scoped to its owner and usable only once approved and valid', async () => {
    await insertWithdrawAddressPersonalData(db, {
      certificationSeq: 5,
      memberSeq: 1,
      withdrawAddress: 'bc1qexampleaddress',
      holderName: 'Alice Kim',
    });
    await store.append(
      kycMemberStream(1),
      [
        event('WithdrawAddressCertificationRequested', {
          memberSeq: 1,
          certificationSeq: 5,
          assetCode: 'BTC',
          bankCode: null,
          requestedAt: at,
        }),
      ],
      { expected: { kind: 'any' } },
    );
    await project();
    expect(await getWithdrawAddressCertification(db, 2, 5)).toBeUndefined();
    expect(await getWithdrawAddressCertification(db, 1, 5)).toMatchObject({
      assetCode: 'BTC',
      withdrawAddress: 'bc1qexampleaddress',
      holderName: 'Alice Kim',
      status: 'requested',
      isUsable: false,
    });
    await store.append(
      kycMemberStream(1),
      [
        event('WithdrawAddressCertificationApproved', {
          memberSeq: 1,
          certificationSeq: 5,
          isValid: true,
          reviewedAt: at,
        }),
      ],
      { expected: { kind: 'any' } },
    );
    await project();
    expect(await getWithdrawAddressCertification(db, 1, 5)).toMatchObject({
      status: 'approved',
      isValid: true,
      isUsable: true,
    });
  });
});
