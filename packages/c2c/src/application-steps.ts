import type { ApplicationTerms } from './application-events.ts';
import { type ApplicationState, type OpenApplication, sidesWanted } from './application-state.ts';
import { feeRevenueAccountOf } from './c2c-accounts.ts';
import { type C2cLedgerCommand, type C2cLeg, escrowReason } from './c2c-ledger-commands.ts';
import { c2cCause, type TradeSide } from './c2c-terms.ts';

/**
 * The next thing an unfinished application needs done, with every id derived from the
 * application and the step, so doing it again after a crash is harmless: the ledger answers a
 * repeated command id with its first outcome, and the deal's decisions are idempotent per
 * application.
 */
export type ApplicationStep =
  | { kind: 'reserveOnDeal' }
  | {
      kind: 'holdSide';
      side: TradeSide;
      holdId: string;
      ledgerCommandId: string;
      command: C2cLedgerCommand;
    }
  | { kind: 'recordDealStage'; stage: 'held' | 'confirmed' | 'freed' }
  | { kind: 'settle'; ledgerCommandId: string; command: C2cLedgerCommand }
  | {
      kind: 'releaseSide';
      side: TradeSide;
      /**
       * An immediate deal's seller part goes back into the deal's escrow while that hold is open;
       * when the ledger answers HoldAlreadyResolved (the escrow was taken whole, or released at the
       * deal's close), `command` releases the part instead.
       */
      toDealEscrow: { ledgerCommandId: string; command: C2cLedgerCommand } | null;
      ledgerCommandId: string;
      command: C2cLedgerCommand;
    }
  | { kind: 'end' }
  | { kind: 'none' };

const prefix = (terms: ApplicationTerms) => `c2c-application:${terms.applicationId}`;
export const sideHoldIdOf = (terms: ApplicationTerms, side: TradeSide, attempt: number) =>
  `${prefix(terms)}:${side}:${attempt + 1}`;
export const settleCommandIdOf = (terms: ApplicationTerms) => `${prefix(terms)}:settle`;

function holdStep(app: OpenApplication, side: TradeSide): ApplicationStep {
  const { terms } = app;
  const holdId = sideHoldIdOf(terms, side, app.sides[side].attempt);
  if (side === 'seller' && terms.dealEscrowHoldId !== null) {
    const data = {
      fromHoldId: terms.dealEscrowHoldId,
      toHoldId: holdId,
      amount: terms.sellerEscrow,
      reason: escrowReason,
    };
    return {
      kind: 'holdSide',
      side,
      holdId,
      ledgerCommandId: holdId,
      command: { type: 'MoveHeld', data },
    };
  }
  const account = side === 'seller' ? terms.sellerSourceAccount : terms.buyerTargetAccount;
  const amount = side === 'seller' ? terms.sellerEscrow : terms.targetAmount;
  const data = { holdId, account, amount, reason: escrowReason };
  return {
    kind: 'holdSide',
    side,
    holdId,
    ledgerCommandId: holdId,
    command: { type: 'PlaceHold', data },
  };
}

/** The seller's hold pays the buyer and the fee; the buyer's hold pays the seller: one event. */
function settleStep(app: OpenApplication): ApplicationStep {
  const { terms } = app;
  const sellerLegs: C2cLeg[] = [
    {
      debit: terms.sellerSourceAccount,
      credit: terms.buyerSourceAccount,
      asset: terms.sourceAsset,
      amount: terms.buyerReceives,
    },
  ];
  if (!/^0(\.0+)?$/.test(terms.feeAmount))
    sellerLegs.push({
      debit: terms.sellerSourceAccount,
      credit: feeRevenueAccountOf(terms.sourceAsset),
      asset: terms.sourceAsset,
      amount: terms.feeAmount,
    });
  const buyerLegs: C2cLeg[] = [
    {
      debit: terms.buyerTargetAccount,
      credit: terms.sellerTargetAccount,
      asset: terms.targetAsset,
      amount: terms.targetAmount,
    },
  ];
  const captures = [
    { holdId: app.sides.seller.holdId ?? '', legs: sellerLegs },
    { holdId: app.sides.buyer.holdId ?? '', legs: buyerLegs },
  ];
  const ledgerCommandId = settleCommandIdOf(terms);
  return {
    kind: 'settle',
    ledgerCommandId,
    command: {
      type: 'CaptureHolds',
      data: { transferId: ledgerCommandId, cause: c2cCause, captures },
    },
  };
}

function releaseStep(app: OpenApplication, side: TradeSide): ApplicationStep {
  const { terms } = app;
  const holdId = app.sides[side].holdId ?? '';
  const release = { type: 'ReleaseHold' as const, data: { holdId } };
  const toDeal =
    side === 'seller' && terms.dealEscrowHoldId !== null
      ? {
          ledgerCommandId: `${holdId}:return`,
          command: {
            type: 'MoveHeld' as const,
            data: {
              fromHoldId: holdId,
              toHoldId: terms.dealEscrowHoldId,
              amount: terms.sellerEscrow,
              reason: escrowReason,
            },
          },
        }
      : null;
  return {
    kind: 'releaseSide',
    side,
    toDealEscrow: toDeal,
    ledgerCommandId: `${holdId}:release`,
    command: release,
  };
}

function endingStep(app: OpenApplication): ApplicationStep {
  for (const side of ['seller', 'buyer'] as const)
    if (app.sides[side].status === 'held') return releaseStep(app, side);
  if (app.reserved && app.dealStage !== 'freed') return { kind: 'recordDealStage', stage: 'freed' };
  return { kind: 'end' };
}

export function nextApplicationStep(state: ApplicationState): ApplicationStep {
  if (state.status === 'none') return { kind: 'none' };
  const app = state;
  switch (app.status) {
    case 'filing':
      return { kind: 'reserveOnDeal' };
    case 'ending':
      return endingStep(app);
    case 'confirming':
      if (!app.settled) return settleStep(app);
      return { kind: 'recordDealStage', stage: 'confirmed' };
    case 'requested':
    case 'accepted':
    case 'funded':
    case 'paid': {
      const side = sidesWanted(app).find((wanted) => app.sides[wanted].status === 'none');
      if (side !== undefined) return holdStep(app, side);
      if (app.status !== 'requested' && app.status !== 'accepted' && app.dealStage === 'none')
        return { kind: 'recordDealStage', stage: 'held' };
      return { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}
