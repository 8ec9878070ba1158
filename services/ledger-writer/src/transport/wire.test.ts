// Proves that the transport splits a byte stream into lines however it is chunked, refuses an overlong partial line, and validates the request envelope, naming the field at fault.
import { describe, expect, test } from 'vitest';
import { LineReader, parseRequest } from './wire.ts';

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
});
