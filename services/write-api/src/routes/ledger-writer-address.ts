import { createSocketClient } from '@ledger/ledger-client';
import type { LedgerWriteDependencies } from './ledger-write-context.ts';

/** The writer's client from LEDGER_WRITER_ADDRESS (`unix:/path` or `127.0.0.1:7400`), if set. */
export function ledgerFromEnvironment(
  address: string | undefined,
): LedgerWriteDependencies | undefined {
  if (address === undefined) return undefined;
  if (address.startsWith('unix:')) {
    return { client: createSocketClient({ address: { path: address.slice('unix:'.length) } }) };
  }
  const colon = address.lastIndexOf(':');
  const host = address.slice(0, colon).replace(/^\[|\]$/g, '');
  return {
    client: createSocketClient({ address: { host, port: Number(address.slice(colon + 1)) } }),
  };
}
