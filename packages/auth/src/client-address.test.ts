// Proves the client address comes from the socket unless the peer is a configured proxy, and then
// from the configured proxy header's right-most entry that is not a proxy.
import { expect, test } from 'vitest';
import { clientAddressResolver } from './client-address.ts';

const request = (peer: string, headers: Record<string, string>) => ({
  req: { header: (name: string) => headers[name] },
  env: { peer },
});
const peerAddress = (c: { env: unknown }) => (c.env as { peer: string }).peer;

test('without a trusted proxy the header is never read', () => {
  const resolve = clientAddressResolver({ peerAddress, trustedProxies: [] });
  expect(resolve(request('127.0.0.1', { 'x-forwarded-for': '198.51.100.1' }))).toBe('127.0.0.1');
});

test('from a trusted proxy, the right-most entry that is not a proxy', () => {
  const resolve = clientAddressResolver({ peerAddress, trustedProxies: ['10.0.0.1'] });
  const forwarded = { 'x-forwarded-for': '203.0.113.9, 198.51.100.1, 10.0.0.1' };
  expect(resolve(request('10.0.0.1', forwarded))).toBe('198.51.100.1');
  expect(resolve(request('192.0.2.1', forwarded))).toBe('192.0.2.1');
});

test('a configured header is read instead of X-Forwarded-For', () => {
  const resolve = clientAddressResolver({
    peerAddress,
    trustedProxies: ['10.0.0.1'],
    header: 'x-real-ip',
  });
  const headers = { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '198.51.100.2' };
  expect(resolve(request('10.0.0.1', headers))).toBe('198.51.100.2');
});
