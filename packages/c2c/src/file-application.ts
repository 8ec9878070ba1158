import { accepted, type Decision, rejected } from '@ledger/decider';
import { Decimal } from '@ledger/ledger';
import type { FileApplication } from './application-commands.ts';
import type { ApplicationEvent, ApplicationTerms } from './application-events.ts';
import type { ApplicationRejection } from './application-rejections.ts';
import type { ApplicationState } from './application-state.ts';
import {
  amountOf,
  applicationAmounts,
  type DealCharged,
  decimalOf,
  textOf,
} from './c2c-amounts.ts';

/**
 * Files an application against a deal (its terms as the deal's read model has them). The deal
 * itself decides whether the amount and price fit (the process's first step reserves them); here
 * the amounts are computed once, at their named rounding points, and fixed in the event.
 */
export function fileApplication(
  command: FileApplication,
  state: ApplicationState,
): Decision<ApplicationEvent, ApplicationRejection> {
  if (state.status !== 'none') return rejected({ type: 'ApplicationExists' });
  const { deal } = command;
  if (command.applicantMemberSeq === deal.ownerMemberSeq) return rejected({ type: 'OwnDeal' });
  const amount = amountOf(command.amount, deal.sourceDecimalPoint);
  if (amount === undefined) return rejected({ type: 'AmountInvalid', field: 'amount' });
  const price = decimalOf(command.price);
  if (price === undefined || price.lte('0'))
    return rejected({ type: 'PriceInvalid', field: 'price' });
  const charged = chargedOf(command);
  if (charged === undefined) return rejected({ type: 'AmountInvalid', field: 'dealCharged' });
  return accepted([{ type: 'ApplicationFiled', data: termsOf(command, amount, price, charged) }]);
}

function chargedOf(command: FileApplication): DealCharged | undefined {
  const dp = command.deal.sourceDecimalPoint;
  const { taken, fee } = command.dealCharged;
  const units = (text: string) => (/^0(\.0+)?$/.test(text) ? 0n : amountOf(text, dp));
  const takenUnits = units(taken);
  const feeUnits = units(fee);
  if (takenUnits === undefined || feeUnits === undefined) return undefined;
  return { taken: takenUnits, fee: feeUnits };
}

function termsOf(
  command: FileApplication,
  amount: bigint,
  price: Decimal,
  charged: DealCharged,
): ApplicationTerms {
  const { deal } = command;
  const ownerSells = deal.side === 'sell';
  const amounts = applicationAmounts({
    amount,
    price,
    feeRate: decimalOf(deal.feeRate) ?? new Decimal('0'),
    ownerSells,
    sourceDecimalPoint: deal.sourceDecimalPoint,
    targetDecimalPoint: deal.targetDecimalPoint,
    charged,
  });
  const owner = {
    seq: deal.ownerMemberSeq,
    source: deal.ownerSourceAccount,
    target: deal.ownerTargetAccount,
  };
  const applicant = {
    seq: command.applicantMemberSeq,
    source: command.applicantSourceAccount,
    target: command.applicantTargetAccount,
  };
  const seller = ownerSells ? owner : applicant;
  const buyer = ownerSells ? applicant : owner;
  const sdp = deal.sourceDecimalPoint;
  return {
    applicationId: command.applicationId,
    dealId: deal.dealId,
    marketSeq: deal.marketSeq,
    safetyType: deal.safetyType,
    dealSide: deal.side,
    ownerMemberSeq: owner.seq,
    applicantMemberSeq: applicant.seq,
    sellerMemberSeq: seller.seq,
    buyerMemberSeq: buyer.seq,
    sourceAsset: deal.sourceAsset,
    sourceDecimalPoint: sdp,
    targetAsset: deal.targetAsset,
    targetDecimalPoint: deal.targetDecimalPoint,
    sourceAmount: textOf(amount, sdp),
    price: command.price,
    targetAmount: textOf(amounts.targetAmount, deal.targetDecimalPoint),
    feeAmount: textOf(amounts.feeAmount, sdp),
    sellerEscrow: textOf(amounts.sellerEscrow, sdp),
    buyerReceives: textOf(amounts.buyerReceives, sdp),
    sellerSourceAccount: seller.source,
    sellerTargetAccount: seller.target,
    buyerSourceAccount: buyer.source,
    buyerTargetAccount: buyer.target,
    dealEscrowHoldId: deal.escrow?.holdId ?? null,
    deadlines: command.deadlines,
    filedAt: command.now,
  };
}
