// Proves the fast timestamptz parser reads Postgres's ISO output, offsets included, exactly as
// the general parser would.
import pg from 'pg';
import { expect, test } from 'vitest';
import { parseTimestamptz } from './type-parsers.ts';

const general = pg.types.getTypeParser(1184) as (text: string) => Date;

test.each([
  '2026-11-22 07:11:20.123456+00',
  '2026-11-22 07:11:20+00',
  '2026-11-22 16:11:20.5+09',
  '2026-02-28 23:59:59.999+05:30',
  '1999-12-31 20:00:00.000001-04',
  '1890-01-01 00:00:00+00:09:21',
])('%s', (text) => {
  expect(parseTimestamptz(text).getTime()).toBe(general(text).getTime());
});

test('anything else goes to the general parser', () => {
  expect(parseTimestamptz('infinity')).toEqual(general('infinity'));
});

test.each([
  '2026-11-22T07:11:20+00',
  '2026-11-22 07:11:20',
  '2026-11-22 07:11:20+0x',
  '12026-11-22 07:11:20+00',
])('an unexpected shape (%s) is left to the general parser', (text) => {
  expect(parseTimestamptz(text)).toEqual(general(text));
});
