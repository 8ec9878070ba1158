// Proves security levels change automatically: a verified email,
// an approved KYC certification, a real-name authentication and an OTP each raise the member's
// level through the reactor; a locked level never moves; an approval while the reactor is down is
// applied once after it restarts, and replaying the reactor from the start appends nothing.
import { useTestDatabase } from '@ledger/testing';
import type { TestMember } from '@ledger/write-api/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createKycPlatformTestKit,
  type KycPlatformTestKit,
} from '../testing/kyc-platform-test-kit.ts';

const database = useTestDatabase();
let kit: KycPlatformTestKit;
let adminToken: string;
let adminMember: TestMember;

beforeAll(async () => {
  kit = await createKycPlatformTestKit(database());
  const admin = await kit.register('chief');
  adminMember = admin;
  await kit.makeChiefAdministrator(admin.seq);
  await kit.settled();
  adminToken = (await kit.login(admin)).token;
});
afterAll(async () => {
  await kit.close();
});

async function levelSetCount(memberSeq: number): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM es_events
    WHERE stream_id = ${`member-${memberSeq}`} AND event_type = 'SecurityLevelSet'`.execute(kit.db);
  return Number(rows[0]?.count);
}

async function approvedMember(prefix: string): Promise<{ member: TestMember; token: string }> {
  const member = await kit.register(prefix);
  await kit.verifyEmail(member);
  const token = (await kit.login(member)).token;
  return { member, token };
}

describe('automatic level changes', () => {
  test('email, KYC, real name and OTP raise the level step by step', async () => {
    const member = await kit.register('climber');
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(1);
    await kit.verifyEmail(member);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(2);

    const token = (await kit.login(member)).token;
    const certification = await kit.requestKyc(token);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(2);
    expect((await kit.review('kyc-certification', certification, adminToken)).status).toBe(200);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(3);

    const { response } = await kit.authenticateRealname(token, {
      user_name: await kit.userNameOf(member.seq),
    });
    expect(response.status).toBe(200);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(4);

    await kit.enableOtp(member);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(5);
    // Every step was one SecurityLevelSet, from the reactor.
    expect(await levelSetCount(member.seq)).toBe(4);
    const { rows } = await sql<{ actor: string }>`SELECT metadata->>'actor' AS actor FROM es_events
      WHERE stream_id = ${`member-${member.seq}`} AND event_type = 'SecurityLevelSet'`.execute(
      kit.db,
    );
    expect(new Set(rows.map((row) => row.actor))).toEqual(new Set(['system:security-level']));
  });

  test('an invalidated KYC certification lowers the level again', async () => {
    const { member, token } = await approvedMember('invalidated');
    const certification = await kit.requestKyc(token);
    await kit.review('kyc-certification', certification, adminToken);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(3);
    const response = await kit.put(
      `/api/v1/admin/kyc-certification/${certification}/validity`,
      { is_valid: false },
      { token: adminToken },
    );
    expect(response.status).toBe(200);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(2);
  });
});

describe('expiry', () => {
  test('a KYC certification past its expiry is expired once, and the level drops', async () => {
    await kit.changeSetting('kyc.validitySeconds', 600);
    const { member, token } = await approvedMember('expiring');
    const certification = await kit.requestKyc(token);
    await kit.review('kyc-certification', certification, adminToken);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(3);
    kit.clock.nowMs += 601_000;
    await expect
      .poll(
        async () => {
          await kit.settled();
          return kit.securityLevelOf(member.seq);
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(2);
    const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM es_events
      WHERE stream_id = ${`kyc-member-${member.seq}`}
        AND event_type = 'KycCertificationExpired'`.execute(kit.db);
    expect(Number(rows[0]?.count)).toBe(1);
    await kit.changeSetting('kyc.validitySeconds', 365 * 24 * 3_600);
    adminToken = (await kit.login(adminMember)).token;
  });
});

describe('the lock', () => {
  test('a locked level never changes automatically; unlocking recomputes it', async () => {
    const { member, token } = await approvedMember('locked');
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(2);
    const lock = await kit.put(
      `/api/v1/admin/member/${member.seq}/security-level-lock`,
      { is_security_level_locked: true },
      { token: adminToken },
    );
    expect(lock.status).toBe(200);
    const certification = await kit.requestKyc(token);
    await kit.review('kyc-certification', certification, adminToken);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(2);
    const before = await levelSetCount(member.seq);

    await kit.put(
      `/api/v1/admin/member/${member.seq}/security-level-lock`,
      { is_security_level_locked: false },
      { token: adminToken },
    );
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(3);
    expect(await levelSetCount(member.seq)).toBe(before + 1);
  });
});

describe('restarts', () => {
  test('an approval while the reactor is down is applied once it is back; a replay appends nothing', async () => {
    const { member, token } = await approvedMember('restart');
    const certification = await kit.requestKyc(token);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(2);

    await kit.stopReactor();
    await kit.review('kyc-certification', certification, adminToken);
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(2);

    kit.startReactor();
    await kit.settled();
    expect(await kit.securityLevelOf(member.seq)).toBe(3);
    const afterRestart = await levelSetCount(member.seq);

    // As if the reactor died before any checkpoint: it reads every event again.
    await kit.stopReactor();
    await sql`UPDATE projection_checkpoints SET position = NULL
      WHERE projection = 'security-level-reactor'`.execute(kit.db);
    const events = await kit.eventCount();
    kit.startReactor();
    await kit.settled();
    expect(await levelSetCount(member.seq)).toBe(afterRestart);
    expect(await kit.eventCount()).toBe(events);
    expect(await kit.securityLevelOf(member.seq)).toBe(3);
  });
});
