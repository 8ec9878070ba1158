import { c2cProjection } from '@ledger/c2c-store';
import type { Db } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { identityDb, readPersonalData } from '@ledger/identity-store';
import { kycProjection, kycProjectionName } from '@ledger/kyc-store';
import { createCheckpointAwaiter } from '@ledger/projection-runner';
import { startProjector } from '@ledger/projector';
import { silentLogger } from '@ledger/runtime';
import { securityLevelReactorName, startKycWorkers } from '@ledger/write-api';
import type { TestMember } from '@ledger/write-api/testing';
import type { Kysely } from 'kysely';
import { committedHead } from './committed-head.ts';
import { createIdentityPlatformTestKit } from './identity-platform-test-kit.ts';

export type KycPlatformTestKit = Awaited<ReturnType<typeof createKycPlatformTestKit>>;

/**
 * The identity platform kit plus KYC: the `kyc` projection and the security-level reactor run in
 * this process (the reactor can be stopped and started again, as after a restart), and helpers
 * for a verified email, a KYC request and its review, real-name answers and address requests.
 */
export async function createKycPlatformTestKit(database: { url: string; db: Db }) {
  const kit = await createIdentityPlatformTestKit(database);
  const awaiter = createCheckpointAwaiter(database.db, { pollIntervalMs: 5 });
  const projectorStore = createPostgresEventStore({ url: database.url, poolSizeMax: 2 });
  const stopping = new AbortController();
  const projector = startProjector({
    db: database.db as unknown as Kysely<unknown>,
    eventStore: projectorStore,
    // The c2c projection too, so the C2C reads find their tables.
    projections: [kycProjection, c2cProjection],
    logger: silentLogger,
    signal: stopping.signal,
  });
  let stopReactor: (() => Promise<void>) | undefined;
  function startReactor(): void {
    stopReactor = startKycWorkers({
      db: database.db,
      identity: kit.identity,
      logger: silentLogger,
      // Fast, so a test that moves the clock past an expiry sees it soon.
      expiryIntervalMs: 200,
    });
  }
  startReactor();

  /** Waits until identity, KYC and the reactor have seen every event so far (twice: the reactor appends). */
  async function settled(): Promise<void> {
    for (let round = 0; round < 3; round += 1) {
      const head = await committedHead(database.db);
      if (head === undefined) return;
      const names = ['identity', kycProjectionName];
      if (stopReactor !== undefined) names.push(securityLevelReactorName);
      const reached = await awaiter.waitForPosition(names, head, 20_000);
      if (!reached) throw new Error('the KYC projections did not catch up');
      await kit.projected();
    }
  }

  async function verifyEmail(member: TestMember): Promise<void> {
    const { token } = await kit.login(member);
    const code = await kit.latestCode(member.email);
    const response = await kit.post(
      '/api/v1/member/me/email-verification/confirm',
      { code },
      { token },
    );
    if (response.status !== 200) throw new Error(`verify: ${response.status}`);
  }

  async function json<Body>(response: Response, status: number): Promise<Body> {
    const text = await response.text();
    if (response.status !== status) {
      throw new Error(`expected ${status}, got ${response.status} ${text}`);
    }
    return JSON.parse(text) as Body;
  }

  async function requestKyc(token: string): Promise<number> {
    const response = await kit.post(
      '/api/v1/kyc/certification',
      {
        kyc_type: 'individual',
        documents: [{ kind: 'id_card', name: 'id-front.jpg', reference: 'scan-001' }],
      },
      { token },
    );
    return (await json<{ data: { seq: number } }>(response, 201)).data.seq;
  }

  async function review(
    path: 'kyc-certification' | 'kyc-asset-withdraw-address-certification',
    seq: number,
    adminToken: string,
    decision: 'approved' | 'denied' = 'approved',
  ): Promise<Response> {
    return kit.put(
      `/api/v1/admin/${path}/${seq}/review`,
      { decision, is_valid: true },
      { token: adminToken },
    );
  }

  async function requestAddress(token: string, asset = 'BTC'): Promise<number> {
    const response = await kit.post(
      '/api/v1/kyc/withdraw-address-certification',
      {
        asset,
        bank_code: null,
        withdraw_address: 'bc1qalicewalletaddress0001',
        holder_name: 'Alice Kim',
      },
      { token },
    );
    return (await json<{ data: { seq: number } }>(response, 201)).data.seq;
  }

  async function userNameOf(memberSeq: number): Promise<string> {
    return (await readPersonalData(identityDb(database.db), memberSeq))?.userName ?? '';
  }

  /** Starts a real-name authentication and answers the simulated authority's window. */
  async function authenticateRealname(
    token: string,
    answer: Record<string, string | boolean>,
  ): Promise<{ seq: number; response: Response }> {
    const started = await json<{ data: { seq: number; provider_url: string } }>(
      await kit.post('/api/v1/kyc/realname', {}, { token }),
      201,
    );
    const ticket = new URL(started.data.provider_url, 'http://x').searchParams.get('ticket') ?? '';
    const response = await kit.post(
      '/api/v1/kyc/realname/complete',
      {
        realname_seq: started.data.seq,
        provider_answer: {
          ticket,
          sex: 'female',
          nationality: 'domestic',
          birth_date: '900101',
          cell_carrier: 'SKT',
          cell_number: '01012345678',
          ...answer,
        },
      },
      { token },
    );
    return { seq: started.data.seq, response };
  }

  async function securityLevelOf(memberSeq: number): Promise<number> {
    const row = await identityDb(database.db)
      .selectFrom('identity_members')
      .select('security_level')
      .where('member_seq', '=', memberSeq)
      .executeTakeFirstOrThrow();
    return row.security_level;
  }

  return {
    ...kit,
    settled,
    verifyEmail,
    json,
    requestKyc,
    review,
    requestAddress,
    userNameOf,
    authenticateRealname,
    securityLevelOf,
    async stopReactor() {
      await stopReactor?.();
      stopReactor = undefined;
    },
    startReactor,
    async close() {
      await stopReactor?.();
      stopping.abort();
      await projector.done;
      awaiter.close();
      await projectorStore.close();
      await kit.close();
    },
  };
}
