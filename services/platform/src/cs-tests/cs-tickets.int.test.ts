// Proves customer service over HTTP on a real database: administrators define ticket types and the FAQ, members and guests see the published FAQ by locale and search; a member files tickets and reads only its own (another member's ticket is not found); a guest files only where the type allows guests and reads its ticket only with its own lookup code (a wrong code and an unknown ticket answer alike, rate-limited per address); an administrator answers, completes and closes in the SPEC's states and filters the list by state, type and date; and a member's withdrawal erases its tickets' words while every event stays as it was.
import { randomUUID } from 'node:crypto';
import { useTestDatabase } from '@ledger/testing';
import type { TestMember } from '@ledger/write-api/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CsPlatformTestKit,
  createCsPlatformTestKit,
} from '../testing/cs-platform-test-kit.ts';

const database = useTestDatabase();
let kit: CsPlatformTestKit;
let alice: TestMember;
let aliceToken: string;
let bobToken: string;
let adminToken: string;

const typeBody = (title: string, listOrder: number, allowGuest: boolean) => ({
  title,
  list_order: listOrder,
  use_content: true,
  allow_guest: allowGuest,
  notify_member: true,
  notify_manager: false,
});

type Filed = { data: { ticket_id: string; status: string; lookup_code?: string } };
type Problem = { code: string; title: string; requestId?: string };

async function fileAs(token: string, typeId: string, title: string): Promise<string> {
  const response = await kit.post(
    '/api/v1/cs/ticket',
    { type_id: typeId, title, content: `Hello, I am Alice Kim (${title}).` },
    { token },
  );
  return (await kit.json<Filed>(response, 201)).data.ticket_id;
}

async function fileAsGuest(typeId: string, address = '203.0.113.5') {
  return kit.post(
    '/api/v1/cs/guest-ticket',
    {
      type_id: typeId,
      title: 'Deposit missing',
      content: 'Sent yesterday.',
      mail: 'guest@example.test',
    },
    { address },
  );
}

const lookup = (ticketId: string, code: string, address = '203.0.113.9') =>
  kit.post(
    '/api/v1/cs/guest-ticket/lookup',
    { ticket_id: ticketId, lookup_code: code },
    { address },
  );

beforeAll(async () => {
  kit = await createCsPlatformTestKit(database());
  alice = await kit.register('alice');
  const bob = await kit.register('bob');
  const admin = await kit.register('chief');
  await kit.makeChiefAdministrator(admin.seq);
  aliceToken = (await kit.login(alice)).token;
  bobToken = (await kit.login(bob)).token;
  adminToken = (await kit.login(admin)).token;
  for (const [typeId, order, guest] of [
    ['account', 2, false],
    ['deposit', 1, true],
  ] as const) {
    const response = await kit.put(
      `/api/v1/admin/cs/ticket-type/${typeId}`,
      typeBody(`Type ${typeId}`, order, guest),
      { token: adminToken },
    );
    expect(response.status).toBe(200);
  }
  await kit.settled();
});
afterAll(async () => {
  await kit.close();
});

describe('FAQ', () => {
  test('administrators write and publish entries; everyone reads the published ones', async () => {
    const typed = await kit.put(
      '/api/v1/admin/cs/faq-type/general',
      { title: 'General', list_order: 1 },
      { token: adminToken },
    );
    expect(typed.status).toBe(200);
    const write = (locale: string, question: string, listOrder: number) =>
      kit.post(
        '/api/v1/admin/cs/faq',
        {
          faq_type_id: 'general',
          locale,
          question,
          answer: 'See the guide.',
          list_order: listOrder,
        },
        { token: adminToken },
      );
    const ids: string[] = [];
    for (const [locale, question, order] of [
      ['en-US', 'How do I log in?', 1],
      ['en-US', 'How do I withdraw?', 2],
      ['ko-KR', '로그인은 어떻게 하나요?', 1],
    ] as const) {
      ids.push(
        (await kit.json<{ data: { faq_id: string } }>(await write(locale, question, order), 201))
          .data.faq_id,
      );
    }
    const unknownType = await kit.post(
      '/api/v1/admin/cs/faq',
      { faq_type_id: 'missing', locale: 'en-US', question: 'Q', answer: 'A', list_order: 1 },
      { token: adminToken },
    );
    expect((await kit.json<Problem>(unknownType, 422)).code).toBe('cs_faq_type_not_found');
    for (const faqId of [ids[0], ids[2]]) {
      const published = await kit.put(
        `/api/v1/admin/cs/faq/${faqId}/publish`,
        { published: true },
        { token: adminToken },
      );
      expect(published.status).toBe(200);
    }
    await kit.settled();
    type Faqs = { data: { faq_id: string; question: string }[]; paging: { total: number } };
    const english = await kit.json<Faqs>(await kit.get('/api/v1/cs/faq?locale=en-US'), 200);
    expect(english.data.map((row) => row.question)).toEqual(['How do I log in?']);
    const searched = await kit.json<Faqs>(
      await kit.get(`/api/v1/cs/faq?search=${encodeURIComponent('로그인')}`),
      200,
    );
    expect(searched.data.map((row) => row.faq_id)).toEqual([ids[2]]);
    const all = await kit.json<Faqs>(
      await kit.get('/api/v1/admin/cs/faq?locale=en-US', { token: adminToken }),
      200,
    );
    expect(all.paging.total).toBe(2);
    expect((await kit.get('/api/v1/admin/cs/faq', { token: bobToken })).status).toBe(403);
  });
});

describe('tickets', () => {
  test('ticket types are public, in their order, with whether guests may file them', async () => {
    type Types = { data: { type_id: string; allow_guest: boolean }[] };
    const types = await kit.json<Types>(await kit.get('/api/v1/cs/ticket-type'), 200);
    expect(types.data.map((row) => [row.type_id, row.allow_guest])).toEqual([
      ['deposit', true],
      ['account', false],
    ]);
  });

  test('a member reads only its own tickets', async () => {
    const ticketId = await fileAs(aliceToken, 'account', 'Cannot log in');
    await fileAs(bobToken, 'deposit', 'Bob asks');
    const unknownType = await kit.post(
      '/api/v1/cs/ticket',
      { type_id: 'nothing', title: 'X', content: 'Y' },
      { token: aliceToken },
    );
    expect((await kit.json<Problem>(unknownType, 422)).code).toBe('cs_ticket_type_not_found');
    const noContent = await kit.post(
      '/api/v1/cs/ticket',
      { type_id: 'account', title: 'X' },
      { token: aliceToken },
    );
    expect((await kit.json<Problem>(noContent, 422)).code).toBe('cs_ticket_content_required');
    await kit.settled();
    type Tickets = { data: { ticket_id: string; title: string }[] };
    const mine = await kit.json<Tickets>(
      await kit.get('/api/v1/cs/ticket', { token: aliceToken }),
      200,
    );
    expect(mine.data.map((row) => [row.ticket_id, row.title])).toEqual([
      [ticketId, 'Cannot log in'],
    ]);
    const own = await kit.get(`/api/v1/cs/ticket/${ticketId}`, { token: aliceToken });
    expect((await kit.json<{ data: { content: string } }>(own, 200)).data.content).toContain(
      'Alice Kim',
    );
    const others = await kit.get(`/api/v1/cs/ticket/${ticketId}`, { token: bobToken });
    const unknown = await kit.get(`/api/v1/cs/ticket/${randomUUID()}`, { token: bobToken });
    expect((await kit.json<Problem>(others, 404)).code).toBe('cs_ticket_not_found');
    expect((await kit.json<Problem>(unknown, 404)).code).toBe('cs_ticket_not_found');
    expect((await kit.get('/api/v1/cs/ticket')).status).toBe(401);
  });

  test('a guest files only where the type allows it and reads only its own ticket', async () => {
    const refused = await fileAsGuest('account');
    expect((await kit.json<Problem>(refused, 403)).code).toBe('cs_guest_ticket_not_allowed');
    const first = await kit.json<Filed>(await fileAsGuest('deposit'), 201);
    const second = await kit.json<Filed>(await fileAsGuest('deposit'), 201);
    const code = first.data.lookup_code ?? '';
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    await kit.settled();
    type Detail = { data: { title: string; status: string; member_seq: null } };
    const read = await kit.json<Detail>(await lookup(first.data.ticket_id, code), 200);
    expect(read.data).toMatchObject({ title: 'Deposit missing', status: 'open', member_seq: null });
    const wrongCode = await lookup(first.data.ticket_id, second.data.lookup_code ?? '');
    const unknown = await lookup(randomUUID(), code);
    const [a, b] = [await kit.json<Problem>(wrongCode, 404), await kit.json<Problem>(unknown, 404)];
    expect({ ...a, requestId: null }).toEqual({ ...b, requestId: null });
    expect(a.code).toBe('cs_ticket_not_found');
    const memberTicket = await fileAs(aliceToken, 'deposit', 'Member ticket');
    expect((await lookup(memberTicket, code)).status).toBe(404);
  });

  test('guest lookups are rate-limited per address', async () => {
    let status = 0;
    for (let attempt = 0; attempt < 31; attempt += 1)
      status = (await lookup(randomUUID(), 'ABCDEFGHJKMNPQRSTVWX', '203.0.113.77')).status;
    expect(status).toBe(429);
    expect((await lookup(randomUUID(), 'ABCDEFGHJKMNPQRSTVWX', '203.0.113.78')).status).toBe(404);
  });

  test('an administrator answers, completes and closes; the list filters by state, type and date', async () => {
    const answered = await fileAs(aliceToken, 'account', 'Please answer');
    const closed = await fileAs(aliceToken, 'account', 'Never mind');
    const notYet = await kit.put(
      `/api/v1/admin/cs/ticket/${answered}/complete`,
      {},
      { token: adminToken },
    );
    expect((await kit.json<Problem>(notYet, 409)).code).toBe('cs_ticket_not_answered');
    const answer = await kit.put(
      `/api/v1/admin/cs/ticket/${answered}/answer`,
      { answer: 'Done, Alice Kim.' },
      { token: adminToken },
    );
    expect(answer.status).toBe(200);
    expect(
      (await kit.put(`/api/v1/admin/cs/ticket/${answered}/complete`, {}, { token: adminToken }))
        .status,
    ).toBe(200);
    expect(
      (await kit.put(`/api/v1/admin/cs/ticket/${closed}/close`, {}, { token: adminToken })).status,
    ).toBe(200);
    const late = await kit.put(
      `/api/v1/admin/cs/ticket/${closed}/answer`,
      { answer: 'Too late' },
      { token: adminToken },
    );
    expect((await kit.json<Problem>(late, 409)).code).toBe('cs_ticket_finished');
    const byMember = await kit.put(
      `/api/v1/admin/cs/ticket/${closed}/close`,
      {},
      { token: aliceToken },
    );
    expect(byMember.status).toBe(403);
    await kit.settled();
    type Tickets = { data: { ticket_id: string; status: string }[]; paging: { total: number } };
    const list = (query: string) =>
      kit.get(`/api/v1/admin/cs/ticket?${query}`, { token: adminToken });
    const completed = await kit.json<Tickets>(await list('status=completed'), 200);
    expect(completed.data.map((row) => row.ticket_id)).toEqual([answered]);
    const accounts = await kit.json<Tickets>(await list('type_id=account&date_range=today'), 200);
    expect(accounts.data.map((row) => row.ticket_id)).toEqual(
      expect.arrayContaining([answered, closed]),
    );
    const past = await kit.json<Tickets>(await list('date_to=2020-01-01'), 200);
    expect(past.paging.total).toBe(0);
    const detail = await kit.get(`/api/v1/cs/ticket/${answered}`, { token: aliceToken });
    expect(
      (await kit.json<{ data: { status: string; answer: string } }>(detail, 200)).data,
    ).toMatchObject({
      status: 'completed',
      answer: 'Done, Alice Kim.',
    });
  });

  test("a member's withdrawal erases its tickets' words and leaves every event as it was", async () => {
    const events = async () =>
      (
        await sql<{ data: unknown }>`SELECT data FROM es_events WHERE stream_id LIKE 'cs-ticket-%'
          ORDER BY stream_id, stream_revision`.execute(kit.db)
      ).rows;
    const before = await events();
    expect(JSON.stringify(before)).not.toContain('Alice Kim');
    const withdrawal = await kit.post(
      '/api/v1/member/me/withdrawal',
      { password: alice.password },
      { token: aliceToken },
    );
    expect(withdrawal.status).toBe(200);
    await kit.settled();
    const { rows } = await sql<Record<string, unknown>>`SELECT title, content, answer, erased_at
      FROM cs_ticket_personal_data WHERE member_seq = ${alice.seq}`.execute(kit.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ title: null, content: null, answer: null });
    for (const row of rows) expect(row.erased_at).not.toBeNull();
    expect(await events()).toEqual(before);
  });
});
