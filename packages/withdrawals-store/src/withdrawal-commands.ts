import { createHash } from 'node:crypto';
import { insertExtraFormValues } from '@ledger/assets-store';
import type { Db } from '@ledger/db';
import type { EventStore, GlobalPosition } from '@ledger/event-store';
import type { LedgerWriterClient } from '@ledger/ledger-client';
import { createWalletAccountDirectory } from '@ledger/ledger-projections';
import { derivedEventId, handleCommand, readStreamState } from '@ledger/process-kit';
import {
  decideWithdrawal,
  decideWithdrawPolicy,
  evolveWithdrawal,
  evolveWithdrawPolicy,
  initialWithdrawalState,
  initialWithdrawPolicyState,
  type OpenWithdrawal,
  type WithdrawalCommand,
  type WithdrawalRejection,
  type WithdrawalRequest,
  type WithdrawalState,
  type WithdrawPolicy,
  type WithdrawPolicySet,
  withdrawalStream,
  withdrawPolicyStream,
} from '@ledger/withdrawals';
import { sql } from 'kysely';
import { type CertifiedAddress, certifiedAddressOf } from './catalog-sources.ts';
import { withdrawalFault } from './faults.ts';
import type { WithdrawAssetSource, WithdrawLimitsSource } from './sources.ts';
import { WithdrawalProblem } from './withdrawal-problem.ts';
import {
  amountAtScale,
  createWithdrawalRequests,
  type WithdrawalInput,
} from './withdrawal-request.ts';

/**
 * The commands people give a withdrawal (DESIGN.md §3, Processes; docs/adr/0023): a member
 * requests or cancels it, an administrator approves, rejects, re-sends, keys in a txid, completes
 * or fails it, and sets an asset's withdraw policy. Each records ONE decision of the pure process
 * on the withdrawal's stream and answers the state as recorded: the append is the nudge, and the
 * withdrawal processor takes the steps that follow (the hold, the transfer and its broadcast, the
 * capture, the release).
 */

export type WithdrawalCommandsDependencies = {
  db: Db;
  eventStore: EventStore;
  ledger: LedgerWriterClient;
  now?: (() => Date) | undefined;
  assets?: WithdrawAssetSource | undefined;
  limits?: WithdrawLimitsSource | undefined;
  /**
   * A member's usable certified withdraw address of an asset (KYC), by certification seq; by
   * default the KYC read model over `db`.
   */
  certifiedAddress?:
    | ((
        memberSeq: number,
        certificationSeq: number,
        asset: string,
      ) => Promise<CertifiedAddress | undefined>)
    | undefined;
};

export type WithdrawalOutcome = { state: OpenWithdrawal; position: GlobalPosition | null };

/** The withdrawal stream's fold (the process decider's initial state and evolve). */
export const withdrawalFold = { initialState: initialWithdrawalState, evolve: evolveWithdrawal };
const policyFold = { initialState: initialWithdrawPolicyState, evolve: evolveWithdrawPolicy };

const problems: Record<
  WithdrawalRejection['type'],
  (rejection: WithdrawalRejection) => WithdrawalProblem
> = {
  WithdrawalNotFound: () =>
    new WithdrawalProblem(404, 'withdrawal_not_found', 'No such withdrawal'),
  WithdrawalIdTaken: () =>
    new WithdrawalProblem(
      409,
      'idempotency_key_reused',
      'This Idempotency-Key was used for another withdrawal',
    ),
  WithdrawalNotReady: () =>
    new WithdrawalProblem(
      409,
      'withdrawal_not_ready',
      'The withdrawal is still being placed; retry in a moment',
    ),
  WithdrawalStateInvalid: (rejection) =>
    new WithdrawalProblem(
      409,
      'withdrawal_state_invalid',
      'The withdrawal is not in a state that allows this',
      'status' in rejection ? { withdrawalStatus: rejection.status } : undefined,
    ),
  ReasonInvalid: () => new WithdrawalProblem(422, 'reason_invalid', 'Invalid reason'),
  TransferNotFound: () =>
    new WithdrawalProblem(404, 'transfer_not_found', 'No such withdraw transfer'),
  TxidAlreadyRecorded: () =>
    new WithdrawalProblem(
      409,
      'txid_already_recorded',
      'This txid is already recorded for the withdrawal',
    ),
};

/** The problem a refused withdrawal command answers. */
export const withdrawalRefusal = (rejection: WithdrawalRejection): WithdrawalProblem =>
  problems[rejection.type](rejection);

export type WithdrawalCommands = ReturnType<typeof createWithdrawalCommands>;

export function createWithdrawalCommands(dependencies: WithdrawalCommandsDependencies) {
  const { db, eventStore } = dependencies;
  const now = () => (dependencies.now ?? (() => new Date()))().toISOString();
  const directory = createWalletAccountDirectory(db);
  const requests = createWithdrawalRequests({
    db,
    eventStore,
    ledger: dependencies.ledger,
    now,
    assets: dependencies.assets,
    limits: dependencies.limits,
    certifiedAddress:
      dependencies.certifiedAddress ??
      ((memberSeq, certificationSeq, asset) =>
        certifiedAddressOf(db, memberSeq, certificationSeq, asset)),
  });

  /** Records one command on the withdrawal's stream; a refusal throws its problem. */
  async function record(
    withdrawalId: string,
    command: WithdrawalCommand,
    context: { commandId: string; actor: string; requestId?: string | undefined },
  ): Promise<{ state: WithdrawalState; position: GlobalPosition | null; appended: number }> {
    const outcome = await handleCommand(
      eventStore,
      withdrawalStream(withdrawalId),
      withdrawalFold,
      (state) => decideWithdrawal(command, state),
      {
        commandId: context.commandId,
        actor: context.actor,
        requestId: context.requestId ?? context.commandId,
      },
    );
    if (outcome.kind === 'rejected') throw withdrawalRefusal(outcome.rejection);
    return { state: outcome.state, position: outcome.position, appended: outcome.events.length };
  }

  /** Records a command that applies only to an existing withdrawal. */
  async function recordOn(
    withdrawalId: string,
    command: WithdrawalCommand,
    context: { commandId: string; actor: string; requestId?: string | undefined },
  ): Promise<WithdrawalOutcome> {
    const { state, position } = await record(withdrawalId, command, context);
    if (state.status === 'none') throw withdrawalRefusal({ type: 'WithdrawalNotFound' });
    return { state, position };
  }

  /** The withdrawal id of a member's Idempotency-Key (scoped per member). */
  const withdrawalIdOf = (memberSeq: number, key: string) =>
    derivedEventId(`member:${memberSeq}\u0000${key}`, 'withdrawal', 0);

  function sameInput(request: WithdrawalRequest, input: WithdrawalInput): boolean {
    return (
      request.accountSeq === input.accountSeq &&
      amountAtScale(input.amount, request.decimalPoint) === request.requestAmount &&
      request.memo === input.memo &&
      request.addressCertificationSeq === input.addressCertificationSeq
    );
  }

  const admin = (adminSeq: number, commandId: string, requestId: string | undefined) => ({
    commandId,
    actor: `admin:${adminSeq}`,
    requestId,
  });

  return {
    withdrawalIdOf,
    readPolicy: requests.readPolicy,

    /** Records a withdrawal request; a retry with the same key and body answers the same. */
    async request(input: WithdrawalInput): Promise<WithdrawalOutcome> {
      const withdrawalId = withdrawalIdOf(input.memberSeq, input.idempotencyKey);
      const stream = withdrawalStream(withdrawalId);
      const existing = (await readStreamState(eventStore, stream, withdrawalFold)).state;
      if (existing.status !== 'none') {
        if (!sameInput(existing.request, input))
          throw withdrawalRefusal({ type: 'WithdrawalIdTaken' });
        return { state: existing, position: null };
      }
      const request = await requests.buildRequest(input, withdrawalId);
      const { holderName } = await requests.destinationOf(input, request.asset);
      // Personal data first, keyed by the withdrawal id; the event never carries it.
      await sql`INSERT INTO withdrawal_personal_data (withdrawal_id, member_seq, holder_name)
        VALUES (${withdrawalId}, ${input.memberSeq}, ${holderName})
        ON CONFLICT (withdrawal_id) DO NOTHING`.execute(db);
      await insertExtraFormValues(db, {
        kind: 'withdrawal',
        requestId: withdrawalId,
        memberSeq: input.memberSeq,
        asset: request.asset,
        values: input.extra ?? {},
      });
      const requested = await recordOn(
        withdrawalId,
        { type: 'RequestWithdrawal', request },
        {
          commandId: `${withdrawalId}:request`,
          actor: `member:${input.memberSeq}`,
          requestId: input.requestId,
        },
      );
      withdrawalFault('after-requested');
      return requested;
    },

    async approve(withdrawalId: string, adminSeq: number, requestId?: string) {
      const approved = await recordOn(
        withdrawalId,
        { type: 'ApproveWithdrawal', approvedBy: adminSeq, now: now() },
        admin(adminSeq, `${withdrawalId}:approve`, requestId),
      );
      withdrawalFault('after-approved');
      return approved;
    },

    /**
     * Approves every withdrawal waiting for approval (the oldest 500 per run), every asset; a second
     * run finds none and changes nothing. Answers how many it considered and approved.
     */
    async approveAll(
      adminSeq: number,
      requestId?: string,
    ): Promise<{ considered: number; approved: number }> {
      const { rows } = await sql<{ withdrawal_id: string }>`SELECT withdrawal_id FROM withdrawals
        WHERE status = 'requested' AND hold = 'placed' ORDER BY requested_at LIMIT 500`.execute(db);
      let approved = 0;
      for (const { withdrawal_id: withdrawalId } of rows) {
        const outcome = await record(
          withdrawalId,
          { type: 'ApproveWithdrawal', approvedBy: adminSeq, now: now() },
          admin(adminSeq, `${withdrawalId}:approve`, requestId),
        ).catch((error: unknown) => {
          if (error instanceof WithdrawalProblem) return undefined;
          throw error;
        });
        if (outcome !== undefined && outcome.appended > 0) approved += 1;
      }
      return { considered: rows.length, approved };
    },

    reject(withdrawalId: string, adminSeq: number, reason: string, requestId?: string) {
      return recordOn(
        withdrawalId,
        { type: 'RejectWithdrawal', rejectedBy: adminSeq, reason, now: now() },
        admin(adminSeq, `${withdrawalId}:reject`, requestId),
      );
    },

    cancel(withdrawalId: string, memberSeq: number, requestId?: string) {
      return recordOn(
        withdrawalId,
        { type: 'CancelWithdrawal', memberSeq, now: now() },
        { commandId: `${withdrawalId}:cancel`, actor: `member:${memberSeq}`, requestId },
      );
    },

    /** A new transfer of the same withdrawal (duplicates possible: the SPEC's warning). */
    resend(withdrawalId: string, adminSeq: number, key: string, requestId?: string) {
      const transferId = `withdrawal:${withdrawalId}:transfer:${hashOf(`admin:${adminSeq}\u0000${key}`)}`;
      return recordOn(
        withdrawalId,
        { type: 'CreateTransfer', transferId, createdBy: `admin:${adminSeq}`, now: now() },
        admin(adminSeq, `${transferId}:create`, requestId),
      );
    },

    keyIn(withdrawalId: string, adminSeq: number, txid: string, key: string, requestId?: string) {
      const transferId = `withdrawal:${withdrawalId}:keyed:${hashOf(`admin:${adminSeq}\u0000${key}`)}`;
      return recordOn(
        withdrawalId,
        { type: 'KeyInTransfer', transferId, txid, keyedBy: adminSeq, now: now() },
        admin(adminSeq, `${transferId}:key-in`, requestId),
      );
    },

    /** An administrator confirms the transfer arrived (e.g. a bank transfer): capture follows. */
    async complete(withdrawalId: string, adminSeq: number, txid: string, requestId?: string) {
      const confirmed = await recordOn(
        withdrawalId,
        {
          type: 'ConfirmWithdrawal',
          txid,
          matchedBy: 'admin',
          confirmedBy: `admin:${adminSeq}`,
          now: now(),
        },
        admin(adminSeq, `${withdrawalId}:confirm`, requestId),
      );
      withdrawalFault('after-confirmed');
      return confirmed;
    },

    fail(withdrawalId: string, failedBy: string, reason: string, requestId?: string) {
      return recordOn(
        withdrawalId,
        { type: 'FailWithdrawal', failedBy, reason, now: now() },
        { commandId: `${withdrawalId}:fail`, actor: failedBy, requestId },
      );
    },

    /** Sets the withdraw policy of an asset (admin withdraw/policy). */
    async setPolicy(policy: WithdrawPolicy, adminSeq: number, requestId?: string) {
      const decimalPoint = await directory.assetScale(policy.asset);
      const feeDecimalPoint = await directory.assetScale(policy.feeAsset);
      if (decimalPoint === undefined || feeDecimalPoint === undefined) {
        throw new WithdrawalProblem(422, 'asset_unknown', 'No such asset');
      }
      const canonical: WithdrawPolicy = {
        asset: policy.asset,
        oneTimeLimit:
          policy.oneTimeLimit === null
            ? null
            : (amountAtScale(policy.oneTimeLimit, decimalPoint, 'nonNegative') ??
              policy.oneTimeLimit),
        dailyLimit:
          policy.dailyLimit === null
            ? null
            : (amountAtScale(policy.dailyLimit, decimalPoint, 'nonNegative') ?? policy.dailyLimit),
        feeType: policy.feeType,
        feeAmount:
          amountAtScale(policy.feeAmount, feeDecimalPoint, 'nonNegative') ?? policy.feeAmount,
        feeAsset: policy.feeAsset,
      };
      const at = now();
      const outcome = await handleCommand<
        { policy: WithdrawPolicy | null },
        WithdrawPolicySet,
        { type: string; field: string }
      >(
        eventStore,
        withdrawPolicyStream(policy.asset),
        policyFold,
        (state) =>
          decideWithdrawPolicy(
            { policy: canonical, decimalPoint, feeDecimalPoint, setBy: adminSeq, now: at },
            state,
          ),
        {
          commandId: `withdraw-policy:${policy.asset}:${hashOf(JSON.stringify(canonical))}:${at}`,
          actor: `admin:${adminSeq}`,
          requestId: requestId ?? at,
        },
      );
      if (outcome.kind === 'rejected') {
        throw new WithdrawalProblem(422, 'policy_invalid', 'Invalid withdraw policy', {
          field: outcome.rejection.field,
        });
      }
      return { policy: canonical, position: outcome.position };
    },
  };
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
