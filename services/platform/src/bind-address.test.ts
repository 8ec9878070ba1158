// Proves the start command tells a loopback bind address from one the network reaches, and warns
// only for the latter.
import { describe, expect, test } from 'vitest';
import { exposureWarning, isLoopbackHost } from './bind-address.ts';

describe('isLoopbackHost', () => {
  test.each([
    'localhost',
    'LOCALHOST',
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
  ])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  test.each([
    '0.0.0.0',
    '::',
    '192.168.1.10',
    '10.0.0.1',
    'example.test',
    '128.0.0.1',
    '::2',
    '::ffff:10.0.0.1',
  ])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

test('the warning names the host beyond loopback, and is absent on loopback', () => {
  expect(exposureWarning('127.0.0.1')).toBeUndefined();
  expect(exposureWarning('0.0.0.0')).toContain('HOST=0.0.0.0');
  expect(exposureWarning('0.0.0.0')).toContain('development outbox');
});
