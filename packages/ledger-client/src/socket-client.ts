import net from 'node:net';
import {
  retryAfterMs,
  transportLineBytesMax,
  transportPendingAgeMaxMs,
  transportTimeoutMs,
} from './limits.ts';
import type { LedgerSubmission, LedgerWriterClient, SubmitResult } from './submission.ts';
import { unavailable } from './unavailable.ts';
import { CoalescedWriter, LineReader, type WireResponse } from './wire.ts';

/** A Unix socket path, or a loopback host and port (port 0: any free one). */
export type SocketAddress = { path: string } | { host: string; port: number };

export type SocketClientOptions = {
  address: SocketAddress;
  /** How long an answer may take before it is reported as indeterminate. */
  timeoutMs?: number;
  /**
   * While the oldest request in flight has waited longer than this, new ones are refused at once
   * as Unavailable('overloaded'), unsent (limits.ts `transportPendingAgeMaxMs`).
   */
  pendingAgeMaxMs?: number;
};

type Pending = { resolve(result: SubmitResult): void; sentAt: number };

/** How often a connection looks for requests past their deadline: a tenth of the timeout. */
function sweepEveryMs(timeoutMs: number): number {
  return Math.min(1_000, Math.max(10, Math.floor(timeoutMs / 10)));
}

/**
 * The write API's end of the local transport. One connection, many requests in flight. A request
 * that could not be sent is refused cleanly (nothing reached the writer); one that was sent but
 * not answered (connection lost, timeout) is Unavailable('indeterminate'): the client retries
 * with the same key and gets the original answer or a first decision. Past the peak, a request is
 * refused unsent while the oldest in flight has waited more than `pendingAgeMaxMs` (backpressure:
 * a fast 503 with Retry-After instead of a wait until the timeout and an unknown outcome).
 */
export function createSocketClient(options: SocketClientOptions): LedgerWriterClient {
  const timeoutMs = options.timeoutMs ?? transportTimeoutMs;
  const pendingAgeMaxMs = options.pendingAgeMaxMs ?? transportPendingAgeMaxMs;
  let connection: Promise<Connection> | undefined;
  let nextId = 1;
  let closed = false;

  function connect(): Promise<Connection> {
    connection ??= openConnection(options.address, { timeoutMs, pendingAgeMaxMs }, () => {
      connection = undefined;
    });
    connection.catch(() => {
      connection = undefined;
    });
    return connection;
  }

  return {
    async submit(submission: LedgerSubmission, submitOptions) {
      if (closed) return unavailable('stopped', retryAfterMs);
      let open: Connection;
      try {
        open = await connect();
      } catch {
        return unavailable('stopped', retryAfterMs);
      }
      if (submitOptions?.signal?.aborted) return unavailable('stopped', 0);
      const id = nextId;
      nextId = nextId >= Number.MAX_SAFE_INTEGER ? 1 : nextId + 1;
      return open.request(id, submission);
    },
    async close() {
      closed = true;
      const open = await connection?.catch(() => undefined);
      open?.close();
    },
  };
}

type Connection = {
  request(id: number, submission: LedgerSubmission): Promise<SubmitResult>;
  close(): void;
};

/**
 * One connection. Deadlines are checked by one timer per connection that sweeps the requests in
 * flight (a request answered in time costs no timer of its own), so an unanswered request is
 * reported between `timeoutMs` and `timeoutMs` + a tenth of it.
 */
function openConnection(
  address: SocketAddress,
  bounds: { timeoutMs: number; pendingAgeMaxMs: number },
  onClosed: () => void,
): Promise<Connection> {
  const { timeoutMs, pendingAgeMaxMs } = bounds;
  return new Promise((resolve, reject) => {
    const socket =
      'path' in address ? net.connect(address.path) : net.connect(address.port, address.host);
    const pending = new Map<number, Pending>();
    const reader = new LineReader(transportLineBytesMax);
    const out = new CoalescedWriter((text) => {
      if (!socket.destroyed) socket.write(text);
    });
    const settle = (id: number, result: SubmitResult) => {
      const entry = pending.get(id);
      if (entry === undefined) return;
      pending.delete(id);
      entry.resolve(result);
    };
    const sweeper = setInterval(() => {
      const deadline = performance.now() - timeoutMs;
      for (const [id, entry] of pending) {
        if (entry.sentAt <= deadline) settle(id, unavailable('indeterminate', retryAfterMs));
      }
    }, sweepEveryMs(timeoutMs));
    sweeper.unref();
    socket.setNoDelay(true);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const ok = reader.push(chunk, (line) => {
        const response = JSON.parse(line) as WireResponse;
        if ('result' in response) settle(response.id, response.result);
      });
      if (!ok) socket.destroy();
    });
    // The writer ending its side means it is going away: nothing more will be answered here.
    socket.on('end', () => socket.destroy());
    socket.on('close', () => {
      clearInterval(sweeper);
      onClosed();
      for (const id of [...pending.keys()]) settle(id, unavailable('indeterminate', retryAfterMs));
    });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => socket.destroy());
      resolve({
        request(id, submission) {
          const now = performance.now();
          // The Map keeps insertion order and answered requests leave it: the first is the oldest.
          const oldest: Pending | undefined = pending.values().next().value;
          if (oldest !== undefined && now - oldest.sentAt > pendingAgeMaxMs) {
            return Promise.resolve(unavailable('overloaded', retryAfterMs));
          }
          return new Promise<SubmitResult>((resolveRequest) => {
            pending.set(id, { resolve: resolveRequest, sentAt: now });
            out.send({ id, submit: submission });
          });
        },
        close: () => socket.destroy(),
      });
    });
  });
}
