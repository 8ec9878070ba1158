import { randomUUID } from 'node:crypto';
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls, type TLSSocket } from 'node:tls';

/**
 * A small SMTP client (RFC 5321) for plain-text mails: implicit TLS (port 465) or STARTTLS when the
 * server offers it, AUTH PLAIN when a user is set. Small enough to own (docs/adr/0008) instead of
 * adding a dependency; it refuses to authenticate over an unencrypted connection.
 */
export type SmtpServer = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  heloName: string;
  timeoutMs?: number;
  /** Tests only: accept the server's self-signed certificate. */
  rejectUnauthorized?: boolean;
};

export type SmtpMessage = { from: string; to: string; subject: string; text: string };

type Reply = { code: number; lines: string[] };

class SmtpSession {
  #socket: Socket | TLSSocket;
  #buffer = '';
  #waiting: ((reply: Reply) => void) | undefined;
  #failure: ((error: Error) => void) | undefined;
  #lines: string[] = [];

  constructor(socket: Socket | TLSSocket) {
    this.#socket = socket;
    this.#attach(socket);
  }

  #attach(socket: Socket | TLSSocket): void {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.#receive(chunk));
    socket.on('error', (error) => this.#failure?.(error));
  }

  #receive(chunk: string): void {
    this.#buffer += chunk;
    for (;;) {
      const end = this.#buffer.indexOf('\r\n');
      if (end < 0) return;
      const line = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      this.#lines.push(line);
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), lines: this.#lines };
        this.#lines = [];
        this.#waiting?.(reply);
      }
    }
  }

  read(expected: number): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.#failure = reject;
      this.#waiting = (reply) => {
        this.#waiting = undefined;
        if (reply.code === expected) resolve(reply);
        else reject(new Error(`SMTP: expected ${expected}, got ${reply.lines.join(' | ')}`));
      };
    });
  }

  command(line: string, expected: number): Promise<Reply> {
    const reply = this.read(expected);
    this.#socket.write(`${line}\r\n`);
    return reply;
  }

  upgrade(server: SmtpServer): Promise<void> {
    return new Promise((resolve, reject) => {
      const secured = connectTls(
        {
          socket: this.#socket,
          servername: server.host,
          rejectUnauthorized: server.rejectUnauthorized ?? true,
        },
        () => resolve(),
      );
      secured.once('error', reject);
      this.#socket.removeAllListeners('data');
      this.#socket = secured;
      this.#attach(secured);
    });
  }

  get isEncrypted(): boolean {
    return 'encrypted' in this.#socket && this.#socket.encrypted === true;
  }

  end(): void {
    this.#socket.end();
  }
}

function open(server: SmtpServer): Promise<Socket | TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = server.secure
      ? connectTls({
          host: server.host,
          port: server.port,
          servername: server.host,
          rejectUnauthorized: server.rejectUnauthorized ?? true,
        })
      : connectTcp({ host: server.host, port: server.port });
    socket.setTimeout(server.timeoutMs ?? 15_000, () => socket.destroy(new Error('SMTP timeout')));
    socket.once(server.secure ? 'secureConnect' : 'connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

function headerSafe(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error('SMTP: header value with a line break');
  return value;
}

/** The message with CRLF lines and dot-stuffing (RFC 5321 §4.5.2). */
export function formatMessage(message: SmtpMessage, date: Date): string {
  const subject = `=?UTF-8?B?${Buffer.from(headerSafe(message.subject)).toString('base64')}?=`;
  const body = Buffer.from(message.text).toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    `From: ${headerSafe(message.from)}`,
    `To: ${headerSafe(message.to)}`,
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@${headerSafe(message.from).split('@')[1] ?? 'localhost'}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ]
    .join('\r\n')
    .replace(/^\./gm, '..');
}

export async function sendSmtpMail(server: SmtpServer, message: SmtpMessage): Promise<void> {
  const session = new SmtpSession(await open(server));
  try {
    await session.read(220);
    let hello = await session.command(`EHLO ${server.heloName}`, 250);
    if (!session.isEncrypted && hello.lines.some((line) => /^250[ -]STARTTLS/i.test(line))) {
      await session.command('STARTTLS', 220);
      await session.upgrade(server);
      hello = await session.command(`EHLO ${server.heloName}`, 250);
    }
    if (server.user !== '') {
      if (!session.isEncrypted)
        throw new Error('SMTP: refusing AUTH over an unencrypted connection');
      const credentials = Buffer.from(`\u0000${server.user}\u0000${server.password}`).toString(
        'base64',
      );
      await session.command(`AUTH PLAIN ${credentials}`, 235);
    }
    await session.command(`MAIL FROM:<${headerSafe(message.from)}>`, 250);
    await session.command(`RCPT TO:<${headerSafe(message.to)}>`, 250);
    await session.command('DATA', 354);
    await session.command(`${formatMessage(message, new Date())}\r\n.`, 250);
    await session.command('QUIT', 221).catch(() => undefined);
  } finally {
    session.end();
  }
}
