// Proves an append is validated before it may join a shared transaction, so a caller's mistake
// fails that caller alone with a named error.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { DuplicateEventIdError, InvalidArgumentError } from '../errors.ts';
import type { ExpectedRevision, NewEvent } from '../port.ts';
import { batchParameters } from './append-batch.ts';
import { categoryOf, isUuid, prepareAppend, prepareEvents } from './prepare-append.ts';

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

describe("prepared ahead (the port's prepare)", () => {
  const events = [
    event({ data: { b: '2', a: '1' }, metadata: { actor: 'system:test' } }),
    event({ type: 'Closed\u00e9"', data: {} }),
  ];

  test('prepareEvents refuses what prepareAppend refuses, before any stream is named', () => {
    expect(() => prepareEvents([])).toThrow(expect.objectContaining({ code: 'empty_append' }));
    const id = randomUUID();
    expect(() => prepareEvents([event({ id }), event({ id })])).toThrow(DuplicateEventIdError);
    expect(() => prepareEvents([event({ data: { amount: 1n } })])).toThrow(
      expect.objectContaining({ code: 'bigint' }),
    );
  });

  test("a prepared value, plain events and another adapter's prepared value encode alike", () => {
    const plain = batchParameters([prepareAppend('ledger', events, { kind: 'any' })]);
    const prepared = batchParameters([
      prepareAppend('ledger', prepareEvents(events), { kind: 'any' }),
    ]);
    const foreign = batchParameters([
      prepareAppend('ledger', [...prepareEvents(events)], { kind: 'any' }),
    ]);
    expect(prepareEvents(events)).toEqual(events);
    expect(prepared).toEqual(plain);
    expect(foreign).toEqual(plain);
    expect(JSON.parse(plain[6] as string)).toEqual(['Opened', 'Closed\u00e9"']);
    expect(JSON.parse(plain[7] as string)).toEqual([{ a: '1', b: '2' }, {}]);
    expect(JSON.parse(plain[8] as string)).toEqual([{ actor: 'system:test' }, {}]);
    expect((plain[9] as Buffer).length).toBe(64);
  });

  test('the append reuses the encoding made at preparation (no second canonicalization)', () => {
    const data = { amount: '1.00' };
    const prepared = prepareEvents([event({ data })]);
    data.amount = '2.00';
    expect(prepareAppend('ledger', prepared, { kind: 'any' }).events[0]?.dataJson).toBe(
      '{"amount":"1.00"}',
    );
    expect(prepareAppend('ledger', [...prepared], { kind: 'any' }).events[0]?.dataJson).toBe(
      '{"amount":"2.00"}',
    );
  });

  test('a flush of several appends packs their pieces in order', () => {
    const more = [event()];
    const joined = batchParameters([
      prepareAppend('member-a', prepareEvents(events), { kind: 'no_stream' }),
      prepareAppend('member-b', more, { kind: 'exact', revision: 4n }),
    ]);
    expect(joined.slice(0, 5)).toEqual([
      ['member-a', 'member-b'],
      ['member', 'member'],
      ['no_stream', 'exact'],
      [null, '4'],
      [2, 1],
    ]);
    const ids = [...events, ...more].map((each) => each.id.toLowerCase());
    expect(joined[5]).toBe(`{${ids.join(',')}}`);
    expect(JSON.parse(joined[7] as string)).toHaveLength(3);
    expect((joined[9] as Buffer).length).toBe(96);
  });
});

test('the written-out UUID check says what the regular expression says', () => {
  const pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const valid = randomUUID();
  const candidates = [valid, '', 'not-a-uuid', `${valid}0`, valid.slice(1), valid.toUpperCase()];
  for (let index = 0; index < 36; index += 1) {
    for (const replacement of ['-', 'g', 'A', '0', 'f', '/', ':', '`', ' ']) {
      candidates.push(valid.slice(0, index) + replacement + valid.slice(index + 1));
    }
  }
  for (const candidate of candidates) expect(isUuid(candidate)).toBe(pattern.test(candidate));
});
