import { createHmac } from 'node:crypto';
import type { Context } from 'hono';

/**
 * How a service learns the client's address. The socket's peer is the only trustworthy source;
 * X-Forwarded-For is read only when the peer is one of the configured proxies (ASVS 4.1.3), and
 * then its right-most entry not belonging to a proxy is the client.
 */
export type ClientAddressResolver = (c: Context) => string;

export function clientAddressResolver(options: {
  peerAddress: (c: Context) => string | undefined;
  trustedProxies: readonly string[];
}): ClientAddressResolver {
  return (c) => {
    const peer = options.peerAddress(c) ?? 'unknown';
    if (!options.trustedProxies.includes(peer)) return peer;
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
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
