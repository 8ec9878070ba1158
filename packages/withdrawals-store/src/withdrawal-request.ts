import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { tryParseAmount } from '@ledger/ledger';
import type { LedgerWriterClient } from '@ledger/ledger-client';
import { createWalletAccountDirectory, memberIdOf } from '@ledger/ledger-projections';
import { readStreamState } from '@ledger/process-kit';
import {
  evolveWithdrawPolicy,
  type FeeType,
  initialWithdrawPolicyState,
  netAmountOf,
  type WithdrawalRequest,
  type WithdrawPolicy,
  withdrawalActor,
  withdrawalFeeOf,
  withdrawPolicyStream,
} from '@ledger/withdrawals';
import { sql } from 'kysely';
import type { CertifiedAddress } from './catalog-sources.ts';
import type { WithdrawAssetSource, WithdrawLimitsSource } from './sources.ts';
import { WithdrawalProblem } from './withdrawal-problem.ts';

/**
 * What a withdrawal request is made of before it is recorded: the member's account, the asset's
 * rules (the catalog, else the withdraw policy), the certified destination, the fee and the net
 * amount, the member's limits (the daily one on a ledger limit account, opened and set here).
 */

export type WithdrawalInput = {
  memberSeq: number;
  idempotencyKey: string;
  accountSeq: number;
  amount: string;
  memo: string | null;
  /**
   * The member's certified, approved withdraw address of the asset (KYC): a withdrawal is sent
   * only there, with the certification's address, bank code and holder name.
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

export type WithdrawalRequestDependencies = {
  db: Db;
  eventStore: EventStore;
  ledger: LedgerWriterClient;
  now: () => string;
  assets?: WithdrawAssetSource | undefined;
  limits?: WithdrawLimitsSource | undefined;
  /** A member's usable certified withdraw address of an asset (KYC), by certification seq. */
  certifiedAddress: (
    memberSeq: number,
    certificationSeq: number,
    asset: string,
  ) => Promise<CertifiedAddress | undefined>;
};

const policyFold = { initialState: initialWithdrawPolicyState, evolve: evolveWithdrawPolicy };

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

export function createWithdrawalRequests(dependencies: WithdrawalRequestDependencies) {
  const { db, ledger, now } = dependencies;
  const directory = createWalletAccountDirectory(db);

  async function readPolicy(asset: string): Promise<WithdrawPolicy | null> {
    return (await readStreamState(dependencies.eventStore, withdrawPolicyStream(asset), policyFold))
      .state.policy;
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
    const catalog = await dependencies.assets?.rulesFor(asset);
    const rules = {
      withdrawAllowed: catalog?.withdrawAllowed ?? true,
      ...withdrawalFeeOf({
        asset,
        decimalPoint,
        catalogFee: catalog?.fee,
        policyFee: policy ?? undefined,
      }),
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
    const certified = await dependencies.certifiedAddress(
      input.memberSeq,
      input.addressCertificationSeq,
      asset,
    );
    if (certified === undefined) {
      throw new WithdrawalProblem(
        422,
        'withdraw_address_not_certified',
        'The withdraw address is not certified for this asset',
      );
    }
    return certified;
  }

  return { buildRequest, destinationOf, readPolicy };
}
