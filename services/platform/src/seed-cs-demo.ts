import type { Db } from '@ledger/db';
import { findMemberSeq, identityDb } from '@ledger/identity-store';
import { sql } from 'kysely';

/** What the seed needs of the write API: its in-process request entry. */
type App = { request(path: string, init?: RequestInit): Response | Promise<Response> };
type Login = { userId: string; password: string };

const ticketTypes = [
  ['account', 'Account and login', 1, false],
  ['deposit', 'Deposits and withdrawals', 2, true],
  ['other', 'Other questions', 3, true],
] as const;

/** The demo FAQ: fixed ids, so writing them again changes nothing. */
const faqEntries = [
  [
    '00000000-0000-4000-8000-00000000c501',
    'ko-KR',
    '로그인은 어떻게 하나요?',
    '아이디와 비밀번호로 로그인합니다.',
    1,
  ],
  [
    '00000000-0000-4000-8000-00000000c502',
    'ko-KR',
    '출금은 언제 처리되나요?',
    '관리자 승인 후 처리됩니다.',
    2,
  ],
  [
    '00000000-0000-4000-8000-00000000c503',
    'en-US',
    'How do I log in?',
    'With your user ID and password.',
    1,
  ],
  [
    '00000000-0000-4000-8000-00000000c504',
    'en-US',
    'When is a withdrawal sent?',
    'After an administrator approves it.',
    2,
  ],
  [
    '00000000-0000-4000-8000-00000000c505',
    'ja-JP',
    'ログイン方法は?',
    'IDとパスワードでログインします。',
    1,
  ],
  [
    '00000000-0000-4000-8000-00000000c506',
    'vi-VN',
    'Làm thế nào để đăng nhập?',
    'Dùng ID và mật khẩu của bạn.',
    1,
  ],
  ['00000000-0000-4000-8000-00000000c507', 'zh-TW', '如何登入?', '使用您的帳號與密碼登入。', 1],
] as const;

async function send(app: App, method: string, path: string, body: unknown, token?: string) {
  const response = await app.request(path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`seed: ${method} ${path} answered ${response.status} ${text}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

async function tokenOf(app: App, login: Login): Promise<string> {
  const answer = (await send(app, 'POST', '/api/v1/auth/token', {
    user_id: login.userId,
    password: login.password,
  })) as unknown as { token: string };
  return answer.token;
}

/** Ticket types, the FAQ type and the FAQ in every locale (published); the same again changes nothing. */
async function seedCatalogue(app: App, adminToken: string): Promise<void> {
  for (const [typeId, title, listOrder, allowGuest] of ticketTypes) {
    await send(
      app,
      'PUT',
      `/api/v1/admin/cs/ticket-type/${typeId}`,
      {
        title,
        list_order: listOrder,
        use_content: true,
        allow_guest: allowGuest,
        notify_member: true,
        notify_manager: true,
      },
      adminToken,
    );
  }
  await send(
    app,
    'PUT',
    '/api/v1/admin/cs/faq-type/general',
    { title: 'General', list_order: 1 },
    adminToken,
  );
  for (const [faqId, locale, question, answer, listOrder] of faqEntries) {
    const body = { faq_type_id: 'general', locale, question, answer, list_order: listOrder };
    await send(app, 'PUT', `/api/v1/admin/cs/faq/${faqId}`, body, adminToken);
    await send(
      app,
      'PUT',
      `/api/v1/admin/cs/faq/${faqId}/publish`,
      { published: true },
      adminToken,
    );
  }
}

/** A few tickets in every state: filed once (a restart finds alice's in place). */
async function seedTickets(app: App, tokens: { admin: string; alice: string; bob: string }) {
  const file = async (token: string, typeId: string, title: string, content: string) =>
    String(
      (await send(app, 'POST', '/api/v1/cs/ticket', { type_id: typeId, title, content }, token))
        .data.ticket_id,
    );
  const answer = (ticketId: string, text: string) =>
    send(app, 'PUT', `/api/v1/admin/cs/ticket/${ticketId}/answer`, { answer: text }, tokens.admin);
  const completed = await file(
    tokens.alice,
    'account',
    'Cannot change my password',
    'The form says my password is too weak.',
  );
  await answer(completed, 'Use a longer passphrase that does not contain your user ID.');
  await send(app, 'PUT', `/api/v1/admin/cs/ticket/${completed}/complete`, {}, tokens.admin);
  const answered = await file(
    tokens.alice,
    'deposit',
    'My KRW deposit is not credited',
    'I sent 50,000 KRW this morning.',
  );
  await answer(answered, 'It is credited once an administrator confirms the bank transfer.');
  await file(
    tokens.alice,
    'other',
    'Fees for BTC withdrawals',
    'What is the fee for a BTC withdrawal?',
  );
  const closed = await file(tokens.bob, 'other', 'Test ticket', 'Please ignore this ticket.');
  await send(app, 'PUT', `/api/v1/admin/cs/ticket/${closed}/close`, {}, tokens.admin);
  await send(app, 'POST', '/api/v1/cs/guest-ticket', {
    type_id: 'deposit',
    title: 'Can I deposit without an account?',
    content: 'I would like to know before signing up.',
    mail: 'visitor@demo.ledger.local',
  });
}

/**
 * The demo customer service: ticket types (two allow guests), an FAQ in the five locales, and a
 * few tickets of alice, bob and a guest in every state, all through the API; once (a restart
 * finds alice's tickets and appends nothing).
 */
export async function seedDemoCustomerService(
  app: App,
  db: Db,
  logins: { admin: Login; alice: Login; bob: Login },
): Promise<void> {
  const aliceSeq = await findMemberSeq(identityDb(db), 'user_id', logins.alice.userId);
  const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count
    FROM cs_ticket_personal_data WHERE member_seq = ${aliceSeq ?? 0}`.execute(db);
  // In place already (a login is an event, so a restart does not even log in).
  if ((rows[0]?.count ?? 0) > 0) return;
  const admin = await tokenOf(app, logins.admin);
  await seedCatalogue(app, admin);
  const alice = await tokenOf(app, logins.alice);
  const bob = await tokenOf(app, logins.bob);
  await seedTickets(app, { admin, alice, bob });
}
