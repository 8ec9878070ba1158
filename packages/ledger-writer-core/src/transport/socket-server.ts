import { rm } from 'node:fs/promises';
import net from 'node:net';
import type { LedgerSubmission, SocketAddress, SubmitResult } from '@ledger/ledger-client';
import { CoalescedWriter, LineReader, parseRequest, unavailable } from '@ledger/ledger-client';
import type { Logger } from '@ledger/runtime';
import { retryAfterMs, transportInFlightMax, transportLineBytesMax } from '../limits.ts';

export type SocketServer = {
  /** Where it listens (the port actually bound when 0 was asked). */
  address: SocketAddress;
  /** Stops listening and ends every connection; unanswered requests are indeterminate to clients. */
  close(): Promise<void>;
};

/** What the transport submits to; `submitTo` (a callback, no promise per command) when it has one. */
export type SubmitTarget = {
  submit(submission: LedgerSubmission): Promise<SubmitResult>;
  submitTo?(submission: LedgerSubmission, reply: (result: SubmitResult) => void): void;
};

/**
 * The writer's end of the local transport (docs/adr/0010-ledger-writer.md): NDJSON over a Unix
 * socket or loopback TCP, many requests in flight per connection.
 */
export async function startSocketServer(options: {
  address: SocketAddress;
  target: SubmitTarget;
  status?: () => Record<string, unknown>;
  logger: Logger;
}): Promise<SocketServer> {
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serveConnection(socket, options);
  });
  if ('path' in options.address) await rm(options.address.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const onListening = () => {
      server.off('error', reject);
      resolve();
    };
    if ('path' in options.address) server.listen(options.address.path, onListening);
    else server.listen(options.address.port, options.address.host, onListening);
  });
  server.on('error', (error) => options.logger.error('transport error', { error: String(error) }));
  const bound = server.address();
  const address: SocketAddress =
    typeof bound === 'object' && bound !== null
      ? { host: bound.address, port: bound.port }
      : options.address;
  return {
    address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Answers given while stopping go out on the next turn (coalesced writes): let them,
        // then end each connection; a peer that does not close within a second is cut.
        setImmediate(() => {
          for (const socket of connections) socket.end();
          setTimeout(() => {
            for (const socket of connections) socket.destroy();
          }, 1_000).unref();
        });
      }),
  };
}

function serveConnection(
  socket: net.Socket,
  options: {
    target: SubmitTarget;
    status?: () => Record<string, unknown>;
    logger: Logger;
  },
): void {
  socket.setNoDelay(true);
  socket.setEncoding('utf8');
  const reader = new LineReader(transportLineBytesMax);
  const out = new CoalescedWriter((text) => {
    if (!socket.destroyed) socket.write(text);
  });
  let inFlight = 0;
  const submitTo = options.target.submitTo?.bind(options.target);
  const onLine = (line: string) => {
    const parsed = parseRequest(line);
    if (!parsed.ok) {
      if (parsed.id === undefined) socket.destroy();
      else out.send({ id: parsed.id, result: { kind: 'InvalidSubmission', field: parsed.field } });
      return;
    }
    const { request } = parsed;
    if ('ping' in request) {
      out.send({ id: request.id, pong: options.status?.() ?? {} });
      return;
    }
    if (inFlight >= transportInFlightMax) {
      out.send({ id: request.id, result: unavailable('overloaded', retryAfterMs) });
      return;
    }
    inFlight += 1;
    const { id } = request;
    let answered = false;
    const reply = (result: SubmitResult) => {
      // Once per request, whatever the target does.
      if (answered) return;
      answered = true;
      inFlight -= 1;
      out.send({ id, result });
    };
    if (submitTo !== undefined) submitTo(request.submit, reply);
    else void options.target.submit(request.submit).then(reply);
  };
  socket.on('data', (chunk: string) => {
    if (!reader.push(chunk, onLine)) {
      options.logger.warn('transport line too long; closing the connection');
      socket.destroy();
    }
  });
  socket.on('error', () => socket.destroy());
}
