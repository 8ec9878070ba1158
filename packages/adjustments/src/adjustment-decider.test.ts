// Proves the forced-adjustment process decider, given/when/then on its events: a proposal with an
// immutable reason, maker-checker (the proposer can never approve, whatever the state), one
// decision per proposal, a retried proposal or approval changing nothing, and an outcome recorded
// once, only for an approved adjustment.
import { describe, expect, test } from 'vitest';
import {
  type AdjustmentCommand,
  decideAdjustment,
  evolveAdjustment,
  initialAdjustmentState,
} from './adjustment-decider.ts';
import type { AdjustmentEvent, AdjustmentProposed } from './adjustment-events.ts';

const proposal: AdjustmentProposed['data'] = {
  adjustmentId: '00000000-0000-5000-8000-000000000001',
  account: 'wallet:7',
  accountSeq: 7,
  memberSeq: 3,
  asset: 'BTC',
  direction: 'credit',
  amount: '1.00000000',
  reason: 'Deposit credited to the wrong account',
  proposedBy: 1,
  approvalRequired: true,
  proposedAt: '2025-03-01T00:00:00.000Z',
};
const proposed: AdjustmentEvent = { type: 'AdjustmentProposed', data: proposal };
const approved: AdjustmentEvent = {
  type: 'AdjustmentApproved',
  data: {
    adjustmentId: proposal.adjustmentId,
    approvedBy: 2,
    approvedAt: '2025-03-01T00:01:00.000Z',
  },
};
const id = proposal.adjustmentId;
const now = '2025-03-01T00:02:00.000Z';

function given(...events: AdjustmentEvent[]) {
  const state = events.reduce(evolveAdjustment, initialAdjustmentState());
  return { when: (command: AdjustmentCommand) => decideAdjustment(command, state) };
}

describe('propose', () => {
  test('records the proposal', () => {
    expect(given().when({ type: 'ProposeAdjustment', proposal })).toEqual({
      kind: 'accepted',
      events: [proposed],
    });
  });
  test('the same proposal again changes nothing; another one under the same id is refused', () => {
    expect(
      given(proposed).when({
        type: 'ProposeAdjustment',
        proposal: { ...proposal, proposedAt: now },
      }),
    ).toEqual({ kind: 'accepted', events: [] });
    expect(
      given(proposed).when({
        type: 'ProposeAdjustment',
        proposal: { ...proposal, reason: 'edited' },
      }),
    ).toEqual({ kind: 'rejected', rejection: { type: 'AdjustmentIdTaken' } });
  });
  test('a retry matches a proposal read back with its keys in another order (jsonb)', () => {
    const reordered = Object.fromEntries(Object.entries(proposal).reverse()) as typeof proposal;
    expect(
      given({ type: 'AdjustmentProposed', data: reordered }).when({
        type: 'ProposeAdjustment',
        proposal: { ...proposal, proposedAt: now },
      }),
    ).toEqual({ kind: 'accepted', events: [] });
  });
  test('a blank reason is refused', () => {
    expect(
      given().when({ type: 'ProposeAdjustment', proposal: { ...proposal, reason: '   ' } }),
    ).toEqual({ kind: 'rejected', rejection: { type: 'ReasonInvalid' } });
  });
});

describe('approve', () => {
  test('by another administrator', () => {
    expect(
      given(proposed).when({
        type: 'ApproveAdjustment',
        adjustmentId: id,
        approvedBy: 2,
        now: approved.data.approvedAt,
      }),
    ).toEqual({ kind: 'accepted', events: [approved] });
  });
  test('never by the proposer, whatever the state', () => {
    for (const history of [[proposed], [proposed, approved]]) {
      expect(
        given(...history).when({ type: 'ApproveAdjustment', adjustmentId: id, approvedBy: 1, now }),
      ).toEqual({ kind: 'rejected', rejection: { type: 'SelfApprovalForbidden' } });
    }
  });
  test('an unknown proposal, and one already rejected, are refused; a second approval changes nothing', () => {
    expect(
      given().when({ type: 'ApproveAdjustment', adjustmentId: id, approvedBy: 2, now }),
    ).toEqual({ kind: 'rejected', rejection: { type: 'AdjustmentNotFound' } });
    const rejected: AdjustmentEvent = {
      type: 'AdjustmentRejected',
      data: { adjustmentId: id, rejectedBy: 2, reason: 'No evidence', rejectedAt: now },
    };
    expect(
      given(proposed, rejected).when({
        type: 'ApproveAdjustment',
        adjustmentId: id,
        approvedBy: 3,
        now,
      }),
    ).toEqual({
      kind: 'rejected',
      rejection: { type: 'AdjustmentAlreadyDecided', status: 'rejected' },
    });
    expect(
      given(proposed, approved).when({
        type: 'ApproveAdjustment',
        adjustmentId: id,
        approvedBy: 3,
        now,
      }),
    ).toEqual({ kind: 'accepted', events: [] });
  });
});

describe('reject and the outcome', () => {
  test('a rejection closes a proposal; an approved one cannot be rejected', () => {
    const command: AdjustmentCommand = {
      type: 'RejectAdjustment',
      adjustmentId: id,
      rejectedBy: 1,
      reason: 'Withdrawn',
      now,
    };
    expect(given(proposed).when(command)).toMatchObject({
      kind: 'accepted',
      events: [{ type: 'AdjustmentRejected' }],
    });
    expect(given(proposed, approved).when(command)).toEqual({
      kind: 'rejected',
      rejection: { type: 'AdjustmentAlreadyDecided', status: 'approved' },
    });
  });
  test('the outcome is recorded once, and only after approval', () => {
    const outcome: AdjustmentCommand = {
      type: 'RecordAdjustmentOutcome',
      adjustmentId: id,
      ledgerCommandId: `adjustment:${id}`,
      outcome: { kind: 'executed', transferId: `adjustment:${id}`, ledgerRevision: '41' },
      now,
    };
    const decided = given(proposed, approved).when(outcome);
    expect(decided).toMatchObject({ kind: 'accepted', events: [{ type: 'AdjustmentExecuted' }] });
    const executed = (decided as { events: AdjustmentEvent[] }).events;
    expect(given(proposed, approved, ...executed).when(outcome)).toEqual({
      kind: 'accepted',
      events: [],
    });
    expect(() => given(proposed).when(outcome)).toThrow(Error);
  });
  test('below the threshold the proposal is approved as it is made', () => {
    const single = { ...proposal, approvalRequired: false };
    const state = evolveAdjustment(initialAdjustmentState(), {
      type: 'AdjustmentProposed',
      data: single,
    });
    expect(state.status).toBe('approved');
  });
});
