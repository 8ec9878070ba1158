// Proves that command keys are scoped per actor, that the body hash ignores key order but nothing else, and that event ids are valid, deterministic, distinct UUIDs per command and index.
import { describe, expect, test } from 'vitest';
import { commandKey, eventIdsOf, hashCommandBody, sortedJson } from './command-identity.ts';
import type { LedgerCommandInput } from './submission.ts';

const transfer: LedgerCommandInput = {
  type: 'PostTransfer',
  data: {
    transferId: 't1',
    cause: 'x',
    legs: [{ debit: 'a', credit: 'b', asset: 'BTC', amount: '1.00' }],
  },
};

describe('command identity', () => {
  test('keys of the same id from two actors differ', () => {
    expect(commandKey('member:1', 'k')).not.toBe(commandKey('member:2', 'k'));
    expect(commandKey('member:1', 'k')).toBe(commandKey('member:1', 'k'));
  });

  test('the body hash ignores key order and sees every value', () => {
    const reordered = JSON.parse(
      '{"data":{"legs":[{"amount":"1.00","asset":"BTC","credit":"b","debit":"a"}],"cause":"x","transferId":"t1"},"type":"PostTransfer"}',
    ) as LedgerCommandInput;
    expect(hashCommandBody(reordered)).toBe(hashCommandBody(transfer));
    const changed = structuredClone(transfer) as Extract<
      LedgerCommandInput,
      { type: 'PostTransfer' }
    >;
    (changed.data.legs[0] as { amount: string }).amount = '1.01';
    expect(hashCommandBody(changed)).not.toBe(hashCommandBody(transfer));
  });

  test('sorted JSON drops what JSON drops and keeps array order', () => {
    expect(sortedJson({ b: [2, 1], a: undefined, c: null })).toBe('{"b":[2,1],"c":null}');
  });

  test('event ids are version-5-style UUIDs, the same on every call, distinct per index and command', () => {
    const ids = eventIdsOf('member:1', 'k', 300);
    expect(new Set(ids).size).toBe(300);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventIdsOf('member:1', 'k', 2)).toEqual(ids.slice(0, 2));
    expect(eventIdsOf('member:2', 'k', 1)[0]).not.toBe(ids[0]);
  });
});
