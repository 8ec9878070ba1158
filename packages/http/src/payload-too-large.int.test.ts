// Proves, over a real socket, that a body over the limit is answered 413 without a reset: a body
// with a Content-Length is read and dropped first, so the keep-alive connection serves the
// client's next request; a client that never sends its body gets the 413 with Connection: close
// and a clean end; a chunked body over the limit gets its 413 and no reset either.
import { connect } from 'node:net';
import { silentLogger } from '@ledger/runtime';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServiceApp } from './create-service-app.ts';
import { type RunningServer, serveApp } from './serve.ts';

const bodySizeMax = 1_024;
let server: RunningServer;

beforeAll(async () => {
  const app = createServiceApp({ service: 'test', logger: silentLogger, bodySizeMax });
  app.post('/echo', async (c) => c.json({ length: (await c.req.text()).length }));
  server = await serveApp(app, { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
});

type Exchange = { text: string; ended: 'fin' | 'reset' | 'open' };

/** Writes the parts on one connection; what came back within `waitMs`, and how it ended. */
function exchange(parts: (string | Buffer)[], waitMs = 1_500) {
  return new Promise<Exchange>((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let text = '';
    let settled = false;
    const settle = (ended: Exchange['ended']) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ text, ended });
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('end', () => settle('fin'));
    socket.on('error', () => settle('reset'));
    setTimeout(() => settle('open'), waitMs);
    for (const part of parts) socket.write(part);
  });
}

const large = Buffer.alloc(512 * 1024, 'a');
const small = JSON.stringify({ a: 'b' });
const head = (headers: string) =>
  `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\n${headers}\r\n`;
const statusLines = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];

test('a Content-Length over the limit: 413, the body dropped, the next request served', async () => {
  const { text, ended } = await exchange([
    head(`Content-Length: ${large.length}\r\n`),
    large,
    head(`Content-Length: ${small.length}\r\n`),
    small,
  ]);
  expect(statusLines(text)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
  expect(text).toContain('"code":"payload_too_large"');
  expect(text.toLowerCase()).not.toContain('connection: close');
  expect(ended).toBe('open');
});

test('a client that never sends the body: 413 with Connection: close, then a clean end', async () => {
  const { text, ended } = await exchange([head(`Content-Length: ${large.length}\r\n`)], 4_000);
  expect(statusLines(text)).toEqual(['HTTP/1.1 413']);
  expect(text.toLowerCase()).toContain('connection: close');
  expect(ended).toBe('fin');
});

test('a chunked body over the limit: 413 and no reset', async () => {
  const { text, ended } = await exchange([
    head('Transfer-Encoding: chunked\r\n'),
    `${large.length.toString(16)}\r\n`,
    large,
    '\r\n0\r\n\r\n',
  ]);
  expect(statusLines(text)).toEqual(['HTTP/1.1 413']);
  expect(ended).not.toBe('reset');
});
