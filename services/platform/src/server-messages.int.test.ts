// Proves, over real HTTP to both APIs, that a problem is answered in the caller's language: the
// same failure (a wrong password, a validation failure, an unknown path, a malformed position, a
// body that is not JSON or is over the limit, the direct money route's refusal) gets the
// catalog's title, detail and field messages in the locale Accept-Language picks, says it in
// Content-Language, and keeps the same stable code and values in every locale; without the header
// it is ko-KR; a kept answer replayed under its Idempotency-Key keeps its words and says their
// language; and the direct money route answers exactly as Hono does in each language.
import { request as httpRequest } from 'node:http';
import { type MessageLocale, messageLocales, problemCatalogs } from '@ledger/contracts';
import { type RunningServer, serveApp } from '@ledger/http';
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { limits } from '@ledger/write-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from './testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let alice: LedgerTestMember;
let write: RunningServer;
let writeThroughHono: RunningServer;
let query: RunningServer;
const accounts: Record<string, number> = {};

async function open(name: string): Promise<void> {
  const response = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'KRW', title: name },
    { token: alice.token, key: kit.freshKey() },
  );
  expect(response.status).toBe(201);
  accounts[name] = ((await response.json()) as { data: { seq: number } }).data.seq;
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  alice = await kit.member('alice');
  await open('spending');
  await open('savings');
  await kit.writer.submit({
    commandId: 'fund-spending',
    actor: 'system:test',
    command: {
      type: 'PostTransfer',
      data: {
        transferId: 'fund-spending',
        legs: [
          {
            debit: systemAccountId('chainClearing', 'KRW'),
            credit: `wallet:${accounts.spending}`,
            asset: 'KRW',
            amount: '100',
          },
        ],
        cause: 'deposit',
      },
    },
  });
  write = await serveApp(kit.app, { port: 0, hostname: '127.0.0.1' });
  writeThroughHono = await serveApp(kit.app, {
    port: 0,
    hostname: '127.0.0.1',
    directRoutes: false,
  });
  query = await serveApp(kit.queryApp, { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await write?.close();
  await writeThroughHono?.close();
  await query?.close();
  await kit.close();
});

type Answer = {
  status: number;
  language: string | undefined;
  problem: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
};

/** One request over a fresh connection, its Content-Length declared (as the direct path needs). */
function send(
  server: RunningServer,
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const text = options.raw ?? (options.body === undefined ? '' : JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        agent: false,
        method,
        path,
        headers: {
          ...(text === ''
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const language = response.headers['content-language'];
          resolve({
            status: response.statusCode ?? 0,
            language: typeof language === 'string' ? language : undefined,
            problem: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
            headers: response.headers,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

const inLanguage = (locale: string | undefined) =>
  locale === undefined ? {} : { 'accept-language': locale };

describe('a wrong password', () => {
  const wrongPassword = (locale: string | undefined) =>
    send(write, 'POST', '/api/v1/auth/token', {
      body: { user_id: alice.userId, password: 'not the password at all' },
      headers: inLanguage(locale),
    });

  test.each([
    ['ja-JP', 'ja-JP', 'ユーザーIDまたはパスワードが正しくありません。'],
    ['vi-VN', 'vi-VN', 'Tên đăng nhập hoặc mật khẩu không đúng.'],
    ['en-US', 'en-US', 'The user ID or password is incorrect.'],
    ['zh-TW', 'zh-TW', problemCatalogs['zh-TW'].invalid_credentials.title],
    ['ja', 'ja-JP', 'ユーザーIDまたはパスワードが正しくありません。'],
    ['fr-FR, en;q=0.8, ja;q=0.5', 'en-US', 'The user ID or password is incorrect.'],
    [undefined, 'ko-KR', '아이디 또는 비밀번호가 올바르지 않습니다.'],
  ] as const)(
    'Accept-Language %s: answered in %s, code invalid_credentials',
    async (header, locale, title) => {
      const answer = await wrongPassword(header);
      expect(answer.status).toBe(401);
      expect(answer.language).toBe(locale);
      expect(answer.headers.vary).toBe('accept-language');
      expect(answer.problem).toMatchObject({
        code: 'invalid_credentials',
        type: 'urn:ledger:problem:invalid_credentials',
        title,
        status: 401,
      });
    },
  );
});

describe('a validation failure', () => {
  test.each([
    ['ja-JP', 'unrecognized_keys'],
    ['vi-VN', 'too_big'],
  ] as const)(
    '%s: the title and each field message in the language, the codes the same',
    async (locale, fieldCode) => {
      const body =
        fieldCode === 'too_big'
          ? { asset: 'KRW', title: 'x'.repeat(51) }
          : { asset: 'KRW', title: 'Rainy day', balance: '1000000' };
      const answer = await send(write, 'POST', '/api/v1/account', {
        body,
        headers: {
          ...inLanguage(locale),
          authorization: `Bearer ${alice.token}`,
          'idempotency-key': kit.freshKey(),
        },
      });
      expect(answer.status).toBe(400);
      expect(answer.language).toBe(locale);
      expect(answer.problem).toMatchObject({
        code: 'validation_failed',
        title: problemCatalogs[locale].validation_failed.title,
      });
      const [error] = answer.problem.errors as { code: string; message: string }[];
      expect(error?.code).toBe(fieldCode);
      expect(error?.message).toBe(
        fieldCode === 'too_big' ? 'Tối đa 50 ký tự.' : '受け付けない項目が含まれています。',
      );
    },
  );
});

describe('an unknown path on either API', () => {
  test.each(messageLocales.map((locale) => [locale]))('%s', async (locale) => {
    for (const server of [write, query]) {
      const answer = await send(server, 'GET', '/api/v1/no-such-thing', {
        headers: inLanguage(locale),
      });
      expect(answer.status).toBe(404);
      expect(answer.language).toBe(locale);
      expect(answer.problem).toMatchObject({
        code: 'not_found',
        title: problemCatalogs[locale].not_found.title,
      });
    }
  });
});

test('the query API: a malformed position in zh-TW, and without Accept-Language in ko-KR', async () => {
  for (const [header, locale] of [
    ['zh-TW', 'zh-TW'],
    [undefined, 'ko-KR'],
  ] as const) {
    const answer = await send(query, 'GET', '/api/v1/member/me?after=1', {
      headers: { ...inLanguage(header), authorization: `Bearer ${alice.token}` },
    });
    expect(answer.status).toBe(400);
    expect(answer.language).toBe(locale);
    expect(answer.problem).toMatchObject({
      code: 'position_invalid',
      title: problemCatalogs[locale].position_invalid.title,
    });
  }
});

test('the write API’s refusals before any route: a non-JSON body in vi-VN, a body over the limit in ja-JP', async () => {
  const notJson = await send(write, 'POST', '/api/v1/account', {
    headers: {
      'accept-language': 'vi-VN',
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '9',
    },
    raw: 'asset=KRW',
  });
  expect(notJson).toMatchObject({ status: 415, language: 'vi-VN' });
  expect(notJson.problem).toMatchObject({
    code: 'unsupported_media_type',
    title: problemCatalogs['vi-VN'].unsupported_media_type.title,
    detail: problemCatalogs['vi-VN'].unsupported_media_type.detail,
  });
  const tooLarge = await send(write, 'POST', '/api/v1/account', {
    headers: { 'accept-language': 'ja', 'content-type': 'application/json' },
    raw: 'x'.repeat(limits.bodySizeMax + 1),
  });
  expect(tooLarge).toMatchObject({ status: 413, language: 'ja-JP' });
  expect(tooLarge.problem).toMatchObject({
    code: 'payload_too_large',
    title: problemCatalogs['ja-JP'].payload_too_large.title,
    detail: `本文は ${limits.bodySizeMax} バイト以内にしてください。`,
    bodySizeMax: limits.bodySizeMax,
  });
});

test('a kept refusal is replayed word for word, saying the language it is in', async () => {
  const change = (locale: string) =>
    send(write, 'PUT', '/api/v1/member/me/password', {
      body: { current_password: 'not my password at all', new_password: 'a new long passphrase 7' },
      headers: {
        'accept-language': locale,
        authorization: `Bearer ${alice.token}`,
        'idempotency-key': 'password-change-in-japanese',
      },
    });
  const first = await change('ja-JP');
  expect(first).toMatchObject({ status: 403, language: 'ja-JP' });
  expect(first.problem).toMatchObject({
    code: 'current_password_incorrect',
    title: problemCatalogs['ja-JP'].current_password_incorrect.title,
  });
  const replayed = await change('en-US');
  expect(replayed.headers['idempotency-replayed']).toBe('true');
  expect(replayed).toMatchObject({ status: 403, language: 'ja-JP', problem: first.problem });
});

describe('the direct money route answers as Hono does, in each language', () => {
  const transfer = (server: RunningServer, locale: MessageLocale, body: unknown) =>
    send(server, 'POST', '/api/v1/account-transfer', {
      body,
      headers: {
        ...inLanguage(locale),
        authorization: `Bearer ${alice.token}`,
        'idempotency-key': kit.freshKey(),
        'x-request-id': `messages-${locale}`,
      },
    });
  const comparable = ({ headers: { date: _date, ...headers }, ...answer }: Answer) => ({
    ...answer,
    headers,
  });

  test.each(messageLocales.map((locale) => [locale]))(
    '%s: more than the balance',
    async (locale) => {
      const body = {
        source_account_seq: accounts.spending,
        target_account_seq: accounts.savings,
        amount: '500',
      };
      expect(write.direct.paths).toEqual(['/api/v1/account-transfer']);
      const direct = await transfer(write, locale, body);
      const hono = await transfer(writeThroughHono, locale, body);
      expect(comparable(direct)).toEqual(comparable(hono));
      expect(direct.status).toBe(422);
      expect(direct.language).toBe(locale);
      const { title, detail } = problemCatalogs[locale].insufficient_funds;
      expect(direct.problem).toMatchObject({
        code: 'insufficient_funds',
        title,
        detail: detail?.replace('{available}', '100').replace('{requested}', '500'),
        available: '100',
        requested: '500',
      });
    },
  );

  test('vi-VN: the detail says it in Vietnamese; a body that fails validation, in ja-JP', async () => {
    const refused = await transfer(write, 'vi-VN', {
      source_account_seq: accounts.spending,
      target_account_seq: accounts.savings,
      amount: '500',
    });
    expect(refused.problem.detail).toBe('Khả dụng 100, yêu cầu 500.');
    const invalid = { source_account_seq: accounts.spending, amount: '1' };
    const direct = await transfer(write, 'ja-JP', invalid);
    const hono = await transfer(writeThroughHono, 'ja-JP', invalid);
    expect(comparable(direct)).toEqual(comparable(hono));
    expect(direct).toMatchObject({ status: 400, language: 'ja-JP' });
    expect(direct.problem).toMatchObject({
      code: 'validation_failed',
      title: '入力内容をご確認ください。',
    });
  });
});
