// Proves the deposit deciders given/when/then: a chain deposit goes pending → crediting → credited (or orphaned by a reorg, and back), its suspense is resolved once; a deposit request is approved or rejected once and its ledger outcome recorded once; addresses are assigned once with a memo ID per account.
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

function given(events: ChainDepositEvent[]) {
  const state = events.reduce(evolveChainDeposit, initialChainDepositState());
  return { when: (command: ChainDepositCommand) => decideChainDeposit(command, state) };
}

describe('chain deposits', () => {
  it('detects once per block; the same block again is nothing new', () => {
    expect(given([]).when({ type: 'DetectChainDeposit', detection })).toEqual({
      kind: 'accepted',
      events: [detected],
    });
    expect(given([detected]).when({ type: 'DetectChainDeposit', detection })).toEqual({
      kind: 'accepted',
      events: [],
    });
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
    expect(given([detected]).when(orphan)).toEqual({ kind: 'accepted', events: [orphaned] });
    const again = { ...detection, blockHash: 'h6b', blockHeight: 6 };
    expect(
      given([detected, orphaned]).when({ type: 'DetectChainDeposit', detection: again }),
    ).toEqual({ kind: 'accepted', events: [{ type: 'ChainDepositDetected', data: again }] });
  });

  it('never orphans a deposit whose credit was decided (that is a deep reorg: the alert)', () => {
    const orphan: ChainDepositCommand = {
      type: 'OrphanChainDeposit',
      depositId,
      blockHash: 'h5',
      now,
    };
    expect(given([detected, started]).when(orphan)).toEqual({ kind: 'accepted', events: [] });
    expect(
      given([detected, started]).when({
        type: 'RecordReorgAfterCredit',
        depositId,
        blockHash: 'h5',
        reorgDepth: 400,
        now,
      }),
    ).toMatchObject({ events: [{ type: 'ChainDepositReorgedAfterCredit' }] });
  });

  it('records the credit once, to the account the detection named', () => {
    const credited = given([detected, started]).when(credit);
    expect(credited).toEqual({
      kind: 'accepted',
      events: [
        {
          type: 'ChainDepositCredited',
          data: {
            depositId,
            transferId: `deposit:${depositId}`,
            ledgerCommandId: `deposit:${depositId}`,
            account: 'wallet:7',
            confirmations: 350,
            creditedAt: now,
          },
        },
      ],
    });
    const events = credited.kind === 'accepted' ? credited.events : [];
    expect(given([detected, started, ...events]).when(credit)).toEqual({
      kind: 'accepted',
      events: [],
    });
    expect(() => given([detected]).when(credit)).toThrow(/pending/);
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
    const credited = given(history).when(credit);
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
    const attributed = given(all).when(attribute);
    expect(attributed).toMatchObject({ events: [{ type: 'ChainDepositAttributed' }] });
    const after = [...all, ...(attributed.kind === 'accepted' ? attributed.events : [])];
    expect(given(after).when(attribute)).toEqual({ kind: 'accepted', events: [] });
    expect(
      given(after).when({
        type: 'RecordSuspenseReturn',
        depositId,
        reason: 'x',
        transferId: 'r',
        ledgerCommandId: 'r',
        now,
      }),
    ).toEqual({
      kind: 'rejected',
      rejection: { type: 'SuspenseAlreadyResolved', resolution: 'attributed' },
    });
    expect(given([detected, started]).when(attribute)).toEqual({
      kind: 'rejected',
      rejection: { type: 'DepositNotInSuspense' },
    });
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

function givenRequest(events: DepositRequestEvent[]) {
  const state = events.reduce(evolveDepositRequest, initialDepositRequestState());
  return { when: (command: DepositRequestCommand) => decideDepositRequest(command, state) };
}

describe('deposit requests', () => {
  const approve: DepositRequestCommand = {
    type: 'ApproveDepositRequest',
    requestId: 'r1',
    approvedBy: 1,
    now,
  };

  it('is requested once per id; the same request again is nothing new, another is refused', () => {
    expect(givenRequest([]).when({ type: 'RequestDeposit', request })).toEqual({
      kind: 'accepted',
      events: [requested],
    });
    expect(
      givenRequest([requested]).when({
        type: 'RequestDeposit',
        request: { ...request, requestedAt: 'later' },
      }),
    ).toEqual({ kind: 'accepted', events: [] });
    expect(
      givenRequest([requested]).when({
        type: 'RequestDeposit',
        request: { ...request, requestAmount: '1' },
      }),
    ).toEqual({ kind: 'rejected', rejection: { type: 'DepositRequestIdTaken' } });
  });

  it('approves once: a second approval (approve-all twice) changes nothing', () => {
    expect(givenRequest([requested]).when(approve)).toEqual({
      kind: 'accepted',
      events: [approved],
    });
    expect(givenRequest([requested, approved]).when(approve)).toEqual({
      kind: 'accepted',
      events: [],
    });
  });

  it('a rejected request is never approved, and an approved one never rejected', () => {
    const rejected: DepositRequestEvent = {
      type: 'DepositRequestRejected',
      data: { requestId: 'r1', rejectedBy: 1, reason: 'no transfer seen', rejectedAt: now },
    };
    expect(givenRequest([requested, rejected]).when(approve)).toEqual({
      kind: 'rejected',
      rejection: { type: 'DepositRequestAlreadyDecided', status: 'rejected' },
    });
    expect(
      givenRequest([requested, approved]).when({
        type: 'RejectDepositRequest',
        requestId: 'r1',
        rejectedBy: 1,
        reason: 'x',
        now,
      }),
    ).toEqual({
      kind: 'rejected',
      rejection: { type: 'DepositRequestAlreadyDecided', status: 'approved' },
    });
  });

  it('records the ledger outcome once', () => {
    const outcome: DepositRequestCommand = {
      type: 'RecordDepositRequestOutcome',
      requestId: 'r1',
      ledgerCommandId: 'deposit-request:r1',
      outcome: { kind: 'credited', transferId: 'deposit-request:r1' },
      now,
    };
    const credited = givenRequest([requested, approved]).when(outcome);
    expect(credited).toMatchObject({ events: [{ type: 'DepositRequestCredited' }] });
    const events = credited.kind === 'accepted' ? credited.events : [];
    expect(givenRequest([requested, approved, ...events]).when(outcome)).toEqual({
      kind: 'accepted',
      events: [],
    });
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
