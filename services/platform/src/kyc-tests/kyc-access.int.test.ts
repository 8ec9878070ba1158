// Proves KYC access control (no IDOR): a member lists only its own KYC certifications, real-name
// authentications and address certifications, cannot hand in an answer for another member's
// authentication (404, nothing written), cannot review or read administrators' lists (403), and a
// real-name answer for someone else is refused with "You cannot authenticate yourself"; the lists
// show administrators the personal data, members never see CI, DI or birth date; and a request
// retried with the same Idempotency-Key is made once.
import { useTestDatabase } from '@ledger/testing';
import type { TestMember } from '@ledger/write-api/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createKycPlatformTestKit,
  type KycPlatformTestKit,
} from '../testing/kyc-platform-test-kit.ts';

const database = useTestDatabase();
let kit: KycPlatformTestKit;
let alice: TestMember;
let aliceToken: string;
let bobToken: string;
let adminToken: string;
let aliceRealname: number;

type List = { data: Record<string, unknown>[] };

beforeAll(async () => {
  kit = await createKycPlatformTestKit(database());
  alice = await kit.register('alice');
  const bob = await kit.register('bob');
  const admin = await kit.register('chief');
  await kit.makeChiefAdministrator(admin.seq);
  aliceToken = (await kit.login(alice)).token;
  bobToken = (await kit.login(bob)).token;
  adminToken = (await kit.login(admin)).token;
  await kit.requestKyc(aliceToken);
  await kit.requestAddress(aliceToken);
  const { seq, response } = await kit.authenticateRealname(aliceToken, {
    user_name: await kit.userNameOf(alice.seq),
  });
  expect(response.status).toBe(200);
  aliceRealname = seq;
  await kit.settled();
});
afterAll(async () => {
  await kit.close();
});

describe('a member sees only its own rows', () => {
  test.each([
    '/api/v1/kyc/certification',
    '/api/v1/kyc/realname',
    '/api/v1/kyc/withdraw-address-certification',
  ])('%s', async (path) => {
    const own = await kit.json<List>(await kit.get(path, { token: aliceToken }), 200);
    expect(own.data).toHaveLength(1);
    const other = await kit.json<List>(await kit.get(path, { token: bobToken }), 200);
    expect(other.data).toEqual([]);
  });

  test('the member’s real-name history carries no CI, DI, birth date or cell number', async () => {
    const own = await kit.json<List>(
      await kit.get('/api/v1/kyc/realname', { token: aliceToken }),
      200,
    );
    const text = JSON.stringify(own);
    for (const key of ['ci', 'di', 'birth_date', 'cell_number', 'ipaddress']) {
      expect(own.data[0]).not.toHaveProperty(key);
    }
    expect(text).not.toContain('900101');
  });
});

describe('another member’s objects', () => {
  test('handing in an answer for Alice’s authentication answers 404 and writes nothing', async () => {
    const before = await kit.eventCount();
    const response = await kit.post(
      '/api/v1/kyc/realname/complete',
      { realname_seq: aliceRealname, provider_answer: { ticket: 'x' } },
      { token: bobToken },
    );
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('kyc_not_found');
    expect(await kit.eventCount()).toBe(before);
  });

  test('a member cannot review, change validity, or read administrators’ lists', async () => {
    const before = await kit.eventCount();
    for (const path of [
      '/api/v1/admin/kyc-certification/1/review',
      '/api/v1/admin/kyc-asset-withdraw-address-certification/1/review',
    ]) {
      const response = await kit.put(
        path,
        { decision: 'approved', is_valid: true },
        { token: bobToken },
      );
      expect(response.status).toBe(403);
    }
    for (const path of [
      '/api/v1/admin/kyc-certification',
      '/api/v1/admin/kyc-realname',
      '/api/v1/admin/kyc-asset-withdraw-address-certification',
      '/api/v1/admin/security/catalog',
    ]) {
      expect((await kit.get(path, { token: bobToken })).status).toBe(403);
    }
    expect(await kit.eventCount()).toBe(before);
  });

  test('an administrator reviewing an unknown request gets 404', async () => {
    const response = await kit.review('kyc-certification', 999_999, adminToken);
    expect(response.status).toBe(404);
  });
});

describe('real-name answers', () => {
  test('someone else’s name: "You cannot authenticate yourself" (in ko-KR, the default locale), recorded as failed', async () => {
    const { seq, response } = await kit.authenticateRealname(bobToken, { user_name: 'Not Bob' });
    expect(response.status).toBe(422);
    const problem = (await response.json()) as { code: string; title: string };
    expect(problem).toMatchObject({
      code: 'realname_mismatch',
      title: '본인인증을 할 수 없습니다',
    });
    await kit.settled();
    const list = await kit.json<List>(
      await kit.get('/api/v1/kyc/realname', { token: bobToken }),
      200,
    );
    expect(list.data.find((row) => row.seq === seq)).toMatchObject({
      status: 'failed',
      failure_reason: 'mismatch',
    });
  });

  test('a forged ticket is refused by the authority', async () => {
    const { response } = await kit.authenticateRealname(bobToken, {
      user_name: 'Whoever',
      ticket: 'forged',
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { code: string }).code).toBe('realname_refused');
  });

  test('administrators see the personal data of an authentication', async () => {
    const list = await kit.json<List>(
      await kit.get(`/api/v1/admin/kyc-realname?member_seq=${alice.seq}`, { token: adminToken }),
      200,
    );
    expect(list.data[0]).toMatchObject({
      status: 'authenticated',
      birth_date: '900101',
      cell_number: '01012345678',
      is_valid: true,
    });
    expect(String(list.data[0]?.ci)).not.toBe('');
  });
});

describe('Idempotency-Key', () => {
  test('a withdraw-address request retried with the same key answers the same and is made once', async () => {
    const body = {
      asset: 'USDT',
      bank_code: null,
      withdraw_address: 'TRC20-address-0001',
      holder_name: 'Alice Kim',
    };
    const send = () =>
      kit.post('/api/v1/kyc/withdraw-address-certification', body, {
        token: aliceToken,
        headers: { 'idempotency-key': 'address-request-1' },
      });
    const first = await kit.json<{ data: { seq: number } }>(await send(), 201);
    const events = await kit.eventCount();
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(((await again.json()) as { data: { seq: number } }).data.seq).toBe(first.data.seq);
    expect(await kit.eventCount()).toBe(events);
  });
});
