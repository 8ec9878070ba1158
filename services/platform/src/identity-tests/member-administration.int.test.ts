// Proves the administrator's member features over both APIs: deny ends the member's sessions and
// refuses its logins, allow restores them; security level, its lock, statistics exclusion, groups
// and the admin flag show in the read models; the member list pages, sorts, filters (flags, group,
// date range, search) in the one list-query shape; the member view and its tabs, member groups,
// roles, permissions, login log, activity log, settings and the mail outbox answer.
import { useTestDatabase } from '@ledger/testing';
import type { TestMember } from '@ledger/write-api/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let chiefToken: string;
let members: TestMember[];

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  members = [];
  for (const prefix of ['kim', 'lee', 'park']) {
    members.push(await kit.register(prefix));
    kit.clock.nowMs += 24 * 3_600_000;
  }
  await kit.projected();
  chiefToken = (await kit.login(chief)).token;
});
afterAll(async () => {
  await kit.close();
});

async function read(path: string): Promise<Record<string, unknown>> {
  const response = await kit.get(path, { token: chiefToken });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as Record<string, unknown>;
}

async function write(path: string, body: unknown, status = 200): Promise<Record<string, unknown>> {
  const response = await kit.put(path, body, { token: chiefToken });
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as Record<string, unknown>;
}

function member(index: number): TestMember {
  const found = members[index];
  if (found === undefined) throw new Error('no such test member');
  return found;
}

describe('administrator commands', () => {
  test('deny ends the sessions and refuses logins; allow restores them', async () => {
    const target = member(0);
    const session = await kit.login(target);
    await write(`/api/v1/admin/member/${target.seq}/deny`, { is_denied: true });
    expect((await kit.get('/api/v1/member/me', { token: session.token })).status).toBe(401);
    const refused = await kit.post('/api/v1/auth/token', {
      user_id: target.userId,
      password: target.password,
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('member_denied');
    const again = await write(`/api/v1/admin/member/${target.seq}/deny`, { is_denied: true });
    expect(again.data).toMatchObject({ changed: false });
    await write(`/api/v1/admin/member/${target.seq}/deny`, { is_denied: false });
    await kit.login(target);
  });

  test('security level, lock, statistics exclusion, groups and the admin flag reach the view', async () => {
    const target = member(1);
    const group = (await (
      await kit.post('/api/v1/admin/member-group', { name: 'VIP' }, { token: chiefToken })
    ).json()) as {
      data: { group_seq: number };
    };
    const groupSeq = group.data.group_seq;
    await write(`/api/v1/admin/member/${target.seq}/security-level`, { security_level: 3 });
    await write(`/api/v1/admin/member/${target.seq}/security-level-lock`, {
      is_security_level_locked: true,
    });
    await write(`/api/v1/admin/member/${target.seq}/statistics-exclusion`, {
      use_statistics_exclude: true,
    });
    await write(`/api/v1/admin/member/${target.seq}/groups`, { group_seqs: [groupSeq] });
    const last = await write(`/api/v1/admin/member/${target.seq}/admin`, { is_admin: true });
    const view = await read(`/api/v1/admin/member/${target.seq}?after=${String(last.position)}`);
    expect(view.data).toMatchObject({
      seq: target.seq,
      user_id: target.userId,
      security_level: 3,
      is_security_level_locked: true,
      use_statistics_exclude: true,
      group_seqs: [groupSeq],
      is_admin: true,
    });
    const unknownGroup = await kit.put(
      `/api/v1/admin/member/${target.seq}/groups`,
      { group_seqs: [999] },
      { token: chiefToken },
    );
    expect(unknownGroup.status).toBe(404);
    const badLevel = await kit.put(
      `/api/v1/admin/member/${target.seq}/security-level`,
      { security_level: 11 },
      { token: chiefToken },
    );
    expect(badLevel.status).toBe(400);
    const groups = await read('/api/v1/admin/member-group');
    expect(groups.data).toEqual([
      expect.objectContaining({ group_seq: groupSeq, name: 'VIP', member_count: 1 }),
    ]);
    expect((await read(`/api/v1/admin/member?group_seq=${groupSeq}`)).data).toMatchObject([
      { seq: target.seq },
    ]);
  });

  test('an administrator cannot deny itself', async () => {
    const self = (await (await kit.get('/api/v1/member/me', { token: chiefToken })).json()) as {
      member_info: { seq: number };
    };
    const response = await kit.put(
      `/api/v1/admin/member/${self.member_info.seq}/deny`,
      { is_denied: true },
      { token: chiefToken },
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as { code: string }).code).toBe('self_administration_refused');
  });
});

describe('administrator reads', () => {
  test('the member list pages, sorts, searches and filters by date in one query shape', async () => {
    const page = await read('/api/v1/admin/member?page=1&page_size=2&sort=seq&order=asc');
    expect(page.paging).toEqual({ page: 1, page_size: 2, total: 4, total_pages: 2 });
    expect((page.data as { seq: number }[]).map((row) => row.seq)).toEqual([1, 2]);
    const all = await read('/api/v1/admin/member?no_paging=1&sort=regdate&order=desc');
    expect((all.data as unknown[]).length).toBe(4);
    const search = await read(`/api/v1/admin/member?search=${member(2).userId.slice(0, 6)}`);
    expect((search.data as { seq: number }[]).map((row) => row.seq)).toEqual([member(2).seq]);
    // Members were registered a day apart; the clock stands a day after the last one.
    const yesterday = await read('/api/v1/admin/member?date_range=yesterday');
    expect((yesterday.data as { seq: number }[]).map((row) => row.seq)).toEqual([member(2).seq]);
    const day = new Date(kit.clock.nowMs - 24 * 3_600_000 + 9 * 3_600_000)
      .toISOString()
      .slice(0, 10);
    const exact = await read(`/api/v1/admin/member?date_from=${day}&date_to=${day}`);
    expect(exact.data).toEqual(yesterday.data);
    const bad = await kit.get('/api/v1/admin/member?sort=password', { token: chiefToken });
    expect(bad.status).toBe(400);
    const extra = await kit.get('/api/v1/admin/member?is_admin=true&balance=1', {
      token: chiefToken,
    });
    expect(extra.status).toBe(400);
  });

  test('the member view tabs, login log, activity log, acs, settings and outbox answer', async () => {
    const target = member(2);
    await kit.post('/api/v1/auth/token', { user_id: target.userId, password: 'not the password' });
    await kit.projected();
    expect((await read(`/api/v1/admin/member/${target.seq}/account`)).data).toEqual([]);
    expect((await read(`/api/v1/admin/member/${target.seq}/oauth2-client`)).data).toEqual([]);
    expect((await read(`/api/v1/admin/member/${target.seq}/invite-relation`)).data).toEqual([]);
    const log = await read(`/api/v1/admin/member/${target.seq}/loginlog`);
    expect(log.data).toEqual([
      expect.objectContaining({ result: 'invalid_credentials', member_seq: target.seq }),
    ]);
    const failures = await read('/api/v1/admin/loginlog?result=invalid_credentials');
    expect((failures.data as unknown[]).length).toBe(1);
    const activity = await read(`/api/v1/admin/activity-log?member_seq=${member(1).seq}&order=asc`);
    const types = (activity.data as { event_type: string; actor: string }[]).map(
      (row) => row.event_type,
    );
    expect(types).toEqual(
      expect.arrayContaining(['MemberRegistered', 'SecurityLevelSet', 'MemberGroupsChanged']),
    );
    expect(
      (activity.data as { actor: string }[]).some((row) => row.actor.startsWith('admin:')),
    ).toBe(true);
    const permissions = await read('/api/v1/admin/acs/permission');
    expect(permissions.data).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/v1/admin/member' }),
    );
    expect((await read('/api/v1/admin/acs/role')).paging).toMatchObject({ total: 0 });
    const settings = await read('/api/v1/admin/setting');
    expect(settings.data).toContainEqual({ key: 'auth.administratorOtpRequired', value: false });
    const outbox = await read(
      `/api/v1/admin/mail-outbox?recipient=${encodeURIComponent(target.email)}`,
    );
    expect((outbox.data as { subject: string }[])[0]?.subject).toBe('Verify your email address');
  });

  test('a setting change is validated against the catalogue', async () => {
    expect(
      (await kit.put('/api/v1/admin/setting/otp.maximumCount', { value: 0 }, { token: chiefToken }))
        .status,
    ).toBe(422);
    expect(
      (await kit.put('/api/v1/admin/setting/no.such', { value: 1 }, { token: chiefToken })).status,
    ).toBe(404);
    await write('/api/v1/admin/setting/otp.maximumCount', { value: 2 });
  });
});

test('GET /constant is public: locales, assets and enumerations', async () => {
  const response = await kit.get('/api/v1/constant');
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    data: {
      locales: { default: string };
      assets: unknown[];
      member: { sign_up_enabled: boolean; login_identifier: string };
      otp: { allow_cancel: boolean; maximum_count: number; required_actions: string[] };
      enumerations: Record<string, string[]>;
    };
  };
  expect(body.data.locales.default).toBe('ko-KR');
  expect(body.data.member.sign_up_enabled).toBe(true);
  expect(body.data.otp.allow_cancel).toBe(true);
  // The settings test above set otp.maximumCount to 2: the constant follows the settings once the
  // projection has it.
  await expect
    .poll(async () => {
      const again = (await (await kit.get('/api/v1/constant')).json()) as typeof body;
      return again.data.otp.maximum_count;
    })
    .toBe(2);
  expect(body.data.otp.required_actions.length).toBeGreaterThan(0);
  expect(body.data.assets).toEqual([]);
  expect(body.data.enumerations.date_range).toContain('last_7_days');
});

test('GET /constant lists the active assets of the catalogue in output order', async () => {
  const row = (code: string, decimalPoint: number, outputOrder: number, isActive: boolean) => ({
    code,
    title: `${code} coin`,
    decimal_point: decimalPoint,
    allow_deposit: true,
    allow_withdraw: code !== 'KRW',
    is_active: isActive,
    output_order: outputOrder,
    withdraw_fees: '[]',
    deposit_extra_form: '[]',
    withdraw_extra_form: '[]',
    minimum_deposit: '0',
    memo_required: false,
    confirmations_required: 350,
    is_frozen: false,
    registered_at: new Date(),
    last_position: '0',
  });
  // The read model as the assets projection writes it (its own tests cover the projection).
  await (database().db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('asset_catalog_v1')
    .values([row('ETH', 18, 2, true), row('KRW', 0, 1, true), row('OLD', 8, 0, false)])
    .execute();
  const body = (await (await kit.get('/api/v1/constant')).json()) as {
    data: { assets: unknown[] };
  };
  expect(body.data.assets).toEqual([
    {
      code: 'KRW',
      title: 'KRW coin',
      decimal_point: 0,
      allow_deposit: true,
      allow_withdraw: false,
    },
    {
      code: 'ETH',
      title: 'ETH coin',
      decimal_point: 18,
      allow_deposit: true,
      allow_withdraw: true,
    },
  ]);
});
