// Proves the direct money route (POST /api/v1/account-transfer answered straight from node:http,
// docs/adr/0018) answers every kind of request exactly as the same app does through Hono: the same
// request sent over real HTTP to a server with the direct route and to one without gets the same
// status, headers (but the date and a server-made request id) and body, records the same request
// metadata, and the requests the direct path must not take reach Hono (chunked) or are refused
// before both (a body declared over the limit); and
// that concurrent requests through it keep idempotency (T5) and never overdraw (T2).
import { request as httpRequest } from 'node:http';
import { type RunningServer, serveApp } from '@ledger/http';
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { limits } from '@ledger/write-api';
import { testClientAddressHeader } from '@ledger/write-api/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let alice: LedgerTestMember;
let bob: LedgerTestMember;
let carol: LedgerTestMember;
let direct: RunningServer;
let hono: RunningServer;
/** Requests that reached Hono's fetch (the direct path never calls it). */
let honoCalls = 0;
const seqs: Record<string, number> = {};
const numbers: Record<string, string> = {};
const path = '/api/v1/account-transfer';

async function open(member: LedgerTestMember, name: string): Promise<void> {
  const response = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'KRW', title: name },
    { token: member.token, key: kit.freshKey() },
  );
  const { data } = (await response.json()) as { data: { seq: number; account_number: string } };
  seqs[name] = data.seq;
  numbers[name] = data.account_number;
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  alice = await kit.member('alice');
  bob = await kit.member('bob');
  carol = await kit.member('carol');
  await open(alice, 'a1');
  await open(alice, 'a2');
  await open(bob, 'b1');
  await open(carol, 'c1');
  await kit.writer.submit({
    commandId: 'fund-a1',
    actor: 'system:test',
    command: {
      type: 'PostTransfer',
      data: {
        transferId: 'fund-a1',
        legs: [
          {
            debit: systemAccountId('chainClearing', 'KRW'),
            credit: `wallet:${seqs.a1}`,
            asset: 'KRW',
            amount: '1000',
          },
        ],
        cause: 'deposit',
      },
    },
  });
  // Carol's session ends: her token is still well signed and unexpired.
  const logout = await kit.app.request('/api/v1/auth/logout', {
    method: 'POST',
    headers: { authorization: `Bearer ${carol.token}` },
  });
  expect(logout.status).toBe(204);
  const fetch = kit.app.fetch;
  kit.app.fetch = (...args: Parameters<typeof fetch>) => {
    honoCalls += 1;
    return fetch(...args);
  };
  direct = await serveApp(kit.app, { port: 0, hostname: '127.0.0.1' });
  hono = await serveApp(kit.app, { port: 0, hostname: '127.0.0.1', directRoutes: false });
});
afterAll(async () => {
  await direct?.close();
  await hono?.close();
  await kit.close();
});

type Sent = {
  headers?: Record<string, string | string[]>;
  /** The body as sent; an object is JSON. */
  body?: unknown;
  /** Sent in two chunks without a Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
};
type Answer = { status: number; headers: Record<string, string | string[]>; body: string };

function send(server: RunningServer, sent: Sent): Promise<Answer> {
  const text =
    sent.body === undefined
      ? ''
      : typeof sent.body === 'string'
        ? sent.body
        : JSON.stringify(sent.body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        // A connection per request: a refused body left unread must not reach the next request.
        agent: false,
        method: 'POST',
        path,
        headers: {
          'user-agent': 'direct-route-test/1',
          ...(sent.chunked ? {} : { 'content-length': String(Buffer.byteLength(text)) }),
          ...sent.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string | string[]>,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    if (sent.chunked) {
      const half = Math.floor(text.length / 2);
      request.write(text.slice(0, half));
      request.end(text.slice(half));
    } else request.end(text);
  });
}

const json = { 'content-type': 'application/json' };
const as = (member: LedgerTestMember, key?: string) => ({
  ...json,
  authorization: `Bearer ${member.token}`,
  ...(key === undefined ? {} : { 'idempotency-key': key }),
});
const between = (source: string, target: string, amount: string) => ({
  source_account_seq: seqs[source],
  target_account_seq: seqs[target],
  amount,
});

/**
 * What differs between any two answers: the date, and an id the server made up (in the header and
 * in a problem's body).
 */
function comparable(answer: Answer, clientRequestId: boolean): Answer {
  const { date: _date, 'x-request-id': requestId, ...headers } = answer.headers;
  if (typeof requestId !== 'string') throw new Error('an answer without X-Request-Id');
  expect(requestId).toMatch(/^[\w.-]+$/);
  if (clientRequestId) return { ...answer, headers: { ...headers, 'x-request-id': requestId } };
  return { ...answer, headers, body: answer.body.replaceAll(requestId, '<request id>') };
}

/**
 * Sends the same request to both servers and expects the same answer; returns it. The request to
 * Hono gets a fresh Idempotency-Key unless `sameKey` (a ledger rejection is kept under its key, so
 * the same key would be a replay there).
 */
async function same(
  sent: Sent,
  options: { throughHono?: boolean; sameKey?: boolean; beforeHono?: boolean } = {},
): Promise<Answer> {
  const clientRequestId = sent.headers?.['x-request-id'] !== undefined;
  const callsBefore = honoCalls;
  const fromDirect = await send(direct, sent);
  const tookHono = honoCalls - callsBefore;
  const key = sent.headers?.['idempotency-key'];
  const toHono =
    options.sameKey === true || typeof key !== 'string' || !/^[0-9a-f-]{36}$/.test(key)
      ? sent
      : { ...sent, headers: { ...sent.headers, 'idempotency-key': kit.freshKey() } };
  const fromHono = await send(hono, toHono);
  // A body declared over the limit is refused by serveApp before Hono, on both servers.
  expect(honoCalls - callsBefore - tookHono).toBe(options.beforeHono === true ? 0 : 1);
  // The direct server answers the money route itself, except the requests left to Hono.
  expect(tookHono).toBe(options.throughHono === true ? 1 : 0);
  expect(comparable(fromDirect, clientRequestId)).toEqual(comparable(fromHono, clientRequestId));
  return fromDirect;
}

const problemCode = (answer: Answer) => (JSON.parse(answer.body) as { code: string }).code;

test('the direct route is installed for the money route, and only there', () => {
  expect(direct.direct).toEqual({ paths: [path], refused: [] });
  expect(hono.direct).toEqual({ paths: [], refused: [] });
});

describe('the same answer through both paths', () => {
  test('a transfer, its replays through either path, and the key reused with another body', async () => {
    const [first, second] = [kit.freshKey(), kit.freshKey()];
    const sent = (key: string) => ({ headers: as(alice, key), body: between('a1', 'a2', '7') });
    const callsBefore = honoCalls;
    const original = await send(direct, sent(first));
    expect(honoCalls).toBe(callsBefore);
    const viaHono = await send(hono, sent(second));
    expect(original.status).toBe(201);
    // Two transfers: the same answer but for the transfer id, the time and the position.
    const fields = (answer: Answer) => {
      const { data, position } = JSON.parse(answer.body) as {
        data: Record<string, unknown>;
        position: string;
      };
      expect(typeof position).toBe('string');
      return { ...data, transfer_id: typeof data.transfer_id, posted_at: typeof data.posted_at };
    };
    expect(fields(original)).toEqual(fields(viaHono));
    expect(fields(original)).toEqual({
      transfer_id: 'string',
      source_account_seq: seqs.a1,
      target_account_number: numbers.a2,
      asset: 'KRW',
      amount: '7',
      fee: '0',
      posted_at: 'string',
    });
    expect(comparable(original, false).headers).toEqual(comparable(viaHono, false).headers);
    // Each key replayed through both paths: the original answer, byte for byte, marked a replay.
    for (const [key, answer] of [
      [first, original],
      [second, viaHono],
    ] as const) {
      const replay = await same(sent(key), { sameKey: true });
      expect(replay.status).toBe(201);
      expect(replay.body).toBe(answer.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    const reused = await same(
      { headers: as(alice, first), body: between('a1', 'a2', '8') },
      { sameKey: true },
    );
    expect([reused.status, problemCode(reused)]).toEqual([409, 'idempotency_key_reused']);
  });

  test('refused before the body: no token, a bad token, two tokens, an ended session', async () => {
    const body = between('a1', 'a2', '1');
    const cases: [Record<string, string | string[]>, number, string][] = [
      [{ ...json, 'idempotency-key': kit.freshKey() }, 401, 'unauthorized'],
      [{ ...json, authorization: 'Bearer nonsense', 'idempotency-key': 'k' }, 401, 'unauthorized'],
      [
        { ...json, authorization: 'Basic YWxpY2U6eA==', 'idempotency-key': 'k' },
        401,
        'unauthorized',
      ],
      [
        {
          ...json,
          authorization: [`Bearer ${alice.token}`, `Bearer ${alice.token}`],
          'idempotency-key': 'k',
        },
        401,
        'unauthorized',
      ],
      [as(carol, kit.freshKey()), 401, 'unauthorized'],
    ];
    for (const [headers, status, code] of cases) {
      const answer = await same({ headers, body });
      expect([answer.status, problemCode(answer)]).toEqual([status, code]);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
  });

  test('the Idempotency-Key, the content type and the body', async () => {
    const cases: [Sent, number, string][] = [
      [{ headers: as(alice), body: between('a1', 'a2', '1') }, 400, 'idempotency_key_required'],
      [
        { headers: as(alice, 'with space'), body: between('a1', 'a2', '1') },
        400,
        'idempotency_key_invalid',
      ],
      [
        { headers: as(alice, 'x'.repeat(129)), body: between('a1', 'a2', '1') },
        400,
        'idempotency_key_invalid',
      ],
      [
        { headers: as(alice, kit.freshKey()), body: '{"source_account_seq": 1,' },
        400,
        'bad_request',
      ],
      [{ headers: as(alice, kit.freshKey()), body: '' }, 400, 'bad_request'],
      [
        { headers: as(alice, kit.freshKey()), body: { ...between('a1', 'a2', '1'), balance: '9' } },
        400,
        'validation_failed',
      ],
      [
        { headers: as(alice, kit.freshKey()), body: { source_account_seq: seqs.a1, amount: '1' } },
        400,
        'validation_failed',
      ],
      [
        { headers: as(alice, kit.freshKey()), body: between('a1', 'a2', '1.5.') },
        400,
        'validation_failed',
      ],
      [
        {
          headers: {
            ...as(alice, kit.freshKey()),
            'content-type': 'application/json; charset=utf-8',
          },
          body: `\ufeff${JSON.stringify(between('a1', 'a2', '100000'))}`,
        },
        422,
        'insufficient_funds',
      ],
    ];
    for (const [sent, status, code] of cases) {
      const answer = await same(sent);
      expect([answer.status, problemCode(answer)]).toEqual([status, code]);
      expect(answer.headers['content-type']).toBe('application/problem+json');
    }
    // A body that is not JSON: the direct path leaves it to Hono, which refuses it with a 415.
    const notJson = await same(
      {
        headers: { ...as(alice, kit.freshKey()), 'content-type': 'text/plain' },
        body: between('a1', 'a2', '1'),
      },
      { throughHono: true },
    );
    expect([notJson.status, problemCode(notJson)]).toEqual([415, 'unsupported_media_type']);
  });

  test('the accounts: unknown, another member’s, the same, by number, funds and amounts', async () => {
    const cases: [unknown, number, string][] = [
      [{ ...between('a1', 'a2', '1'), source_account_seq: 9_999_999 }, 404, 'account_not_found'],
      [{ ...between('a1', 'a2', '1'), target_account_seq: 9_999_999 }, 404, 'account_not_found'],
      [between('b1', 'a2', '1'), 404, 'account_not_found'],
      [between('a1', 'b1', '1'), 404, 'account_not_found'],
      [between('a1', 'a1', '1'), 422, 'same_account'],
      [between('a1', 'a2', '1000001'), 422, 'insufficient_funds'],
      [between('a1', 'a2', '1.5'), 400, 'validation_failed'],
      [between('a1', 'a2', '0'), 400, 'validation_failed'],
      [
        { source_account_seq: seqs.a1, target_account_number: numbers.b1, amount: '1' },
        403,
        'member_transfer_not_allowed',
      ],
      [
        { source_account_seq: seqs.a1, target_account_number: '1999-9999-9999', amount: '1' },
        404,
        'account_not_found',
      ],
    ];
    for (const [body, status, code] of cases) {
      const answer = await same({ headers: as(alice, kit.freshKey()), body });
      expect([answer.status, problemCode(answer)]).toEqual([status, code]);
    }
  });

  test('a ledger rejection replayed through either path', async () => {
    const key = kit.freshKey();
    const sent = { headers: as(alice, key), body: between('a1', 'a2', '5000') };
    const first = await send(direct, sent);
    expect([first.status, problemCode(first)]).toEqual([422, 'insufficient_funds']);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const replay = await same(sent, { sameKey: true });
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([422, 'true']);
  });

  test('a client request id is kept; a malformed one is replaced', async () => {
    const kept = await same({
      headers: { ...as(alice, kit.freshKey()), 'x-request-id': 'client.id-1' },
      body: between('a1', 'a1', '1'),
    });
    expect(kept.headers['x-request-id']).toBe('client.id-1');
    expect(JSON.parse(kept.body)).toMatchObject({ requestId: 'client.id-1' });
    const replaced = await send(direct, {
      headers: { ...as(alice, kit.freshKey()), 'x-request-id': 'bad id!' },
      body: between('a1', 'a1', '1'),
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a body above the limit is refused before Hono, a chunked body goes to Hono (the same answers)', async () => {
    // Declared above the limit, sent shorter: refused once the wait for the rest runs out.
    const tooLarge = await same(
      {
        headers: { ...as(alice, kit.freshKey()), 'content-length': String(limits.bodySizeMax + 1) },
        body: between('a1', 'a2', '1'),
      },
      { beforeHono: true },
    );
    expect([tooLarge.status, problemCode(tooLarge)]).toEqual([413, 'payload_too_large']);
    const sentTooLarge = await same(
      {
        headers: as(alice, kit.freshKey()),
        body: { ...between('a1', 'a2', '1'), pad: 'x'.repeat(limits.bodySizeMax) },
      },
      { beforeHono: true },
    );
    expect([sentTooLarge.status, problemCode(sentTooLarge)]).toEqual([413, 'payload_too_large']);
    const chunked = await same(
      { headers: as(alice, kit.freshKey()), body: between('a1', 'a1', '1'), chunked: true },
      { throughHono: true },
    );
    expect([chunked.status, problemCode(chunked)]).toEqual([422, 'same_account']);
  });

  // Each header name once (read from Node's headers object), and a name sent twice (read from the
  // raw lines, joined as a web Headers joins them).
  test.each([
    ['each header name once', 'direct-route-test/1', 'direct-route-test/1'],
    ['two User-Agent lines', ['ua-one/1', ' ua-two/2 '], 'ua-one/1, ua-two/2'],
  ] as const)(
    'the request metadata of a transfer, recorded alike by both paths: %s',
    async (_, userAgent, recorded) => {
      const ids = { direct: `meta-direct-${kit.freshKey()}`, hono: `meta-hono-${kit.freshKey()}` };
      for (const [name, server] of [
        ['direct', direct],
        ['hono', hono],
      ] as const) {
        const answer = await send(server, {
          headers: {
            ...as(alice, kit.freshKey()),
            'x-request-id': ids[name],
            'user-agent': [...[userAgent].flat()],
            [testClientAddressHeader]: '198.51.100.23',
          },
          body: between('a1', 'a2', '1'),
        });
        expect(answer.status).toBe(201);
      }
      let rows: {
        request_id: string;
        member_seq: string;
        ip_address: string;
        user_agent: string;
      }[] = [];
      for (let attempt = 0; attempt < 50 && rows.length < 2; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        ({ rows } = await sql<
          (typeof rows)[number]
        >`SELECT request_id, member_seq::text AS member_seq,
          ip_address, user_agent FROM identity_request_metadata
        WHERE request_id IN (${ids.direct}, ${ids.hono}) ORDER BY request_id`.execute(
          database().db,
        ));
      }
      expect(rows.map(({ request_id: _id, ...row }) => row)).toEqual([
        { member_seq: String(alice.seq), ip_address: '198.51.100.23', user_agent: recorded },
        { member_seq: String(alice.seq), ip_address: '198.51.100.23', user_agent: recorded },
      ]);
    },
  );
});

describe('concurrency through the direct route (reliability T2, T5)', () => {
  const ledgerEventsOf = async (commandId: string) => {
    const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM es_events
      WHERE stream_id = 'ledger' AND metadata->>'commandId' = ${commandId}`.execute(database().db);
    return Number(rows[0]?.count);
  };

  test('20 concurrent copies of one request (same key, same body) move money once and get one answer', async () => {
    const key = kit.freshKey();
    const callsBefore = honoCalls;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(direct, { headers: as(alice, key), body: between('a1', 'a2', '3') }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const replayed = answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true');
    expect(replayed).toHaveLength(19);
    expect(await ledgerEventsOf(key)).toBe(1);
    expect(honoCalls).toBe(callsBefore);
  });

  test('10 concurrent transfers of a whole balance, each with its own key: exactly one succeeds', async () => {
    await open(alice, 'a3');
    await kit.writer.submit({
      commandId: 'fund-a3',
      actor: 'system:test',
      command: {
        type: 'PostTransfer',
        data: {
          transferId: 'fund-a3',
          legs: [
            {
              debit: systemAccountId('chainClearing', 'KRW'),
              credit: `wallet:${seqs.a3}`,
              asset: 'KRW',
              amount: '100',
            },
          ],
          cause: 'deposit',
        },
      },
    });
    const callsBefore = honoCalls;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(direct, { headers: as(alice, kit.freshKey()), body: between('a3', 'a2', '100') }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(422)]);
    for (const answer of answers.filter((one) => one.status === 422)) {
      expect(problemCode(answer)).toBe('insufficient_funds');
    }
    expect(honoCalls).toBe(callsBefore);
  });
});
