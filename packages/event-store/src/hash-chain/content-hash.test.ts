// Proves the content and link hashes are computed over exactly the bytes the design names, so the
// Postgres append function and any verifier agree.
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { canonicalizeEvent, contentHash, genesisLinkHash, linkHash } from './content-hash.ts';

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

test('the content hash is SHA-256 of the canonical JSON of { type, data, metadata }', () => {
  const data = { to: 'acc-2', amount: '10.00000000', from: 'acc-1' };
  const metadata = { commandId: 'c-1', actor: 'member:7' };
  const expected = sha256(
    Buffer.from(canonicalJson({ type: 'TransferPosted', data, metadata }), 'utf8'),
  );
  expect(contentHash('TransferPosted', data, metadata).equals(expected)).toBe(true);
});

test('canonicalizeEvent stores the same canonical JSON it hashes, and absent metadata is {}', () => {
  const event = canonicalizeEvent('Opened', { b: 1, a: 'x' }, undefined);
  expect(event.dataJson).toBe('{"a":"x","b":1}');
  expect(event.metadataJson).toBe('{}');
  expect(event.contentHash.equals(contentHash('Opened', { a: 'x', b: 1 }, {}))).toBe(true);
});

test('the link hash is SHA-256(previous ‖ content ‖ UTF-8 stream ‖ revision as int64 big-endian)', () => {
  const content = contentHash('Opened', {}, {});
  const revision = Buffer.from('0000000000000102', 'hex');
  const expected = sha256(genesisLinkHash, content, Buffer.from('ledger-€', 'utf8'), revision);
  expect(linkHash(genesisLinkHash, content, 'ledger-€', 258n).equals(expected)).toBe(true);
  expect(genesisLinkHash.equals(Buffer.alloc(32))).toBe(true);
});

test('any change to the payload, the stream, the revision or the predecessor changes the link', () => {
  const content = contentHash('Opened', { a: '1' }, {});
  const base = linkHash(genesisLinkHash, content, 's-1', 0n);
  expect(
    linkHash(genesisLinkHash, contentHash('Opened', { a: '2' }, {}), 's-1', 0n).equals(base),
  ).toBe(false);
  expect(linkHash(genesisLinkHash, content, 's-2', 0n).equals(base)).toBe(false);
  expect(linkHash(genesisLinkHash, content, 's-1', 1n).equals(base)).toBe(false);
  expect(linkHash(base, content, 's-1', 0n).equals(base)).toBe(false);
});
