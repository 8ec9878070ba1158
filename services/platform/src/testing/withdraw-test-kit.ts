import type { Db } from '@ledger/db';
import { createPostgresEventStore, encodePosition } from '@ledger/event-store/postgres';
import { kycProjection, kycProjectionName } from '@ledger/kyc-store';
import { startProjector } from '@ledger/projector';
import { silentLogger } from '@ledger/runtime';
import { committedHead } from '@ledger/testing';
import { startWithdrawalService } from '@ledger/withdrawal-processor';
import { withdrawalsProjection, withdrawalsProjectionName } from '@ledger/withdrawals-store';
import type { Kysely } from 'kysely';
import type { LedgerTestKit, LedgerTestMember } from './ledger-test-kit.ts';

/**
 * Integration-test helpers for withdrawals over HTTP (not shipped): the `kyc` projection beside
 * the ledger kit's projector (a withdrawal reads certified addresses from its read model), a
 * withdraw address certified the way a member and an administrator do it, and the withdrawal
 * processor, which takes every step the write API's commands leave to it.
 */
export type WithdrawTestKyc = {
  /** Requests a withdraw-address certification as `member`, approves it as `admin`, waits for it. */
  certify(
    member: LedgerTestMember,
    admin: LedgerTestMember,
    address: { asset: string; withdrawAddress: string; holderName: string; bankCode?: string },
  ): Promise<number>;
  projected(): Promise<void>;
  close(): Promise<void>;
};

export function startWithdrawTestKyc(
  kit: LedgerTestKit,
  database: { url: string; db: Db },
): WithdrawTestKyc {
  const store = createPostgresEventStore({ url: database.url, poolSizeMax: 2 });
  const stopping = new AbortController();
  const stopProcessor = startWithdrawalService({
    db: database.db,
    eventStore: store,
    ledger: kit.writer.client(),
    logger: silentLogger,
    now: kit.identity.now,
    intervalMs: 200,
  });
  const projector = startProjector({
    db: database.db as unknown as Kysely<unknown>,
    eventStore: store,
    projections: [kycProjection, withdrawalsProjection],
    logger: silentLogger,
    signal: stopping.signal,
  });
  async function projected() {
    const head = await committedHead(database.db, encodePosition);
    if (head === undefined) return;
    if (
      !(await kit.awaiter.waitForPosition(
        [kycProjectionName, withdrawalsProjectionName],
        head,
        20_000,
      ))
    ) {
      throw new Error('the kyc and withdrawals projections did not catch up');
    }
    await kit.projected();
  }
  return {
    projected,
    async certify(member, admin, address) {
      const requested = await kit.write(
        'POST',
        '/api/v1/kyc/withdraw-address-certification',
        {
          asset: address.asset,
          bank_code: address.bankCode ?? null,
          withdraw_address: address.withdrawAddress,
          holder_name: address.holderName,
        },
        { token: member.token, key: kit.freshKey() },
      );
      if (requested.status !== 201) throw new Error(`certification: ${await requested.text()}`);
      const { seq } = ((await requested.json()) as { data: { seq: number } }).data;
      const reviewed = await kit.write(
        'PUT',
        `/api/v1/admin/kyc-asset-withdraw-address-certification/${seq}/review`,
        { decision: 'approved', is_valid: true },
        { token: admin.token },
      );
      if (reviewed.status !== 200) throw new Error(`review: ${await reviewed.text()}`);
      await projected();
      return seq;
    },
    async close() {
      await stopProcessor();
      stopping.abort();
      await projector.done;
      await store.close();
    },
  };
}
