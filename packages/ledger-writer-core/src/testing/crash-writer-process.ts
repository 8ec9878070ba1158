// A writer process for the crash tests: it serves the local transport on SOCKET_PATH and kills
// itself with SIGKILL the FAULT_AT-th time it reaches FAULT_POINT (no clean-up of any kind runs).
import { silentLogger } from '@ledger/runtime';
import { type FaultPoint, installFaultHook } from '../faults.ts';
import { startLedgerWriterService } from '../ledger-writer-service.ts';

const databaseUrl = process.env.DATABASE_URL as string;
const socketPath = process.env.SOCKET_PATH as string;
const faultPoint = process.env.FAULT_POINT as FaultPoint;
const faultAt = Number(process.env.FAULT_AT);

let hits = 0;
installFaultHook((point) => {
  if (point !== faultPoint) return;
  hits += 1;
  if (hits === faultAt) process.kill(process.pid, 'SIGKILL');
});

const service = await startLedgerWriterService({
  databaseUrl,
  logger: silentLogger,
  listen: { path: socketPath },
  runExpiry: false,
});
await service.leading;
process.stdout.write('ready\n');
