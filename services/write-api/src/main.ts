import { createDb } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { serveApp } from '@ledger/http';
import { createLogger, parseEnv, runService } from '@ledger/runtime';
import {
  createApp,
  startAdjustmentResumer,
  startIdentityRetention,
  startKycWorkers,
} from './app.ts';
import { WriteApiEnvSchema } from './env.ts';
import { createIdentityWriteDependencies } from './identity-from-environment.ts';
import { limits } from './limits.ts';
import { ledgerFromEnvironment } from './routes/ledger-writer-address.ts';

// Composition root of the write-api as its own deployable (the start command runs it in-process).
// Its `start` script gives it a large semi-space (`--max-semi-space-size`, a flag V8 reads only
// at start-up): a request's objects live until the writer answers (tens of ms under load), so with
// the default young generation they outlive a scavenge and are copied and promoted. Measured in
// bench-ledger-http: GC pauses 30–37 → 12–14 µs and write API CPU ~170 → ~120 µs per transfer.
// The semi-space is fixed at 128 MiB (`--min-semi-space-size=128` too): V8 grows a young generation
// from a small start only as survivors accumulate, so with a maximum alone it ran smaller than
// allowed (0.6–2.8 collections per 1,000 requests); fixed, 0.3 and GC pauses ~15 → ~6 µs per request
// (docs/performance.md, "Third pass, write API, round 2").
// And without V8's allocation-site pretenuring (`--no-allocation-site-pretenuring`): a scavenge finds
// nearly every object of the requests still waiting for the writer alive, so V8 marks their
// allocation sites "tenure" and from then on allocates every request's objects of those sites in
// the old generation, where they die: the old generation fills (a mark-compact every 2–3
// scavenges) and each scavenge walks the old-to-new pointers they leave (22–45 ms instead of 7).
// Measured in bench-write-api-path (docs/adr/0018).
const env = parseEnv(WriteApiEnvSchema);
const logger = createLogger({ service: 'write-api' });
runService(
  async () => {
    const db = createDb({
      url: env.DATABASE_URL,
      poolSizeMax: limits.poolSizeMax,
      statementTimeoutMs: limits.statementTimeoutMs,
      applicationName: 'write-api',
    });
    const eventStore = createPostgresEventStore({
      url: env.DATABASE_URL,
      poolSizeMax: limits.poolSizeMax,
    });
    const identity = createIdentityWriteDependencies({
      db,
      eventStore,
      keys: {
        tokenSigningKey: env.TOKEN_SIGNING_KEY,
        identitySecret: env.IDENTITY_SECRET,
        smtpPassword: env.SMTP_PASSWORD,
        trustedProxies: env.TRUSTED_PROXIES,
        trustedProxyHeader: env.TRUSTED_PROXY_HEADER,
      },
    });
    const ledger = ledgerFromEnvironment(env.LEDGER_WRITER_ADDRESS);
    const stopResumer = ledger && startAdjustmentResumer({ db, identity, logger, ledger });
    const stopRetention = startIdentityRetention({ db, logger, now: () => new Date() });
    // Automatic security levels (one leader across instances) and KYC expiry (idempotent).
    const stopKycWorkers = startKycWorkers({ db, identity, logger });
    const server = await serveApp(createApp({ db, logger, identity, ledger }), {
      port: env.WRITE_API_PORT,
      hostname: env.WRITE_API_HOST,
    });
    logger.info('listening', { url: server.url });
    return async () => {
      await server.close();
      await stopResumer?.();
      await stopRetention();
      await stopKycWorkers();
      await ledger?.client.close();
      await eventStore.close();
      await db.destroy();
    };
  },
  { logger },
);
