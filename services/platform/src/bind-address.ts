import { isIP } from 'node:net';

/**
 * Whether a bind address is reachable from this machine only: `localhost`, 127.0.0.0/8 or ::1
 * (also as an IPv4-mapped address). Anything else (0.0.0.0, ::, a LAN address, a host name) is
 * reachable from the network.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase();
  if (lower === 'localhost') return true;
  const v4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(lower) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(lower);
}

/**
 * The warning the start command gives when it binds beyond loopback: it runs in development mode
 * (the demo logins are printed, the development routes are mounted for administrators), so anyone
 * on the network can reach the demo and try those logins.
 */
export function exposureWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return (
    `HOST=${host} serves the demo beyond this machine: anyone on the network can reach it and ` +
    'try the printed demo logins, whose administrators can read every mail (codes included) ' +
    'through the development outbox. Change the demo passwords, or bind to 127.0.0.1.'
  );
}
