// Proves the withdrawal process decides every transition given/when/then: the hold's outcome (placed or refused with its reason), approval (idempotent), reject and cancel only before sent, send and re-send, manual key-in, confirmation then capture, failure after sent, and the release that gives holds back.
import { stateFrom } from '@ledger/decider';
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, expect, it } from 'vitest';
import { decideWithdrawal, type WithdrawalDecision } from './withdrawal-decider.ts';
import type { WithdrawalEvent, WithdrawalRequest } from './withdrawal-events.ts';
import { evolveWithdrawal, initialWithdrawalState } from './withdrawal-state.ts';
import { captureCommand, nextStep, placeHoldCommand } from './withdrawal-steps.ts';

const now = '2026-01-15T03:00:00.000Z';
const id = 'w-1';
const request: WithdrawalRequest = {
  withdrawalId: id,
  memberSeq: 7,
  accountSeq: 11,
  account: 'wallet:11',
  asset: 'BTC',
  decimalPoint: 8,
  requestAmount: '1.00000000',
  feeType: 'deducted',
  feeAmount: '0.00050000',
  feeAsset: 'BTC',
  feeDecimalPoint: 8,
  feeAccount: 'wallet:11',
  feeAccountSeq: 11,
  netAmount: '0.99950000',
  toAddress: 'sim1qexample',
  memo: null,
  bankCode: null,
  addressCertificationSeq: null,
  limitAccount: 'limit:withdrawal:7:BTC',
  oneTimeLimit: '2.00000000',
  requestedAt: now,
};

const requested: WithdrawalEvent = { type: 'WithdrawalRequested', data: request };
const holdPlaced: WithdrawalEvent = {
  type: 'WithdrawalHoldPlaced',
  data: {
    withdrawalId: id,
    ledgerCommandId: `withdrawal:${id}:hold`,
    holdIds: [`withdrawal:${id}:amount`],
    ledgerRevision: '5',
    placedAt: now,
  },
};
const approved: WithdrawalEvent = {
  type: 'WithdrawalApproved',
  data: { withdrawalId: id, approvedBy: 1, approvedAt: now },
};
const transferId = `withdrawal:${id}:transfer:1`;
const created: WithdrawalEvent = {
  type: 'WithdrawTransferCreated',
  data: {
    withdrawalId: id,
    transferId,
    to: 'sim1qexample',
    amount: '0.99950000',
    createdBy: 'system:withdrawal',
    createdAt: now,
  },
};
const broadcast: WithdrawalEvent = {
  type: 'WithdrawTransferBroadcast',
  data: {
    withdrawalId: id,
    transferId,
    txid: 'tx1',
    from: 'sim1hot',
    feeAmount: '0.00001000',
    broadcastAt: now,
  },
};
const confirmed: WithdrawalEvent = {
  type: 'WithdrawalConfirmed',
  data: {
    withdrawalId: id,
    txid: 'tx1',
    matchedBy: 'reconciliation',
    confirmedBy: 'system:withdrawal',
    confirmedAt: now,
  },
};

const withdrawalDecider = {
  initialState: initialWithdrawalState,
  evolve: evolveWithdrawal,
  decide: decideWithdrawal,
};
const { given } = deciderSpecification(withdrawalDecider);

/** The events of an accepted decision; a rejection fails the test. */
function eventsOf(decision: WithdrawalDecision): WithdrawalEvent[] {
  expect(decision.kind).toBe('accepted');
  return decision.kind === 'accepted' ? decision.events : [];
}

describe('request and hold', () => {
  it('records a request, and a retry of the same request changes nothing', () => {
    given([]).when({ type: 'RequestWithdrawal', request }).then([requested]);
    given([requested])
      .when({
        type: 'RequestWithdrawal',
        request: { ...request, requestedAt: '2026-01-15T03:00:01.000Z' },
      })
      .then([]);
  });

  it('recognises the same request whatever the order of its keys (jsonb reorders them)', () => {
    const reordered = Object.fromEntries(Object.entries(request).reverse()) as WithdrawalRequest;
    given([{ type: 'WithdrawalRequested', data: reordered }])
      .when({ type: 'RequestWithdrawal', request })
      .then([]);
  });

  it('refuses the same id for another request', () => {
    given([requested])
      .when({ type: 'RequestWithdrawal', request: { ...request, requestAmount: '2.00000000' } })
      .thenRejects('WithdrawalIdTaken');
  });

  it('first needs ONE PlaceHold with the limits, the fee deducted inside the amount hold', () => {
    const step = nextStep(stateFrom(withdrawalDecider, [requested]));
    expect(step).toEqual({
      kind: 'placeHold',
      ledgerCommandId: `withdrawal:${id}:hold`,
      holdIds: [`withdrawal:${id}:amount`],
      command: {
        type: 'PlaceHold',
        data: {
          holdId: `withdrawal:${id}:amount`,
          account: 'wallet:11',
          amount: '1.00000000',
          reason: 'withdrawal',
          limit: { account: 'limit:withdrawal:7:BTC' },
          oneTimeMax: '2.00000000',
        },
      },
    });
  });

  it('places a separate fee in another asset alongside, and captures it to that asset', () => {
    const separate = {
      ...request,
      feeType: 'separate' as const,
      feeAsset: 'KRW',
      feeDecimalPoint: 0,
      feeAmount: '1000',
      feeAccount: 'wallet:12',
      feeAccountSeq: 12,
      netAmount: '1.00000000',
    };
    expect(placeHoldCommand(separate).command.data.alongside).toEqual([
      {
        holdId: `withdrawal:${id}:fee`,
        account: 'wallet:12',
        amount: '1000',
        reason: 'withdrawalFee',
      },
    ]);
    expect(captureCommand(separate).data.captures).toEqual([
      {
        holdId: `withdrawal:${id}:amount`,
        legs: [
          {
            debit: 'wallet:11',
            credit: 'system:chainClearing:BTC',
            asset: 'BTC',
            amount: '1.00000000',
          },
        ],
      },
      {
        holdId: `withdrawal:${id}:fee`,
        legs: [
          { debit: 'wallet:12', credit: 'system:feeRevenue:KRW', asset: 'KRW', amount: '1000' },
        ],
      },
    ]);
  });

  it('records the hold placed, once', () => {
    const outcome = { kind: 'accepted', revision: '5' } as const;
    const command = {
      type: 'RecordHoldOutcome',
      ledgerCommandId: `withdrawal:${id}:hold`,
      holdIds: [`withdrawal:${id}:amount`],
      outcome,
      now,
    } as const;
    given([requested]).when(command).then([holdPlaced]);
    given([requested, holdPlaced]).when(command).then([]);
  });

  it('records a refused hold with its reason, and then needs nothing', () => {
    const rejection = {
      type: 'InsufficientFunds',
      account: 'wallet:11',
      available: '0.50000000',
      requested: '1.00000000',
    } as const;
    const events = eventsOf(
      given([requested])
        .when({
          type: 'RecordHoldOutcome',
          ledgerCommandId: `withdrawal:${id}:hold`,
          holdIds: [],
          outcome: { kind: 'rejected', rejection },
          now,
        })
        .decision(),
    );
    expect(events).toEqual([
      {
        type: 'WithdrawalRefused',
        data: {
          withdrawalId: id,
          ledgerCommandId: `withdrawal:${id}:hold`,
          rejection,
          refusedAt: now,
        },
      },
    ]);
    const state = events.reduce(evolveWithdrawal, stateFrom(withdrawalDecider, [requested]));
    expect(state.status).toBe('refused');
    expect(nextStep(state)).toEqual({ kind: 'none' });
  });
});

describe('approve, reject, cancel', () => {
  it('approves a placed request; approving again changes nothing', () => {
    given([requested, holdPlaced])
      .when({ type: 'ApproveWithdrawal', approvedBy: 1, now })
      .then([approved]);
    given([requested, holdPlaced, approved])
      .when({ type: 'ApproveWithdrawal', approvedBy: 1, now })
      .then([]);
  });

  it('waits for the hold before any decision', () => {
    given([requested])
      .when({ type: 'ApproveWithdrawal', approvedBy: 1, now })
      .thenRejects('WithdrawalNotReady');
    given([requested])
      .when({ type: 'CancelWithdrawal', memberSeq: 7, now })
      .thenRejects('WithdrawalNotReady');
  });

  it('rejects before sent, then needs the holds released', () => {
    const events = eventsOf(
      given([requested, holdPlaced, approved])
        .when({
          type: 'RejectWithdrawal',
          rejectedBy: 1,
          reason: 'address on a sanctions list',
          now,
        })
        .decision(),
    );
    const state = events.reduce(
      evolveWithdrawal,
      stateFrom(withdrawalDecider, [requested, holdPlaced, approved]),
    );
    expect(state.status).toBe('rejected');
    expect(nextStep(state)).toEqual({
      kind: 'releaseHolds',
      releases: [
        {
          ledgerCommandId: `withdrawal:${id}:amount:release`,
          command: { type: 'ReleaseHold', data: { holdId: `withdrawal:${id}:amount` } },
        },
      ],
    });
  });

  it("lets the member cancel its own request, never another member's", () => {
    given([requested, holdPlaced])
      .when({ type: 'CancelWithdrawal', memberSeq: 7, now })
      .then([
        {
          type: 'WithdrawalCancelled',
          data: { withdrawalId: id, cancelledBy: 7, cancelledAt: now },
        },
      ]);
    given([requested, holdPlaced])
      .when({ type: 'CancelWithdrawal', memberSeq: 8, now })
      .thenRejects('WithdrawalNotFound');
  });

  it('refuses cancel and reject after sent, and approval after rejection', () => {
    const sent = [requested, holdPlaced, approved, created, broadcast];
    given(sent)
      .when({ type: 'CancelWithdrawal', memberSeq: 7, now })
      .thenRejects('WithdrawalStateInvalid', { status: 'sent' });
    given(sent)
      .when({ type: 'RejectWithdrawal', rejectedBy: 1, reason: 'late', now })
      .thenRejects('WithdrawalStateInvalid');
    const rejectedEvent: WithdrawalEvent = {
      type: 'WithdrawalRejected',
      data: { withdrawalId: id, rejectedBy: 1, reason: 'no', rejectedAt: now },
    };
    given([requested, holdPlaced, rejectedEvent])
      .when({ type: 'ApproveWithdrawal', approvedBy: 1, now })
      .thenRejects('WithdrawalStateInvalid', { status: 'rejected' });
  });

  it('records the release once', () => {
    const cancelled: WithdrawalEvent = {
      type: 'WithdrawalCancelled',
      data: { withdrawalId: id, cancelledBy: 7, cancelledAt: now },
    };
    const command = { type: 'RecordRelease', ledgerCommandIds: ['x'], now } as const;
    given([requested, holdPlaced, cancelled])
      .when(command)
      .then([
        {
          type: 'WithdrawalHoldReleased',
          data: { withdrawalId: id, ledgerCommandIds: ['x'], releasedAt: now },
        },
      ]);
    const released: WithdrawalEvent = {
      type: 'WithdrawalHoldReleased',
      data: { withdrawalId: id, ledgerCommandIds: ['x'], releasedAt: now },
    };
    given([requested, holdPlaced, cancelled, released]).when(command).then([]);
    expect(
      nextStep(stateFrom(withdrawalDecider, [requested, holdPlaced, cancelled, released])),
    ).toEqual({
      kind: 'none',
    });
  });
});

describe('send, confirm, complete, fail', () => {
  it('after approval, creates the first transfer, then broadcasts it by its id', () => {
    expect(nextStep(stateFrom(withdrawalDecider, [requested, holdPlaced, approved]))).toEqual({
      kind: 'createTransfer',
      transferId,
    });
    given([requested, holdPlaced, approved])
      .when({ type: 'CreateTransfer', transferId, createdBy: 'system:withdrawal', now })
      .then([created]);
    expect(
      nextStep(stateFrom(withdrawalDecider, [requested, holdPlaced, approved, created])),
    ).toEqual({
      kind: 'broadcast',
      transferId,
      to: 'sim1qexample',
      amount: '0.99950000',
      asset: 'BTC',
      memo: null,
    });
  });

  it('is sent once broadcast; a second broadcast record changes nothing', () => {
    const history = [requested, holdPlaced, approved, created];
    given(history)
      .when({
        type: 'RecordBroadcast',
        transferId,
        outcome: { kind: 'broadcast', txid: 'tx1', from: 'sim1hot', feeAmount: '0.00001000' },
        now,
      })
      .then([broadcast]);
    expect(stateFrom(withdrawalDecider, [...history, broadcast]).status).toBe('sent');
    given([...history, broadcast])
      .when({
        type: 'RecordBroadcast',
        transferId,
        outcome: { kind: 'broadcast', txid: 'tx2', from: 'x', feeAmount: '0' },
        now,
      })
      .then([]);
  });

  it('re-sends while sent and unconfirmed (a duplicate is possible)', () => {
    const decision = given([requested, holdPlaced, approved, created, broadcast])
      .when({ type: 'CreateTransfer', transferId: 't2', createdBy: 'admin:1', now })
      .decision();
    expect(eventsOf(decision)[0]?.type).toBe('WithdrawTransferCreated');
  });

  it('takes a keyed-in txid, refusing one already recorded', () => {
    const events = eventsOf(
      given([requested, holdPlaced, approved])
        .when({ type: 'KeyInTransfer', transferId: 'k1', txid: 'tx9', keyedBy: 1, now })
        .decision(),
    );
    const state = events.reduce(
      evolveWithdrawal,
      stateFrom(withdrawalDecider, [requested, holdPlaced, approved]),
    );
    expect(state.status).toBe('sent');
    given([requested, holdPlaced, approved, created, broadcast])
      .when({ type: 'KeyInTransfer', transferId: 'k1', txid: 'tx1', keyedBy: 1, now })
      .thenRejects('TxidAlreadyRecorded', { txid: 'tx1' });
  });

  it('after confirmation, needs ONE capture: net to chain clearing, fee to fee revenue', () => {
    const state = stateFrom(withdrawalDecider, [
      requested,
      holdPlaced,
      approved,
      created,
      broadcast,
      confirmed,
    ]);
    expect(nextStep(state)).toEqual({
      kind: 'capture',
      ledgerCommandId: `withdrawal:${id}:capture`,
      command: {
        type: 'CaptureHolds',
        data: {
          transferId: `withdrawal:${id}:capture`,
          cause: 'withdrawal',
          captures: [
            {
              holdId: `withdrawal:${id}:amount`,
              legs: [
                {
                  debit: 'wallet:11',
                  credit: 'system:chainClearing:BTC',
                  asset: 'BTC',
                  amount: '0.99950000',
                },
                {
                  debit: 'wallet:11',
                  credit: 'system:feeRevenue:BTC',
                  asset: 'BTC',
                  amount: '0.00050000',
                },
              ],
            },
          ],
        },
      },
    });
  });

  it('completes on the capture, once', () => {
    const history = [requested, holdPlaced, approved, created, broadcast, confirmed];
    const command = {
      type: 'RecordCapture',
      ledgerCommandId: `withdrawal:${id}:capture`,
      outcome: { kind: 'accepted', revision: '9' },
      now,
    } as const;
    const completed: WithdrawalEvent = {
      type: 'WithdrawalCompleted',
      data: {
        withdrawalId: id,
        ledgerCommandId: `withdrawal:${id}:capture`,
        ledgerRevision: '9',
        completedAt: now,
      },
    };
    given(history).when(command).then([completed]);
    given([...history, completed])
      .when(command)
      .then([]);
    expect(nextStep(stateFrom(withdrawalDecider, [...history, completed]))).toEqual({
      kind: 'none',
    });
  });

  it('fails only after sent and before confirmation; a failure releases the holds', () => {
    const sent = [requested, holdPlaced, approved, created, broadcast];
    const events = eventsOf(
      given(sent)
        .when({ type: 'FailWithdrawal', failedBy: 'admin:1', reason: 'never arrived', now })
        .decision(),
    );
    const state = events.reduce(evolveWithdrawal, stateFrom(withdrawalDecider, sent));
    expect(state.status).toBe('failed');
    expect(nextStep(state).kind).toBe('releaseHolds');
    given([...sent, confirmed])
      .when({ type: 'FailWithdrawal', failedBy: 'admin:1', reason: 'x', now })
      .thenRejects('WithdrawalStateInvalid');
    given([requested, holdPlaced, approved])
      .when({ type: 'FailWithdrawal', failedBy: 'admin:1', reason: 'x', now })
      .thenRejects('WithdrawalStateInvalid');
  });

  it('a sent withdrawal whose txid is not found stays sent: nothing to do without a person or a match', () => {
    expect(
      nextStep(stateFrom(withdrawalDecider, [requested, holdPlaced, approved, created, broadcast])),
    ).toEqual({
      kind: 'none',
    });
  });
});
