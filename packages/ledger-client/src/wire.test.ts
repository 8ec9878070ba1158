// Proves that the transport splits a byte stream into lines however it is chunked, refuses an overlong partial line, carries every ledger command type (MoveHeld too), and validates the request envelope, naming the field at fault; the written-out envelope check accepts exactly what the zod schema accepts.
import { describe, expect, test } from 'vitest';
import { isWireRequest, LineReader, parseRequest, requestSchema } from './wire.ts';

describe('the wire format', () => {
  test('lines survive any chunking', () => {
    const text = '{"a":1}\n{"b":2}\n{"c":3}\n';
    for (let size = 1; size <= text.length; size += 1) {
      const reader = new LineReader(1_000);
      const lines: string[] = [];
      for (let start = 0; start < text.length; start += size) {
        reader.push(text.slice(start, start + size), (line) => lines.push(line));
      }
      expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    }
  });

  test('an overlong partial line is refused', () => {
    const reader = new LineReader(10);
    expect(reader.push('x'.repeat(11), () => {})).toBe(false);
  });

  test('requests are validated', () => {
    const submit = {
      commandId: 'k',
      actor: 'member:1',
      command: { type: 'ReleaseHold', data: { holdId: 'h' } },
    };
    expect(parseRequest(JSON.stringify({ id: 1, submit }))).toMatchObject({ ok: true });
    expect(parseRequest(JSON.stringify({ id: 2, ping: true }))).toMatchObject({ ok: true });
    expect(parseRequest('{nope')).toEqual({ ok: false, id: undefined, field: 'json' });
    expect(parseRequest(JSON.stringify({ id: 3, submit: { ...submit, commandId: '' } }))).toEqual({
      ok: false,
      id: 3,
      field: 'submit.commandId',
    });
    const unknownType = { ...submit, command: { type: 'Steal', data: {} } };
    expect(parseRequest(JSON.stringify({ id: 4, submit: unknownType }))).toMatchObject({
      ok: false,
      id: 4,
    });
  });

  test('every ledger command type travels, MoveHeld and a capture that keeps the rest among them', () => {
    const moveHeld = {
      type: 'MoveHeld',
      data: { fromHoldId: 'deal', toHoldId: 'app', amount: '0.10000000', reason: 'c2cEscrow' },
    };
    const capture = {
      type: 'CaptureHolds',
      data: { transferId: 't', cause: 'c2c', captures: [{ holdId: 'h', legs: [], rest: 'keep' }] },
    };
    for (const command of [moveHeld, capture]) {
      const value = { id: 5, submit: { commandId: 'k', actor: 'system:c2c', command } };
      expect(isWireRequest(JSON.parse(JSON.stringify(value)))).toBe(true);
      expect(parseRequest(JSON.stringify(value))).toMatchObject({ ok: true, request: value });
    }
  });

  test('the written-out envelope check agrees with the schema on valid and broken requests', () => {
    const submit = {
      commandId: 'k-1',
      actor: 'member:1',
      command: {
        type: 'PostTransfer',
        data: { legs: [{ debit: 'a', credit: 'b', asset: 'KRW', amount: '1' }] },
      },
      bodyHash: 'h',
      correlationId: 'c',
      causationId: 'd',
      requestId: 'r',
    };
    const long = (length: number) => 'x'.repeat(length);
    const variants: Record<string, unknown>[] = [{}];
    const submitVariants: unknown[] = [
      submit,
      { commandId: 'k', actor: 'a', command: { type: 'ReleaseHold', data: {} } },
      { ...submit, commandId: long(200) },
      { ...submit, commandId: long(201) },
      { ...submit, actor: long(100) },
      { ...submit, actor: long(101) },
      { ...submit, requestId: long(200) },
      { ...submit, requestId: long(201) },
      { ...submit, bodyHash: '' },
      { ...submit, bodyHash: null },
      { ...submit, correlationId: 5 },
      { ...submit, causationId: ['c'] },
      { ...submit, commandId: undefined },
      { ...submit, actor: 7 },
      { ...submit, extra: 1 },
      { ...submit, command: { ...submit.command, type: 'Steal' } },
      { ...submit, command: { ...submit.command, type: 3 } },
      { ...submit, command: { ...submit.command, data: [] } },
      { ...submit, command: { ...submit.command, data: null } },
      { ...submit, command: { ...submit.command, data: 'x' } },
      { ...submit, command: { type: 'PostTransfer' } },
      { ...submit, command: { data: {} } },
      { ...submit, command: { ...submit.command, more: 1 } },
      { ...submit, command: [] },
      { ...submit, command: null },
      [],
      null,
      'submit',
    ];
    const ids: unknown[] = [0, 1, 7, -0, -1, 1.5, 2 ** 53, '1', null, undefined];
    for (const id of ids) {
      for (const candidate of submitVariants) {
        variants.push({ id, submit: candidate });
        variants.push({ id, submit: candidate, ping: true });
      }
      variants.push({ id, ping: true }, { id, ping: false }, { id, ping: 'true' }, { id });
      variants.push({ id, ping: true, extra: 1 }, { id, submit, extra: 1 });
    }
    variants.push({ submit }, { ping: true });
    for (const variant of variants) {
      // Through JSON, as on the wire (undefined fields vanish, -0 stays a number).
      const value: unknown = JSON.parse(JSON.stringify(variant));
      expect(isWireRequest(value), JSON.stringify(variant)).toBe(
        requestSchema.safeParse(value).success,
      );
    }
    for (const value of [[], null, 'x', 1, JSON.parse('{"id":1,"__proto__":{"ping":true}}')]) {
      expect(isWireRequest(value)).toBe(requestSchema.safeParse(value).success);
    }
  });
});
