// Proves an append is validated before it may join a shared transaction, so a caller's mistake
// fails that caller alone with a named error.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { DuplicateEventIdError, InvalidArgumentError } from '../errors.ts';
import type { ExpectedRevision, NewEvent } from '../port.ts';
import { categoryOf, prepareAppend } from './prepare-append.ts';

const event = (overrides: Partial<NewEvent> = {}): NewEvent => ({
  id: randomUUID(),
  type: 'Opened',
  data: { amount: '1.00' },
  ...overrides,
});

describe('refused before the database', () => {
  test.each([
    ['empty_append', 'member-1', [], { kind: 'any' }],
    ['invalid_stream', '', [event()], { kind: 'any' }],
    ['invalid_event_id', 'member-1', [event({ id: 'not-a-uuid' })], { kind: 'any' }],
    ['invalid_event_type', 'member-1', [event({ type: '' })], { kind: 'any' }],
    ['invalid_expected_revision', 'member-1', [event()], { kind: 'exact', revision: -1n }],
    ['invalid_expected_revision', 'member-1', [event()], { kind: 'sometimes' }],
  ] as [string, string, NewEvent[], ExpectedRevision][])('%s', (code, stream, events, expected) => {
    const attempt = () => prepareAppend(stream, events, expected);
    expect(attempt).toThrow(InvalidArgumentError);
    expect(attempt).toThrow(expect.objectContaining({ code }));
  });

  test('the same id twice in one append', () => {
    const id = randomUUID();
    expect(() =>
      prepareAppend('member-1', [event({ id }), event({ id })], { kind: 'any' }),
    ).toThrow(DuplicateEventIdError);
  });

  test('a payload JSON cannot carry faithfully', () => {
    expect(() =>
      prepareAppend('member-1', [event({ data: { amount: 1n } })], { kind: 'any' }),
    ).toThrow(expect.objectContaining({ code: 'bigint' }));
  });
});

test('ids are normalised to lower case and the payload is canonical', () => {
  const id = randomUUID().toUpperCase();
  const prepared = prepareAppend('ledger', [event({ id, data: { b: '2', a: '1' } })], {
    kind: 'no_stream',
  });
  expect(prepared.ids).toEqual([id.toLowerCase()]);
  expect(prepared.events[0]?.dataJson).toBe('{"a":"1","b":"2"}');
  expect(prepared.events[0]?.metadataJson).toBe('{}');
});

test('the category is the part of the stream name before the first dash', () => {
  expect(categoryOf('member-01J9-x')).toBe('member');
  expect(categoryOf('ledger')).toBe('ledger');
  expect(categoryOf('-odd')).toBe('-odd');
});
