// Proves the batch store's own array literals: any text (quotes, backslashes, commas, braces,
// spaces, the word NULL, empty, non-ASCII) and null reach Postgres as the same elements, and
// numbers and booleans cast to their column types, so the one-statement batch write stores exactly
// what the batch holds.
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { arrayLiteral } from './ledger-batch-store.ts';

const database = useTestDatabase();

test('text elements and nulls round-trip through a text[] cast unchanged', async () => {
  const values = [
    'wallet:1',
    'say "hi"',
    'back\\slash',
    '\\"',
    'a,b',
    '{braces}',
    ' padded ',
    'NULL',
    'null',
    '',
    '잔액 ✓',
    null,
    'tab\tnew\nline',
  ];
  const { rows } = await sql<{
    values: (string | null)[];
  }>`SELECT ${arrayLiteral(values)}::text[] AS values`.execute(database().db);
  expect(rows[0]?.values).toEqual(values);
});

test('numbers, big integers, amounts and booleans cast to their array types', async () => {
  const { rows } = await sql<{ big: string; amounts: string; flags: string; small: string }>`SELECT
      (${arrayLiteral([9_223_372_036_854_775_807n, -1n, null])}::bigint[])::text AS big,
      (${arrayLiteral(['0.000000000000000001', '-12345678901234567890.5'])}::numeric[])::text AS amounts,
      (${arrayLiteral([true, false, null])}::boolean[])::text AS flags,
      (${arrayLiteral([0, 18])}::smallint[])::text AS small`.execute(database().db);
  expect(rows[0]).toEqual({
    big: '{9223372036854775807,-1,NULL}',
    amounts: '{0.000000000000000001,-12345678901234567890.5}',
    flags: '{t,f,NULL}',
    small: '{0,18}',
  });
});

test('an empty list is an empty array', async () => {
  const { rows } = await sql<{
    n: number;
  }>`SELECT cardinality(${arrayLiteral([])}::text[]) AS n`.execute(database().db);
  expect(rows[0]?.n).toBe(0);
});
