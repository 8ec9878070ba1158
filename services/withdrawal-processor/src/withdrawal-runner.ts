import { createHash } from 'node:crypto';
import { insertExtraFormValues } from '@ledger/assets-store';
import type { Db } from '@ledger/db';
import type { EventStore, GlobalPosition } from '@ledger/event-store';
import { formatAmount, type LedgerRejection, tryParseAmount } from '@ledger/ledger';
import type { LedgerCommandInput, LedgerWriterClient, SubmitResult } from '@ledger/ledger-client';
import { createWalletAccountDirectory, memberIdOf } from '@ledger/ledger-projections';
import type { Logger } from '@ledger/runtime';
import {
  decideWithdrawal,
  decideWithdrawPolicy,
  evolveWithdrawal,
  evolveWithdrawPolicy,
  type FeeType,
  initialWithdrawalState,
  initialWithdrawPolicyState,
  type LedgerOutcome,
  netAmountOf,
  nextStep,
  type OpenWithdrawal,
  type WithdrawalCommand,
  type WithdrawalEvent,
  type WithdrawalRejection,
  type WithdrawalRequest,
  type WithdrawalState,
  type WithdrawPolicy,
  type WithdrawPolicySet,
  withdrawalActor,
  withdrawalStream,
  withdrawPolicyStream,
} from '@ledger/withdrawals';
import { sql } from 'kysely';
import { type CertifiedAddress, certifiedAddressOf } from './catalog-sources.ts';
import { BroadcastDeferred, type WithdrawalChain } from './chain-port.ts';
import { createChainWithdrawals } from './chain-withdrawals.ts';
import { withdrawalFault } from './faults.ts';
import { derivedEventId, handleStreamCommand, loadStream } from './process-store.ts';
import type { WithdrawAssetSource, WithdrawLimitsSource } from './sources.ts';
import { WithdrawalProblem } from './withdrawal-problem.ts';

/**
 * Runs withdrawals (DESIGN.md §3, Processes; docs/adr/0014): appends each decision of the pure
 * process to the withdrawal's stream, and takes each step it asks for — ONE ledger command per
 * money step, with an id derived from the withdrawal id and the step, or a chain broadcast keyed
 * by the transfer id — then records the step's outcome. Any crash between two of these leaves a
 * state whose next step is the one not yet recorded; `advance` (here, or the processor's resumer)
 * takes it again, and the ledger answers a repeated command id with its first outcome.
 */

export type WithdrawalRunnerDependencies = {
  db: Db;
  eventStore: EventStore;
  ledger: LedgerWriterClient;
  /** Where transfers are sent and reconciled; by default the chains of @ledger/chain over `db`. */
  chain?: WithdrawalChain | undefined;
  logger: Logger;
  now?: () => Date;
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

export type WithdrawalInput = {
  memberSeq: number;
  idempotencyKey: string;
  accountSeq: number;
  amount: string;
  memo: string | null;
  /**
   * The member's certified, approved withdraw address of the asset (KYC): a withdrawal is sent
   * only there, with the certification's address, bank code and holder name (issue #10).
   */
  addressCertificationSeq: number;
  feeAccountSeq: number | null;
  /** Where the fee is in the asset itself: taken from the amount (default) or charged on top. */
  feeType?: FeeType | null | undefined;
  /**
   * Values of the asset's withdraw extra form, already checked against it by the caller (the
   * write API): personal data, stored apart keyed by the withdrawal id, never in an event.
   */
  extra?: Readonly<Record<string, string>> | undefined;
  requestId: string;
};

export type WithdrawalOutcome = { state: OpenWithdrawal; position: GlobalPosition | null };

const aggregate = { initial: initialWithdrawalState, evolve: evolveWithdrawal };
const policyAggregate = { initial: initialWithdrawPolicyState, evolve: evolveWithdrawPolicy };

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

/** `1.5` → `1.50000000` at the scale, or undefined (too many digits, not a decimal, not > 0). */
export function amountAtScale(
  text: string,
  decimalPoint: number,
  signs: 'positive' | 'nonNegative' = 'positive',
) {
  const match = /^(0|[1-9][0-9]{0,29})(?:\.([0-9]{1,18}))?$/.exec(text);
  if (match === null) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > decimalPoint) return undefined;
  const scaled =
    decimalPoint === 0 ? (match[1] ?? '') : `${match[1]}.${fraction.padEnd(decimalPoint, '0')}`;
  const value = tryParseAmount(scaled, decimalPoint, signs);
  return value === undefined ? undefined : scaled;
}

/** The member's daily withdrawal limit account for an asset (a ledger limit account). */
export const limitAccountIdOf = (memberSeq: number, asset: string) =>
  `limit:withdrawal:${memberSeq}:${asset}`;

export type WithdrawalRunner = ReturnType<typeof createWithdrawalRunner>;

export function createWithdrawalRunner(dependencies: WithdrawalRunnerDependencies) {
  const { db, eventStore, ledger, logger } = dependencies;
  const chain = dependencies.chain ?? createChainWithdrawals(db);
  const now = () => (dependencies.now ?? (() => new Date()))().toISOString();
  const directory = createWalletAccountDirectory(db);
  const certifiedAddress =
    dependencies.certifiedAddress ??
    ((memberSeq: number, certificationSeq: number, asset: string) =>
      certifiedAddressOf(db, memberSeq, certificationSeq, asset));

  async function run(
    withdrawalId: string,
    command: (state: WithdrawalState) => WithdrawalCommand,
    context: { commandId: string; actor: string; requestId?: string | undefined },
  ): Promise<{
    state: WithdrawalState;
    position: GlobalPosition | null;
    events: WithdrawalEvent[];
  }> {
    const outcome = await handleStreamCommand(
      eventStore,
      withdrawalStream(withdrawalId),
      aggregate,
      (state) => decideWithdrawal(command(state), state),
      {
        commandId: context.commandId,
        actor: context.actor,
        requestId: context.requestId ?? context.commandId,
      },
    );
    if (outcome.kind === 'rejected') throw problems[outcome.rejection.type](outcome.rejection);
    return { state: outcome.state, position: outcome.position, events: outcome.events };
  }

  async function submit(
    commandId: string,
    command: LedgerCommandInput,
    withdrawalId: string,
  ): Promise<LedgerOutcome> {
    const result: SubmitResult = await ledger.submit({
      commandId,
      actor: withdrawalActor,
      command,
      correlationId: withdrawalId,
    });
    if (result.kind !== 'answered') {
      // Unavailable or indeterminate: the step stays to be taken; the resumer retries it.
      throw new WithdrawalProblem(
        503,
        'ledger_unavailable',
        'The ledger did not answer; the withdrawal will be resumed',
      );
    }
    withdrawalFault('after-ledger-command');
    return result.answer.kind === 'accepted'
      ? { kind: 'accepted', revision: result.answer.revision }
      : { kind: 'rejected', rejection: result.answer.rejection };
  }

  /** Takes every step the withdrawal can take without a person, in order. */
  async function advance(withdrawalId: string, requestId?: string): Promise<WithdrawalOutcome> {
    let position: GlobalPosition | null = null;
    const later = (next: GlobalPosition | null) => {
      if (next !== null && (position === null || next > position)) position = next;
    };
    for (let steps = 0; steps < 16; steps += 1) {
      const { state } = await loadStream(eventStore, withdrawalStream(withdrawalId), aggregate);
      if (state.status === 'none')
        throw problems.WithdrawalNotFound({ type: 'WithdrawalNotFound' });
      const step = nextStep(state);
      const context = (suffix: string) => ({
        commandId: `${withdrawalId}:${suffix}`,
        actor: withdrawalActor,
        requestId,
      });
      switch (step.kind) {
        case 'none':
          return { state, position };
        case 'placeHold': {
          const outcome = await submit(step.ledgerCommandId, step.command, withdrawalId);
          const recorded = await run(
            withdrawalId,
            () => ({
              type: 'RecordHoldOutcome',
              ledgerCommandId: step.ledgerCommandId,
              holdIds: step.holdIds,
              outcome,
              now: now(),
            }),
            context('hold-outcome'),
          );
          later(recorded.position);
          withdrawalFault('after-outcome');
          break;
        }
        case 'releaseHolds': {
          for (const release of step.releases) {
            const outcome = await submit(release.ledgerCommandId, release.command, withdrawalId);
            if (outcome.kind === 'rejected' && outcome.rejection.type !== 'HoldAlreadyResolved') {
              throw new Error(
                `the release of ${release.command.data.holdId} was refused: ${outcome.rejection.type}`,
              );
            }
          }
          const ledgerCommandIds = step.releases.map((release) => release.ledgerCommandId);
          const recorded = await run(
            withdrawalId,
            () => ({ type: 'RecordRelease', ledgerCommandIds, now: now() }),
            context('release-outcome'),
          );
          later(recorded.position);
          withdrawalFault('after-outcome');
          break;
        }
        case 'createTransfer': {
          const created = await run(
            withdrawalId,
            () => ({
              type: 'CreateTransfer',
              transferId: step.transferId,
              createdBy: withdrawalActor,
              now: now(),
            }),
            context(`${step.transferId}:create`),
          );
          later(created.position);
          withdrawalFault('after-transfer-created');
          break;
        }
        case 'broadcast': {
          let outcome: Extract<WithdrawalCommand, { type: 'RecordBroadcast' }>['outcome'];
          try {
            const sent = await chain.broadcast(step);
            const feeAmount =
              amountAtScale(sent.feeAmount, state.request.decimalPoint, 'nonNegative') ??
              formatAmount(0n, state.request.decimalPoint);
            outcome = { kind: 'broadcast', txid: sent.txid, from: sent.from, feeAmount };
          } catch (error) {
            if (error instanceof BroadcastDeferred) {
              // Not a failure: nothing was sent; the resumer takes the step again later.
              throw new WithdrawalProblem(
                409,
                'asset_frozen',
                `Withdrawals of this asset are frozen; it will be sent once the freeze is lifted (${error.message})`,
              );
            }
            logger.warn('withdrawal broadcast failed', {
              withdrawalId,
              transferId: step.transferId,
              error: String(error),
            });
            outcome = {
              kind: 'failed',
              message: String(error instanceof Error ? error.message : error).slice(0, 500),
            };
          }
          withdrawalFault('after-broadcast');
          const recorded = await run(
            withdrawalId,
            () => ({ type: 'RecordBroadcast', transferId: step.transferId, outcome, now: now() }),
            context(`${step.transferId}:broadcast`),
          );
          later(recorded.position);
          break;
        }
        case 'capture': {
          const outcome = await submit(step.ledgerCommandId, step.command, withdrawalId);
          const recorded = await run(
            withdrawalId,
            () => ({
              type: 'RecordCapture',
              ledgerCommandId: step.ledgerCommandId,
              outcome,
              now: now(),
            }),
            context('capture-outcome'),
          );
          later(recorded.position);
          withdrawalFault('after-outcome');
          break;
        }
      }
    }
    throw new Error(`withdrawal ${withdrawalId} did not settle in 16 steps`);
  }

  async function readPolicy(asset: string): Promise<WithdrawPolicy | null> {
    return (await loadStream(eventStore, withdrawPolicyStream(asset), policyAggregate)).state
      .policy;
  }

  async function memberAccountSeq(memberSeq: number, asset: string): Promise<number | undefined> {
    const { rows } = await sql<{ seq: string }>`SELECT seq::text FROM ledger_accounts
      WHERE member_seq = ${memberSeq} AND asset = ${asset} AND kind = 'member' AND status = 'normal'
      ORDER BY seq LIMIT 1`.execute(db);
    return rows[0] === undefined ? undefined : Number(rows[0].seq);
  }

  /** Opens the member's limit account if needed and gives it the daily limit in force. */
  async function ensureDailyLimit(
    memberSeq: number,
    asset: string,
    decimalPoint: number,
    dailyLimit: string,
    withdrawalId: string,
  ) {
    const account = limitAccountIdOf(memberSeq, asset);
    const { rows } = await sql<{
      daily_limit: string | null;
    }>`SELECT daily_limit::text FROM ledger_accounts
      WHERE account = ${account}`.execute(db);
    if (rows[0] === undefined) {
      const opened = await ledger.submit({
        commandId: `open:${account}`,
        actor: withdrawalActor,
        command: {
          type: 'OpenAccount',
          data: { account, asset, decimalPoint, kind: 'limit', memberId: memberIdOf(memberSeq) },
        },
      });
      if (opened.kind !== 'answered') {
        throw new WithdrawalProblem(
          503,
          'ledger_unavailable',
          'The ledger did not answer; retry with the same Idempotency-Key',
        );
      }
    }
    const current = rows[0]?.daily_limit ?? null;
    const wanted = tryParseAmount(dailyLimit, decimalPoint, 'nonNegative');
    if (
      current !== null &&
      wanted !== undefined &&
      amountAtScale(current, decimalPoint, 'nonNegative') === dailyLimit
    )
      return account;
    const set = await ledger.submit({
      commandId: `withdrawal:${withdrawalId}:daily-limit`,
      actor: withdrawalActor,
      command: { type: 'SetDailyLimit', data: { account, amount: dailyLimit } },
    });
    if (set.kind !== 'answered') {
      throw new WithdrawalProblem(
        503,
        'ledger_unavailable',
        'The ledger did not answer; retry with the same Idempotency-Key',
      );
    }
    return account;
  }

  async function buildRequest(
    input: WithdrawalInput,
    withdrawalId: string,
  ): Promise<WithdrawalRequest> {
    const account = await directory.bySeq(input.accountSeq);
    if (account === undefined || account.memberSeq !== input.memberSeq) {
      throw new WithdrawalProblem(404, 'account_not_found', 'No such account');
    }
    const { asset, decimalPoint } = account;
    const policy = await readPolicy(asset);
    const rules = (await dependencies.assets?.rulesFor(asset)) ?? {
      withdrawAllowed: true,
      feeType: policy?.feeType ?? 'deducted',
      feeAmount: policy?.feeAmount ?? formatAmount(0n, decimalPoint),
      feeAsset: policy?.feeAsset ?? asset,
    };
    if (!rules.withdrawAllowed) {
      throw new WithdrawalProblem(
        409,
        'withdraw_not_allowed',
        'This asset takes no withdrawal now',
      );
    }
    const destination = await destinationOf(input, asset);
    const requestAmount = amountAtScale(input.amount, decimalPoint);
    if (requestAmount === undefined) {
      throw new WithdrawalProblem(
        422,
        'amount_invalid',
        `A positive amount with at most ${decimalPoint} decimals`,
        { decimalPoint },
      );
    }
    const feeType: FeeType =
      rules.feeAsset === asset ? (input.feeType ?? rules.feeType) : 'separate';
    const feeAccountSeq =
      rules.feeAsset === asset
        ? account.seq
        : (input.feeAccountSeq ?? (await memberAccountSeq(input.memberSeq, rules.feeAsset)));
    const feeAccount =
      feeAccountSeq === undefined ? undefined : await directory.bySeq(feeAccountSeq);
    if (
      feeAccount === undefined ||
      feeAccount.memberSeq !== input.memberSeq ||
      feeAccount.asset !== rules.feeAsset
    ) {
      throw new WithdrawalProblem(
        422,
        'fee_account_required',
        `The fee is paid in ${rules.feeAsset}: an account of it is needed`,
        { feeAsset: rules.feeAsset },
      );
    }
    const feeAmount = amountAtScale(rules.feeAmount, feeAccount.decimalPoint, 'nonNegative');
    if (feeAmount === undefined)
      throw new Error(`the withdrawal fee of ${asset} is malformed: ${rules.feeAmount}`);
    const amounts = netAmountOf({
      requestAmount,
      decimalPoint,
      asset,
      feeType,
      feeAmount,
      feeAsset: rules.feeAsset,
      feeDecimalPoint: feeAccount.decimalPoint,
    });
    if ('type' in amounts) {
      throw new WithdrawalProblem(
        422,
        amounts.type === 'FeeExceedsAmount' ? 'fee_exceeds_amount' : 'amount_invalid',
        'The amount does not cover the fee',
        { decimalPoint },
      );
    }
    const limits = (await dependencies.limits?.limitsFor(input.memberSeq, asset)) ?? {
      oneTimeLimit: policy?.oneTimeLimit ?? null,
      dailyLimit: policy?.dailyLimit ?? null,
    };
    const dailyLimit =
      limits.dailyLimit === null
        ? null
        : (amountAtScale(limits.dailyLimit, decimalPoint, 'nonNegative') ?? null);
    const oneTimeLimit =
      limits.oneTimeLimit === null
        ? null
        : (amountAtScale(limits.oneTimeLimit, decimalPoint, 'nonNegative') ?? null);
    const limitAccount =
      dailyLimit === null
        ? null
        : await ensureDailyLimit(input.memberSeq, asset, decimalPoint, dailyLimit, withdrawalId);
    return {
      withdrawalId,
      memberSeq: input.memberSeq,
      accountSeq: account.seq,
      account: account.account,
      asset,
      decimalPoint,
      requestAmount,
      feeType,
      feeAmount,
      feeAsset: rules.feeAsset,
      feeDecimalPoint: feeAccount.decimalPoint,
      feeAccount: feeAccount.account,
      feeAccountSeq: feeAccount.seq,
      netAmount: amounts.netAmount,
      toAddress: destination.address,
      memo: input.memo,
      bankCode: destination.bankCode,
      addressCertificationSeq: input.addressCertificationSeq,
      limitAccount,
      oneTimeLimit,
      requestedAt: now(),
    };
  }

  /** The certified address with its bank code and holder: the only destination there is. */
  async function destinationOf(input: WithdrawalInput, asset: string) {
    const certified = await certifiedAddress(input.memberSeq, input.addressCertificationSeq, asset);
    if (certified === undefined) {
      throw new WithdrawalProblem(
        422,
        'withdraw_address_not_certified',
        'The withdraw address is not certified for this asset',
      );
    }
    return certified;
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

  return {
    withdrawalIdOf,
    advance,

    /** Requests a withdrawal and takes its first step (the hold); a retry with the same key and body answers the same. */
    async request(input: WithdrawalInput): Promise<WithdrawalOutcome> {
      const withdrawalId = withdrawalIdOf(input.memberSeq, input.idempotencyKey);
      const existing = (await loadStream(eventStore, withdrawalStream(withdrawalId), aggregate))
        .state;
      if (existing.status !== 'none') {
        if (!sameInput(existing.request, input))
          throw problems.WithdrawalIdTaken({ type: 'WithdrawalIdTaken' });
        return advance(withdrawalId, input.requestId);
      }
      const request = await buildRequest(input, withdrawalId);
      const { holderName } = await destinationOf(input, request.asset);
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
      const requested = await run(withdrawalId, () => ({ type: 'RequestWithdrawal', request }), {
        commandId: `${withdrawalId}:request`,
        actor: `member:${input.memberSeq}`,
        requestId: input.requestId,
      });
      withdrawalFault('after-requested');
      const advanced = await advance(withdrawalId, input.requestId);
      return { state: advanced.state, position: advanced.position ?? requested.position };
    },

    async approve(
      withdrawalId: string,
      adminSeq: number,
      requestId?: string,
    ): Promise<WithdrawalOutcome> {
      const approved = await run(
        withdrawalId,
        () => ({ type: 'ApproveWithdrawal', approvedBy: adminSeq, now: now() }),
        {
          commandId: `${withdrawalId}:approve`,
          actor: `admin:${adminSeq}`,
          requestId,
        },
      );
      withdrawalFault('after-approved');
      const advanced = await advanceOrLeave(withdrawalId, requestId);
      return {
        state: advanced?.state ?? (approved.state as OpenWithdrawal),
        position: advanced?.position ?? approved.position,
      };
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
        const outcome = await run(
          withdrawalId,
          () => ({ type: 'ApproveWithdrawal', approvedBy: adminSeq, now: now() }),
          {
            commandId: `${withdrawalId}:approve`,
            actor: `admin:${adminSeq}`,
            requestId,
          },
        ).catch((error: unknown) => {
          if (error instanceof WithdrawalProblem) return undefined;
          throw error;
        });
        if (outcome === undefined || outcome.events.length === 0) continue;
        approved += 1;
        await advanceOrLeave(withdrawalId, requestId);
      }
      return { considered: rows.length, approved };
    },

    async reject(withdrawalId: string, adminSeq: number, reason: string, requestId?: string) {
      await run(
        withdrawalId,
        () => ({ type: 'RejectWithdrawal', rejectedBy: adminSeq, reason, now: now() }),
        {
          commandId: `${withdrawalId}:reject`,
          actor: `admin:${adminSeq}`,
          requestId,
        },
      );
      return advance(withdrawalId, requestId);
    },

    async cancel(withdrawalId: string, memberSeq: number, requestId?: string) {
      await run(withdrawalId, () => ({ type: 'CancelWithdrawal', memberSeq, now: now() }), {
        commandId: `${withdrawalId}:cancel`,
        actor: `member:${memberSeq}`,
        requestId,
      });
      return advance(withdrawalId, requestId);
    },

    /** A new transfer of the same withdrawal (duplicates possible: the SPEC's warning). */
    async resend(withdrawalId: string, adminSeq: number, key: string, requestId?: string) {
      const transferId = `withdrawal:${withdrawalId}:transfer:${hashOf(`admin:${adminSeq}\u0000${key}`)}`;
      await run(
        withdrawalId,
        () => ({ type: 'CreateTransfer', transferId, createdBy: `admin:${adminSeq}`, now: now() }),
        {
          commandId: `${transferId}:create`,
          actor: `admin:${adminSeq}`,
          requestId,
        },
      );
      return advance(withdrawalId, requestId);
    },

    async keyIn(
      withdrawalId: string,
      adminSeq: number,
      txid: string,
      key: string,
      requestId?: string,
    ) {
      const transferId = `withdrawal:${withdrawalId}:keyed:${hashOf(`admin:${adminSeq}\u0000${key}`)}`;
      await run(
        withdrawalId,
        () => ({ type: 'KeyInTransfer', transferId, txid, keyedBy: adminSeq, now: now() }),
        {
          commandId: `${transferId}:key-in`,
          actor: `admin:${adminSeq}`,
          requestId,
        },
      );
      return advance(withdrawalId, requestId);
    },

    /** An administrator confirms the transfer arrived (e.g. a bank transfer): capture follows. */
    async complete(withdrawalId: string, adminSeq: number, txid: string, requestId?: string) {
      await run(
        withdrawalId,
        () => ({
          type: 'ConfirmWithdrawal',
          txid,
          matchedBy: 'admin',
          confirmedBy: `admin:${adminSeq}`,
          now: now(),
        }),
        { commandId: `${withdrawalId}:confirm`, actor: `admin:${adminSeq}`, requestId },
      );
      withdrawalFault('after-confirmed');
      return advance(withdrawalId, requestId);
    },

    async fail(withdrawalId: string, failedBy: string, reason: string, requestId?: string) {
      await run(withdrawalId, () => ({ type: 'FailWithdrawal', failedBy, reason, now: now() }), {
        commandId: `${withdrawalId}:fail`,
        actor: failedBy,
        requestId,
      });
      return advance(withdrawalId, requestId);
    },

    /**
     * Reconciliation (T22): a sent withdrawal is confirmed by an output on the chain to its address
     * (and memo) with its net amount and the confirmations the asset needs on that chain, that no
     * other withdrawal was matched to — whatever that output's txid. A txid that is not found
     * changes nothing: the withdrawal stays sent (never re-credited, never failed by itself).
     */
    async reconcile(): Promise<{ confirmed: number }> {
      const { rows } = await sql<{ withdrawal_id: string }>`SELECT withdrawal_id FROM withdrawals
        WHERE status = 'sent' AND confirmed_txid IS NULL ORDER BY requested_at LIMIT 500`.execute(
        db,
      );
      let confirmed = 0;
      for (const { withdrawal_id: withdrawalId } of rows) {
        const { state } = await loadStream(eventStore, withdrawalStream(withdrawalId), aggregate);
        if (state.status !== 'sent' || state.confirmation !== null) continue;
        const { asset, toAddress, memo, netAmount } = state.request;
        const outputs = await chain
          .confirmedOutputs({ asset, address: toAddress, memo, amount: netAmount })
          .catch((error: unknown) => {
            logger.warn('withdrawal reconciliation could not read the chain', {
              withdrawalId,
              asset,
              error: String(error),
            });
            return [];
          });
        const { rows: used } = await sql<{
          confirmed_txid: string;
        }>`SELECT confirmed_txid FROM withdrawals
          WHERE asset = ${asset} AND to_address = ${toAddress} AND confirmed_txid IS NOT NULL`.execute(
          db,
        );
        const usedTxids = new Set(used.map((row) => row.confirmed_txid));
        const own = new Set(state.transfers.map((transfer) => transfer.txid));
        const candidates = outputs
          .filter((output) => !usedTxids.has(output.txid))
          .sort((left, right) => Number(own.has(right.txid)) - Number(own.has(left.txid)));
        const match = candidates[0];
        if (match === undefined) continue;
        await run(
          withdrawalId,
          () => ({
            type: 'ConfirmWithdrawal',
            txid: match.txid,
            matchedBy: 'reconciliation',
            confirmedBy: withdrawalActor,
            now: now(),
          }),
          { commandId: `${withdrawalId}:confirm`, actor: withdrawalActor },
        );
        withdrawalFault('after-confirmed');
        await advance(withdrawalId);
        confirmed += 1;
      }
      return { confirmed };
    },

    /** Takes the next steps of every unfinished withdrawal (after a crash, or a ledger outage). */
    async resume(): Promise<{ resumed: number }> {
      const { rows } = await sql<{ withdrawal_id: string }>`SELECT withdrawal_id FROM withdrawals
        WHERE hold = 'pending'
           OR (hold = 'placed' AND status IN ('approved', 'cancelled', 'rejected', 'failed'))
           OR (hold = 'placed' AND status = 'sent' AND (confirmed_txid IS NOT NULL OR has_created_transfer))
        ORDER BY updated_at LIMIT 500`.execute(db);
      let resumed = 0;
      for (const { withdrawal_id: withdrawalId } of rows) {
        const before = (await loadStream(eventStore, withdrawalStream(withdrawalId), aggregate))
          .state;
        if (nextStep(before).kind === 'none') continue;
        try {
          await advance(withdrawalId);
        } catch (error) {
          // A ledger outage or a frozen asset: this one waits, the others go on.
          if (waits(error)) continue;
          throw error;
        }
        resumed += 1;
      }
      return { resumed };
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
      const outcome = await handleStreamCommand<
        { policy: WithdrawPolicy | null },
        WithdrawPolicySet,
        { type: string; field: string }
      >(
        eventStore,
        withdrawPolicyStream(policy.asset),
        policyAggregate,
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

    readPolicy,
  };

  /** Advances after an administrator's decision; a ledger outage or a freeze leaves it for the resumer. */
  async function advanceOrLeave(
    withdrawalId: string,
    requestId?: string,
  ): Promise<WithdrawalOutcome | undefined> {
    try {
      return await advance(withdrawalId, requestId);
    } catch (error) {
      if (waits(error)) return undefined;
      throw error;
    }
  }
}

/** A step that cannot be taken now (the ledger did not answer, the asset is frozen): taken later. */
function waits(error: unknown): boolean {
  return (
    error instanceof WithdrawalProblem && (error.status === 503 || error.code === 'asset_frozen')
  );
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

export type { LedgerRejection };
