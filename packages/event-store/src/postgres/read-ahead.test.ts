// Proves read-ahead: after a full page the next one is already requested (before the current one
// is decoded), and a caller asking for it gets that page unless it reached the head (then it is
// read again); other requests read fresh.
import { expect, test } from 'vitest';
import type { GlobalPosition } from '../port.ts';
import { withReadAhead } from './read-ahead.ts';
import type { FetchedPage } from './reads.ts';

const at = (n: number) => `p${n}` as GlobalPosition;

test('the page after a full page is fetched ahead and served from there', async () => {
  const calls: (string | undefined)[] = [];
  const read = withReadAhead(async (after) => {
    calls.push(after);
    const start = after === undefined ? 0 : Number(after.slice(1));
    const page: FetchedPage = {
      decode: () => [],
      lastSeen: at(start + 10),
      exhausted: start >= 20,
    };
    return page;
  });
  const first = await read(undefined, 10, undefined);
  expect(calls).toEqual([undefined, 'p10']);
  const second = await read(first.lastSeen, 10, undefined);
  expect(second.lastSeen).toBe('p20');
  expect(calls).toEqual([undefined, 'p10', 'p20']);
  await read(at(5), 10, undefined);
  expect(calls.at(-2)).toBe('p5');
});

test('a failed prefetch is retried by the caller that needs it', async () => {
  let failNext = false;
  const read = withReadAhead(async (after) => {
    if (failNext && after === 'p10') {
      failNext = false;
      throw new Error('connection reset');
    }
    return {
      decode: () => [],
      lastSeen: at(after === undefined ? 10 : 20),
      exhausted: after !== undefined,
    };
  });
  failNext = true;
  const first = await read(undefined, 10, undefined);
  await expect(read(first.lastSeen, 10, undefined)).resolves.toMatchObject({ lastSeen: 'p20' });
});

test('two interleaved readers keep their own prefetched pages', async () => {
  const calls: string[] = [];
  const read = withReadAhead(async (after, _maxCount, filter) => {
    const name = filter?.streamPrefixes?.[0] ?? '?';
    calls.push(`${name}@${after ?? 'start'}`);
    const start = after === undefined ? 0 : Number(after.slice(1));
    return { decode: () => [], lastSeen: at(start + 10), exhausted: false };
  });
  const a = await read(undefined, 10, { streamPrefixes: ['a'] });
  const b = await read(undefined, 10, { streamPrefixes: ['b'] });
  await read(a.lastSeen, 10, { streamPrefixes: ['a'] });
  await read(b.lastSeen, 10, { streamPrefixes: ['b'] });
  expect(calls.filter((call) => call === 'a@p10')).toHaveLength(1);
  expect(calls.filter((call) => call === 'b@p10')).toHaveLength(1);
});

test('the next page is requested before the current one is decoded', async () => {
  const log: string[] = [];
  const read = withReadAhead(async (after) => {
    const start = after === undefined ? 0 : Number(after.slice(1));
    log.push(`fetch ${start}`);
    return {
      decode: () => {
        log.push(`decode ${start}`);
        return [];
      },
      lastSeen: at(start + 10),
      exhausted: start >= 10,
    };
  });
  const first = await read(undefined, 10, undefined);
  await read(first.lastSeen, 10, undefined);
  // The page fetched ahead reached the head (exhausted): it is read again, and asks for nothing more.
  expect(log).toEqual(['fetch 0', 'fetch 10', 'decode 0', 'fetch 10', 'decode 10']);
});

test('a page fetched ahead that reached the head is read again, not served', async () => {
  let head = 10;
  const read = withReadAhead(async (after) => {
    const start = after === undefined ? 0 : Number(after.slice(1));
    const end = Math.min(start + 10, head);
    return {
      decode: () => [],
      lastSeen: end > start ? at(end) : undefined,
      exhausted: end - start < 10,
    };
  });
  const first = await read(undefined, 10, undefined);
  // The page after p10 was fetched ahead while the head was at p10: empty. Then the log grew.
  await new Promise((resolve) => setTimeout(resolve, 0));
  head = 15;
  const second = await read(first.lastSeen, 10, undefined);
  expect(second).toMatchObject({ lastSeen: 'p15', exhausted: true });
});
