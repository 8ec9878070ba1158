import { createHmac } from 'node:crypto';

/**
 * How a service learns the client's address. The socket's peer is the only trustworthy source;
 * the proxy header (X-Forwarded-For unless configured otherwise) is read only when the peer is one
 * of the configured proxies (ASVS 4.1.3), and then its right-most entry not belonging to a proxy
 * is the client. With no proxy configured (a deployable's default) the header is never read.
 */
export type ClientAddressResolver = (c: ClientAddressSource) => string;

/**
 * What a resolver reads of a request: its headers and the server's bindings (`c.env` under
 * `@hono/node-server`: the Node request, whose socket is the peer). A Hono `Context` is one; a
 * direct route (@ledger/http direct-routes.ts) passes its own.
 */
export type ClientAddressSource = {
  req: { header(name: string): string | undefined };
  env: unknown;
};

export function clientAddressResolver(options: {
  peerAddress: (c: ClientAddressSource) => string | undefined;
  trustedProxies: readonly string[];
  /** The header the trusted proxies append the client's address to (lower case). */
  header?: string | undefined;
}): ClientAddressResolver {
  const header = options.header ?? 'x-forwarded-for';
  return (c) => {
    const peer = options.peerAddress(c) ?? 'unknown';
    if (!options.trustedProxies.includes(peer)) return peer;
    const forwarded = (c.req.header(header) ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    for (let index = forwarded.length - 1; index >= 0; index -= 1) {
      const hop = forwarded[index];
      if (hop !== undefined && !options.trustedProxies.includes(hop)) return hop.slice(0, 64);
    }
    return peer;
  };
}

/** A client address kept only as a keyed hash (it is personal data). */
export function loginSourceHash(key: Buffer, address: string): Buffer {
  return createHmac('sha256', key).update(address).digest();
}
