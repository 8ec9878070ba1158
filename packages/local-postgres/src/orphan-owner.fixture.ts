// A process that starts an embedded PostgreSQL and then waits to be killed (used by
// local-postgres.int.test.ts to play a test runner that dies with SIGKILL).
import { startLocalPostgres } from './local-postgres.ts';

const [dataDir, watchdog] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: orphan-owner.fixture.ts <dataDir> <watchdog:on|off>');
const server = await startLocalPostgres({
  dataDir,
  persistent: false,
  watchdog: watchdog === 'on',
});
console.log(JSON.stringify({ port: server.port }));
setInterval(() => {}, 60_000);
