/** Where a local socket listens or is reached: a Unix socket path, or a host and port. */
export type SocketAddress = { path: string } | { host: string; port: number };

/**
 * A socket address from configuration: `unix:/path/to.sock`, `127.0.0.1:7400` or `[::1]:7400`
 * (the environment schema has already checked the form).
 */
export function parseSocketAddress(address: string): SocketAddress {
  if (address.startsWith('unix:')) return { path: address.slice('unix:'.length) };
  const colon = address.lastIndexOf(':');
  return {
    host: address.slice(0, colon).replace(/^\[|\]$/g, ''),
    port: Number(address.slice(colon + 1)),
  };
}
