// Proves the deposit deciders given/when/then: a chain deposit goes pending → crediting → credited (or orphaned by a reorg, and back), its suspense is resolved once; a deposit request is approved or rejected once and its ledger outcome recorded once; addresses are assigned once with a memo ID per account.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, expect, it } from 'vitest';
import {
  type ChainDepositCommand,
  type ChainDepositDetected,
  type ChainDepositEvent,
  chainDepositId,
  decideChainDeposit,
  depositDestination,
  evolveChainDeposit,
  initialChainDepositState,
} from './chain-deposits.ts';
import {
  decideDepositAddress,
  depositOnlyAddressOf,
  initialDepositAddressState,
  luhnCheckDigit,
  memoIdOf,
} from './deposit-addresses.ts';
import {
  type DepositRequestCommand,
  type DepositRequestEvent,
  decideDepositRequest,
  evolveDepositRequest,
  initialDepositRequestState,
} from './deposit-requests.ts';

const now = '2026-01-01T00:00:00.000Z';
const depositId = chainDepositId('sim-btc', 'ab12', 0);
const detection: ChainDepositDetected['data'] = {
  depositId,
  chain: 'sim-btc',
  asset: 'BTC',
  txid: 'ab12',
  output: 0,
  address: 'sim1x',
  memo: null,
  amount: '1.00000000',
  blockHeight: 5,
  blockHash: 'h5',
  destination: { kind: 'account', account: 'wallet:7', accountSeq: 7, memberSeq: 3 },
  detectedAt: now,
};
const detected: ChainDepositEvent = { type: 'ChainDepositDetected', data: detection };
const started: ChainDepositEvent = {
  type: 'ChainDepositCreditStarted',
  data: { depositId, confirmations: 350, startedAt: now },
};
const credit: ChainDepositCommand = {
  type: 'RecordChainDepositCredit',
  depositId,
  transferId: `deposit:${depositId}`,
  ledgerCommandId: `deposit:${depositId}`,
  confirmations: 350,
  now,
};

const { given } = deciderSpecification({
  initialState: initialChainDepositState,
  evolve: evolveChainDeposit,
  decide: decideChainDeposit,
});

describe('chain deposits', () => {
  it('detects once per block; the same block again is nothing new', () => {
    given([]).when({ type: 'DetectChainDeposit', detection }).then([detected]);
    given([detected]).when({ type: 'DetectChainDeposit', detection }).then([]);
  });

  it('a reorg orphans a pending deposit; back in another block it is pending again', () => {
    const orphan: ChainDepositCommand = {
      type: 'OrphanChainDeposit',
      depositId,
      blockHash: 'h5',
      now,
    };
    const orphaned: ChainDepositEvent = {
      type: 'ChainDepositOrphaned',
      data: { depositId, blockHash: 'h5', orphanedAt: now },
    };
    given([detected]).when(orphan).then([orphaned]);
    const again = { ...detection, blockHash: 'h6b', blockHeight: 6 };
    given([detected, orphaned])
      .when({ type: 'DetectChainDeposit', detection: again })
      .then([{ type: 'ChainDepositDetected', data: again }]);
  });

  it('never orphans a deposit whose credit was decided (that is a deep reorg: the alert)', () => {
    const orphan: ChainDepositCommand = {
      type: 'OrphanChainDeposit',
      depositId,
      blockHash: 'h5',
      now,
    };
    given([detected, started]).when(orphan).then([]);
    expect(
      given([detected, started])
        .when({
          type: 'RecordReorgAfterCredit',
          depositId,
          blockHash: 'h5',
          reorgDepth: 400,
          now,
        })
        .decision(),
    ).toMatchObject({ events: [{ type: 'ChainDepositReorgedAfterCredit' }] });
  });

  it('records the credit once, to the account the detection named', () => {
    const credited: ChainDepositEvent = {
      type: 'ChainDepositCredited',
      data: {
        depositId,
        transferId: `deposit:${depositId}`,
        ledgerCommandId: `deposit:${depositId}`,
        account: 'wallet:7',
        confirmations: 350,
        creditedAt: now,
      },
    };
    given([detected, started]).when(credit).then([credited]);
    given([detected, started, credited]).when(credit).then([]);
    expect(() => given([detected]).when(credit).decision()).toThrow(/pending/);
  });

  it('a suspense deposit is attributed or returned once, never both', () => {
    const suspense = {
      ...detection,
      destination: { kind: 'suspense' as const, reason: 'memo_missing' as const },
    };
    const history: ChainDepositEvent[] = [
      { type: 'ChainDepositDetected', data: suspense },
      started,
    ];
    const credited = given(history).when(credit).decision();
    expect(credited).toMatchObject({ events: [{ data: { account: 'system:suspense:BTC' } }] });
    const all = [...history, ...(credited.kind === 'accepted' ? credited.events : [])];
    const attribute: ChainDepositCommand = {
      type: 'RecordSuspenseAttribution',
      depositId,
      target: { account: 'wallet:9', accountSeq: 9, memberSeq: 4 },
      transferId: 't',
      ledgerCommandId: 't',
      now,
    };
    const attributed = given(all).when(attribute).decision();
    expect(attributed).toMatchObject({ events: [{ type: 'ChainDepositAttributed' }] });
    const after = [...all, ...(attributed.kind === 'accepted' ? attributed.events : [])];
    given(after).when(attribute).then([]);
    given(after)
      .when({
        type: 'RecordSuspenseReturn',
        depositId,
        reason: 'x',
        transferId: 'r',
        ledgerCommandId: 'r',
        now,
      })
      .thenRejects('SuspenseAlreadyResolved', { resolution: 'attributed' });
    given([detected, started]).when(attribute).thenRejects('DepositNotInSuspense');
  });

  it('routes an unattributable deposit to suspense, never loses it', () => {
    const owner = { account: 'wallet:7', accountSeq: 7, memberSeq: 3 };
    const base = {
      owner,
      memoRequired: false,
      memo: null,
      amountMinor: 100n,
      minimumMinor: 10n,
      allowDeposit: true,
    };
    expect(depositDestination(base)).toEqual({ kind: 'account', ...owner });
    expect(depositDestination({ ...base, memoRequired: true })).toEqual({
      kind: 'suspense',
      reason: 'memo_missing',
    });
    expect(
      depositDestination({ ...base, memoRequired: true, memo: '1', owner: undefined }),
    ).toEqual({ kind: 'suspense', reason: 'memo_unknown' });
    expect(depositDestination({ ...base, amountMinor: 9n })).toEqual({
      kind: 'suspense',
      reason: 'below_minimum',
    });
  });
});

const request = {
  requestId: 'r1',
  account: 'wallet:2',
  accountSeq: 2,
  memberSeq: 3,
  asset: 'KRW',
  requestAmount: '50000',
  requestedAt: now,
};
const requested: DepositRequestEvent = { type: 'DepositRequested', data: request };
const approved: DepositRequestEvent = {
  type: 'DepositRequestApproved',
  data: { requestId: 'r1', approvedBy: 1, approvedAt: now },
};

const { given: givenRequest } = deciderSpecification({
  initialState: initialDepositRequestState,
  evolve: evolveDepositRequest,
  decide: decideDepositRequest,
});

describe('deposit requests', () => {
  const approve: DepositRequestCommand = {
    type: 'ApproveDepositRequest',
    requestId: 'r1',
    approvedBy: 1,
    now,
  };

  it('is requested once per id; the same request again is nothing new, another is refused', () => {
    givenRequest([]).when({ type: 'RequestDeposit', request }).then([requested]);
    givenRequest([requested])
      .when({ type: 'RequestDeposit', request: { ...request, requestedAt: 'later' } })
      .then([]);
    givenRequest([requested])
      .when({ type: 'RequestDeposit', request: { ...request, requestAmount: '1' } })
      .thenRejects('DepositRequestIdTaken');
  });

  it('approves once: a second approval (approve-all twice) changes nothing', () => {
    givenRequest([requested]).when(approve).then([approved]);
    givenRequest([requested, approved]).when(approve).then([]);
  });

  it('a rejected request is never approved, and an approved one never rejected', () => {
    const rejected: DepositRequestEvent = {
      type: 'DepositRequestRejected',
      data: { requestId: 'r1', rejectedBy: 1, reason: 'no transfer seen', rejectedAt: now },
    };
    givenRequest([requested, rejected])
      .when(approve)
      .thenRejects('DepositRequestAlreadyDecided', { status: 'rejected' });
    givenRequest([requested, approved])
      .when({ type: 'RejectDepositRequest', requestId: 'r1', rejectedBy: 1, reason: 'x', now })
      .thenRejects('DepositRequestAlreadyDecided', { status: 'approved' });
  });

  it('records the ledger outcome once', () => {
    const outcome: DepositRequestCommand = {
      type: 'RecordDepositRequestOutcome',
      requestId: 'r1',
      ledgerCommandId: 'deposit-request:r1',
      outcome: { kind: 'credited', transferId: 'deposit-request:r1' },
      now,
    };
    const credited = givenRequest([requested, approved]).when(outcome).decision();
    expect(credited).toMatchObject({ events: [{ type: 'DepositRequestCredited' }] });
    const events = credited.kind === 'accepted' ? credited.events : [];
    givenRequest([requested, approved, ...events])
      .when(outcome)
      .then([]);
  });
});

describe('deposit addresses', () => {
  it('memo IDs are unique per account and carry a check digit', () => {
    expect(memoIdOf(42)).toBe(`000000042${luhnCheckDigit('000000042')}`);
    expect(memoIdOf(42)).not.toBe(memoIdOf(43));
    expect(depositOnlyAddressOf('KRW', 42)).toBe(`DA-KRW-${memoIdOf(42)}`);
    // A single mistyped digit never names another valid memo ID.
    const memo = memoIdOf(12345);
    const typo = `${memo.slice(0, 8)}${(Number(memo[8]) + 1) % 10}${memo[9]}`;
    expect(luhnCheckDigit(typo.slice(0, 9))).not.toBe(typo[9]);
  });

  it('an address is assigned once and never changes', () => {
    const assignment = {
      accountSeq: 7,
      account: 'wallet:7',
      memberSeq: 3,
      asset: 'BTC',
      kind: 'chain' as const,
      chain: 'sim-btc',
      address: 'sim1x',
      memo: null,
      assignedAt: now,
    };
    const first = decideDepositAddress(
      { type: 'AssignDepositAddress', assignment },
      initialDepositAddressState(),
    );
    expect(first).toEqual({
      kind: 'accepted',
      events: [{ type: 'DepositAddressAssigned', data: assignment }],
    });
    expect(
      decideDepositAddress(
        { type: 'AssignDepositAddress', assignment: { ...assignment, address: 'other' } },
        { status: 'assigned', assignment },
      ),
    ).toEqual({ kind: 'accepted', events: [] });
  });
});
