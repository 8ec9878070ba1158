// Proves the SMTP adapter speaks RFC 5321 to a server on loopback: greeting, EHLO, envelope, a
// dot-stuffed base64 body, QUIT; and that it refuses to send credentials without encryption.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { sendSmtpMail } from './smtp-client.ts';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A minimal SMTP server that records the commands and the message it receives. */
function fakeSmtpServer(): Promise<{ port: number; lines: string[] }> {
  const lines: string[] = [];
  server = createServer((socket: Socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        lines.push(line);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          }
        } else if (line.startsWith('EHLO')) socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server?.listen(0, '127.0.0.1', () => {
      const address = server?.address();
      resolve({ port: typeof address === 'object' && address ? address.port : 0, lines });
    });
  });
}

const message = {
  from: 'no-reply@ledger.local',
  to: 'alice@example.test',
  subject: 'Code',
  text: 'Your code:\n\n    123456',
};

test('sends the envelope and the message, then quits', async () => {
  const { port, lines } = await fakeSmtpServer();
  await sendSmtpMail(
    { host: '127.0.0.1', port, secure: false, user: '', password: '', heloName: 'ledger.local' },
    message,
  );
  expect(lines[0]).toBe('EHLO ledger.local');
  expect(lines).toContain('MAIL FROM:<no-reply@ledger.local>');
  expect(lines).toContain('RCPT TO:<alice@example.test>');
  expect(lines).toContain('To: alice@example.test');
  expect(lines).toContain('Content-Transfer-Encoding: base64');
  const body = lines.slice(lines.indexOf('') + 1, lines.indexOf('.')).join('');
  expect(Buffer.from(body, 'base64').toString('utf8')).toBe(message.text);
  expect(lines.at(-1)).toBe('QUIT');
});

test('refuses to authenticate over an unencrypted connection', async () => {
  const { port, lines } = await fakeSmtpServer();
  await expect(
    sendSmtpMail(
      {
        host: '127.0.0.1',
        port,
        secure: false,
        user: 'mailer',
        password: 'secret',
        heloName: 'ledger.local',
      },
      message,
    ),
  ).rejects.toThrow(/unencrypted/);
  expect(lines.some((line) => line.startsWith('AUTH'))).toBe(false);
});
