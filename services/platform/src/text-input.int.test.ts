// Proves that text PostgreSQL cannot store never reaches it: every string field of every route's request schema (both APIs) is the contracts' shared text schema or a pattern, and over real HTTP, generated strings with NUL characters, unpaired surrogates, bidi controls and 64 KiB lengths sent into each of those fields are never answered 5xx, a NUL or an unpaired surrogate is refused with 400 and the field-level code text_invalid, and a request refused by validation writes no event.
import { randomUUID } from 'node:crypto';
import { isStorableText, type RouteEntry, routeTable, textInvalidCode } from '@ledger/contracts';
import { csProjection } from '@ledger/cs-store';
import { type RunningServer, serveApp, type ValidationSpec, validationSpecOf } from '@ledger/http';
import { registerProjection } from '@ledger/projection-runner';
import { useTestDatabase } from '@ledger/testing';
import * as fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createKycPlatformTestKit,
  type KycPlatformTestKit,
} from './testing/kyc-platform-test-kit.ts';
import { bodilessRoutes, concretePath, keyOf, validBodies } from './testing/route-requests.ts';

const database = useTestDatabase();
let kit: KycPlatformTestKit;
let servers: { write: RunningServer; query: RunningServer };
let tokens: { member: string; chief: string };
let memberSeq: number;
const memberAccountSeq = 78;

/** A string field of a request part: where it sits, and what guards it. */
type Leaf = { path: (string | number)[]; guard: 'text' | 'pattern' | 'json' | 'none' };
/** A zod schema, read through its definition (this package does not depend on zod). */
type Schema = unknown;
type Def = {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  in?: Schema;
  options?: Schema[];
  valueType?: Schema;
  format?: string;
  checks?: { _zod: { def: { check: string; params?: { code?: string } } } }[];
};

function defOf(schema: Schema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function isTextChecked(def: Def): boolean {
  return (def.checks ?? []).some((check) => check._zod.def.params?.code === textInvalidCode);
}

/** Every string field of a schema, with a record's values under the key `field`. */
function leavesOf(schema: Schema, path: (string | number)[] = []): Leaf[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const patterned =
        def.format !== undefined ||
        (def.checks ?? []).some((check) => check._zod.def.check === 'string_format');
      const guard = isTextChecked(def) ? 'text' : patterned ? 'pattern' : 'none';
      return [{ path, guard }];
    }
    case 'lazy':
      return [{ path, guard: isTextChecked(def) ? 'json' : 'none' }];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, inner]) =>
        leavesOf(inner, [...path, key]),
      );
    case 'array':
      return leavesOf(def.element as Schema, [...path, 0]);
    case 'record':
      return leavesOf(def.valueType as Schema, [...path, 'field']);
    case 'union':
      return (def.options ?? []).flatMap((option) => leavesOf(option, path)).slice(0, 1);
    case 'pipe':
      return leavesOf(def.in as Schema, path);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return leavesOf(def.innerType as Schema, path);
    default:
      return [];
  }
}

/** Each route of the table with its validated parts. */
function specsOf(app: { routes: { method: string; path: string; handler: unknown }[] }) {
  const specs = new Map<string, ValidationSpec[]>();
  for (const route of app.routes) {
    const spec = validationSpecOf(route.handler);
    if (spec === undefined) continue;
    const key = keyOf(route);
    specs.set(key, [...(specs.get(key) ?? []), spec]);
  }
  return specs;
}

type Case = { route: RouteEntry; target: 'json' | 'query' | 'param'; leaf: Leaf; name: string };

function casesOf(service: RouteEntry['service'], specs: Map<string, ValidationSpec[]>): Case[] {
  return routeTable
    .filter((route) => route.service === service && !bodilessRoutes.includes(keyOf(route)))
    .flatMap((route) =>
      (specs.get(keyOf(route)) ?? []).flatMap((spec) => {
        if (spec.target !== 'json' && spec.target !== 'query' && spec.target !== 'param') return [];
        const target = spec.target;
        return leavesOf(spec.schema).map((leaf) => ({
          route,
          target,
          leaf,
          name: `${keyOf(route)} ${target}:${leaf.path.join('.')}`,
        }));
      }),
    );
}

const bidiControls = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const nulText = fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\u0000${b}`);
const unpairedSurrogate = fc
  .tuple(fc.string(), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ minLength: 1 }))
  .map(([a, unit, b]) =>
    unit < 0xdc00
      ? `${a}${String.fromCharCode(unit)}x${b}`
      : `${a}x${String.fromCharCode(unit)}${b}`,
  );
const bidiText = fc
  .array(fc.oneof(fc.constantFrom(...bidiControls), fc.string({ maxLength: 3 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => `${parts.join('')}${bidiControls[4]}`);
const longText = fc
  .constantFrom('x', '한', '😀', '\u202e')
  .map((unit) => unit.repeat(65_536 / unit.length));
const hostileText = fc.oneof(nulText, unpairedSurrogate, bidiText, longText);

function isUnstorable(value: string): boolean {
  return !isStorableText(value);
}

/** No unpaired surrogate (a NUL aside): the text survives percent-encoding as it is. */
function isWellFormed(value: string): boolean {
  return isStorableText(value.replaceAll('\u0000', ''));
}

/** Percent-encoding that keeps an unpaired surrogate (as its three WTF-8 bytes) instead of throwing. */
function encodeAny(value: string): string {
  let encoded = '';
  for (const character of value) {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(character);
    }
  }
  return encoded;
}

function withValueAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    list[head] = withValueAt(list[head] ?? {}, rest, value);
    return list;
  }
  const object = typeof base === 'object' && base !== null ? { ...base } : {};
  return { ...object, [head]: withValueAt((object as Record<string, unknown>)[head], rest, value) };
}

function tokenOf(route: RouteEntry): string | undefined {
  if (route.access === 'public') return undefined;
  return route.access === 'member' || route.access === 'brokerage_owner'
    ? tokens.member
    : tokens.chief;
}

async function send(item: Case, value: string): Promise<Response> {
  const token = tokenOf(item.route);
  const headers: Record<string, string> = {
    'idempotency-key': randomUUID(),
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
  };
  const routePath =
    item.target === 'param'
      ? item.route.path.replace(`:${item.leaf.path[0]}`, encodeAny(value))
      : item.route.path;
  let path = concretePath(
    { ...item.route, path: routePath },
    {
      memberSeq,
      accountSeq: memberAccountSeq,
    },
  );
  if (item.target === 'query') path += `?${item.leaf.path[0]}=${encodeAny(value)}`;
  const server = item.route.service === 'write' ? servers.write : servers.query;
  if (item.route.method === 'GET') return fetch(`${server.url}${path}`, { headers });
  const body =
    item.target === 'json'
      ? withValueAt(validBodies[keyOf(item.route)] ?? {}, item.leaf.path, value)
      : (validBodies[keyOf(item.route)] ?? {});
  return fetch(`${server.url}${path}`, {
    method: item.route.method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  kit = await createKycPlatformTestKit(database());
  // The customer-service reads need their read model's tables (the projector makes them).
  await registerProjection(kit.db as never, csProjection as never);
  const member = await kit.register('plain');
  memberSeq = member.seq;
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  await kit.projected();
  tokens = { member: (await kit.login(member)).token, chief: (await kit.login(chief)).token };
  await sql`INSERT INTO ledger_accounts (account, seq, account_number, kind, member_id, member_seq,
      asset, decimal_point, status, balance, held, is_negative_allowed, opened_at, last_revision,
      last_position)
    VALUES ('wallet:78', ${memberAccountSeq}, '1000-0000-0787', 'member', ${String(member.seq)},
      ${member.seq}, 'KRW', 0, 'normal', 5000, 0, false, now(), 0, '0')`.execute(kit.db);
  servers = {
    write: await serveApp(kit.app, { port: 0, hostname: '127.0.0.1' }),
    query: await serveApp(kit.queryApp, { port: 0, hostname: '127.0.0.1' }),
  };
});
afterAll(async () => {
  await servers?.write.close();
  await servers?.query.close();
  await kit.close();
});

function allCases(): Case[] {
  return [...casesOf('write', specsOf(kit.app)), ...casesOf('query', specsOf(kit.queryApp))];
}

test('every string field of every request schema is the shared text schema or a pattern', () => {
  const cases = allCases();
  expect(cases.filter((item) => item.leaf.guard === 'text').length).toBeGreaterThan(40);
  expect(cases.filter((item) => item.leaf.guard === 'none').map((item) => item.name)).toEqual([]);
});

describe('hostile text over HTTP', () => {
  test('no 5xx, NUL and unpaired surrogates refused with text_invalid, nothing written when validation refuses', async () => {
    const cases = allCases();
    for (const item of cases) {
      await fc.assert(
        fc.asyncProperty(hostileText, async (value) => {
          const before = await kit.eventCount();
          const response = await send(item, value);
          const answer = await response.text();
          // This kit runs no ledger writer: a valid request that reaches the ledger is answered
          // its designed 503, which no hostile text may turn into another 5xx.
          const ledgerAbsent = response.status === 503 && answer.includes('"ledger_unavailable"');
          if (!ledgerAbsent) expect(response.status, `${item.name}: ${answer}`).toBeLessThan(500);
          if (answer.includes('"code":"validation_failed"')) {
            expect(await kit.eventCount(), item.name).toBe(before);
          }
          // A URL carries UTF-8: an unpaired surrogate cannot reach a path or query field as one.
          const reachesField = item.target === 'json' || isWellFormed(value);
          if (!isUnstorable(value) || !reachesField) return;
          expect(response.status, `${item.name}: ${answer}`).toBeGreaterThanOrEqual(400);
          if (item.leaf.guard === 'pattern' || response.status === 413) return;
          const problem = JSON.parse(answer) as { errors?: { path: string; code: string }[] };
          expect(problem.errors, `${item.name}: ${answer}`).toContainEqual(
            expect.objectContaining({ path: item.leaf.path.join('.'), code: textInvalidCode }),
          );
        }),
        { numRuns: 6, examples: [['\u0000'], ['\ud800x']] },
      );
    }
  }, 300_000);
});
