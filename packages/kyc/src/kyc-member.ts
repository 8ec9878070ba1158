import { accepted, type Decision, rejected } from '@ledger/decider';
import { addSeconds, hasPassed, type MemberSeq, type Timestamp } from './kyc-types.ts';

/**
 * One member's KYC facts (SPEC §3–§4): KYC certification requests and their CDD review, real-name
 * authentications, and withdraw-address certifications, in one stream per member
 * (`kyc-member-<seq>`). No event carries personal data in clear: names, birth dates, CI/DI, cell
 * numbers, IPs, holder names, withdraw addresses and document names live in kyc-store's
 * personal-data tables, keyed by the seq named here (docs/adr/0012).
 */
export function kycMemberStream(memberSeq: MemberSeq): string {
  return `kyc-member-${memberSeq}`;
}

export const kycTypes = ['individual', 'corporate'] as const;
export type KycType = (typeof kycTypes)[number];

export type ReviewStatus = 'requested' | 'approved' | 'denied';

export type KycCertificationFacts = {
  status: ReviewStatus;
  kycType: KycType;
  isValid: boolean;
  expiresAt: Timestamp | null;
  isExpired: boolean;
};

export type RealnameStatus = 'started' | 'authenticated' | 'failed' | 'closed';

export type RealnameFacts = {
  status: RealnameStatus;
  authority: string;
  isValid: boolean;
  expiresAt: Timestamp | null;
  isExpired: boolean;
};

export type WithdrawAddressFacts = {
  status: ReviewStatus;
  assetCode: string;
  isValid: boolean;
};

export type KycMemberState = {
  memberSeq: MemberSeq | undefined;
  certifications: Record<number, KycCertificationFacts>;
  realnames: Record<number, RealnameFacts>;
  withdrawAddresses: Record<number, WithdrawAddressFacts>;
};

export function initialKycMemberState(): KycMemberState {
  return { memberSeq: undefined, certifications: {}, realnames: {}, withdrawAddresses: {} };
}

// ── Events ──────────────────────────────────────────────────────────────────────────────────

type KycEventOf<Type extends string, Data> = { type: Type; data: Data & { memberSeq: MemberSeq } };

export type KycCertificationRequested = KycEventOf<
  'KycCertificationRequested',
  { certificationSeq: number; kycType: KycType; documentCount: number; requestedAt: Timestamp }
>;
export type KycCertificationApproved = KycEventOf<
  'KycCertificationApproved',
  { certificationSeq: number; isValid: boolean; expiresAt: Timestamp; reviewedAt: Timestamp }
>;
export type KycCertificationDenied = KycEventOf<
  'KycCertificationDenied',
  { certificationSeq: number; reviewedAt: Timestamp }
>;
export type KycCertificationValidityChanged = KycEventOf<
  'KycCertificationValidityChanged',
  { certificationSeq: number; isValid: boolean; changedAt: Timestamp }
>;
export type KycCertificationExpired = KycEventOf<
  'KycCertificationExpired',
  { certificationSeq: number; expiredAt: Timestamp }
>;
export type RealnameAuthenticationStarted = KycEventOf<
  'RealnameAuthenticationStarted',
  { realnameSeq: number; authority: string; startedAt: Timestamp }
>;
export type RealnameAuthenticated = KycEventOf<
  'RealnameAuthenticated',
  { realnameSeq: number; isValid: boolean; expiresAt: Timestamp; authenticatedAt: Timestamp }
>;
export type RealnameAuthenticationFailed = KycEventOf<
  'RealnameAuthenticationFailed',
  { realnameSeq: number; reason: 'mismatch' | 'provider_refused'; failedAt: Timestamp }
>;
export type RealnameAuthenticationClosed = KycEventOf<
  'RealnameAuthenticationClosed',
  { realnameSeq: number; closedAt: Timestamp }
>;
export type RealnameAuthenticationExpired = KycEventOf<
  'RealnameAuthenticationExpired',
  { realnameSeq: number; expiredAt: Timestamp }
>;
export type WithdrawAddressCertificationRequested = KycEventOf<
  'WithdrawAddressCertificationRequested',
  { certificationSeq: number; assetCode: string; bankCode: string | null; requestedAt: Timestamp }
>;
export type WithdrawAddressCertificationApproved = KycEventOf<
  'WithdrawAddressCertificationApproved',
  { certificationSeq: number; isValid: boolean; reviewedAt: Timestamp }
>;
export type WithdrawAddressCertificationDenied = KycEventOf<
  'WithdrawAddressCertificationDenied',
  { certificationSeq: number; reviewedAt: Timestamp }
>;
export type WithdrawAddressValidityChanged = KycEventOf<
  'WithdrawAddressValidityChanged',
  { certificationSeq: number; isValid: boolean; changedAt: Timestamp }
>;

export type KycMemberEvent =
  | KycCertificationRequested
  | KycCertificationApproved
  | KycCertificationDenied
  | KycCertificationValidityChanged
  | KycCertificationExpired
  | RealnameAuthenticationStarted
  | RealnameAuthenticated
  | RealnameAuthenticationFailed
  | RealnameAuthenticationClosed
  | RealnameAuthenticationExpired
  | WithdrawAddressCertificationRequested
  | WithdrawAddressCertificationApproved
  | WithdrawAddressCertificationDenied
  | WithdrawAddressValidityChanged;

export const kycMemberEventTypes: readonly KycMemberEvent['type'][] = [
  'KycCertificationRequested',
  'KycCertificationApproved',
  'KycCertificationDenied',
  'KycCertificationValidityChanged',
  'KycCertificationExpired',
  'RealnameAuthenticationStarted',
  'RealnameAuthenticated',
  'RealnameAuthenticationFailed',
  'RealnameAuthenticationClosed',
  'RealnameAuthenticationExpired',
  'WithdrawAddressCertificationRequested',
  'WithdrawAddressCertificationApproved',
  'WithdrawAddressCertificationDenied',
  'WithdrawAddressValidityChanged',
];

// ── Commands ────────────────────────────────────────────────────────────────────────────────

type CommandOf<Type extends string, Fields> = { type: Type; now: Timestamp } & Fields;

export type KycMemberCommand =
  | CommandOf<
      'RequestKycCertification',
      { memberSeq: MemberSeq; certificationSeq: number; kycType: KycType; documentCount: number }
    >
  | CommandOf<
      'ApproveKycCertification',
      { certificationSeq: number; isValid: boolean; validitySeconds: number }
    >
  | CommandOf<'DenyKycCertification', { certificationSeq: number }>
  | CommandOf<'SetKycCertificationValidity', { certificationSeq: number; isValid: boolean }>
  | CommandOf<'ExpireKycCertification', { certificationSeq: number }>
  | CommandOf<
      'StartRealnameAuthentication',
      { memberSeq: MemberSeq; realnameSeq: number; authority: string }
    >
  | CommandOf<
      'CompleteRealnameAuthentication',
      {
        realnameSeq: number;
        outcome: 'matched' | 'mismatch' | 'provider_refused';
        validitySeconds: number;
      }
    >
  | CommandOf<'ExpireRealnameAuthentication', { realnameSeq: number }>
  | CommandOf<
      'RequestWithdrawAddressCertification',
      { memberSeq: MemberSeq; certificationSeq: number; assetCode: string; bankCode: string | null }
    >
  | CommandOf<'ApproveWithdrawAddressCertification', { certificationSeq: number; isValid: boolean }>
  | CommandOf<'DenyWithdrawAddressCertification', { certificationSeq: number }>
  | CommandOf<'SetWithdrawAddressValidity', { certificationSeq: number; isValid: boolean }>;

export type KycMemberRejection =
  | { type: 'KycCertificationNotFound'; certificationSeq: number }
  | { type: 'KycCertificationPending' }
  | { type: 'KycCertificationAlreadyReviewed'; certificationSeq: number }
  | { type: 'KycCertificationNotApproved'; certificationSeq: number }
  | { type: 'RealnameAuthenticationNotFound'; realnameSeq: number }
  | { type: 'RealnameAuthenticationFinished'; realnameSeq: number }
  | { type: 'WithdrawAddressCertificationNotFound'; certificationSeq: number }
  | { type: 'WithdrawAddressCertificationAlreadyReviewed'; certificationSeq: number }
  | { type: 'WithdrawAddressCertificationNotApproved'; certificationSeq: number }
  | { type: 'InvalidValiditySeconds'; validitySeconds: number };

export type KycMemberDecision = Decision<KycMemberEvent, KycMemberRejection>;

function memberOf(state: KycMemberState, command: { memberSeq?: MemberSeq }): MemberSeq {
  const memberSeq = state.memberSeq ?? command.memberSeq;
  if (memberSeq === undefined) throw new Error('the KYC stream names no member');
  return memberSeq;
}

function isValiditySeconds(seconds: number): boolean {
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= 100 * 366 * 24 * 3_600;
}

/**
 * Decides one KYC command on one member's facts. A review repeats nothing: reviewing an already
 * reviewed request is refused; setting a validity to its current value, or expiring an already
 * expired one, is accepted with no events (the expiry worker may run twice).
 */
export function decideKycMember(
  command: KycMemberCommand,
  state: KycMemberState,
): KycMemberDecision {
  switch (command.type) {
    case 'RequestKycCertification':
    case 'ApproveKycCertification':
    case 'DenyKycCertification':
    case 'SetKycCertificationValidity':
    case 'ExpireKycCertification':
      return decideCertification(command, state);
    case 'StartRealnameAuthentication':
    case 'CompleteRealnameAuthentication':
    case 'ExpireRealnameAuthentication':
      return decideRealname(command, state);
    default:
      return decideWithdrawAddress(command, state);
  }
}

type CertificationCommand = Extract<
  KycMemberCommand,
  {
    type:
      | 'RequestKycCertification'
      | 'ApproveKycCertification'
      | 'DenyKycCertification'
      | 'SetKycCertificationValidity'
      | 'ExpireKycCertification';
  }
>;

function decideCertification(
  command: CertificationCommand,
  state: KycMemberState,
): KycMemberDecision {
  if (command.type === 'RequestKycCertification') {
    if (Object.values(state.certifications).some((facts) => facts.status === 'requested')) {
      return rejected({ type: 'KycCertificationPending' });
    }
    return accepted([
      {
        type: 'KycCertificationRequested',
        data: {
          memberSeq: memberOf(state, command),
          certificationSeq: command.certificationSeq,
          kycType: command.kycType,
          documentCount: command.documentCount,
          requestedAt: command.now,
        },
      },
    ]);
  }
  const { certificationSeq } = command;
  const facts = state.certifications[certificationSeq];
  if (facts === undefined) return rejected({ type: 'KycCertificationNotFound', certificationSeq });
  const memberSeq = memberOf(state, {});
  switch (command.type) {
    case 'ApproveKycCertification':
      if (facts.status !== 'requested') {
        return rejected({ type: 'KycCertificationAlreadyReviewed', certificationSeq });
      }
      if (!isValiditySeconds(command.validitySeconds)) {
        return rejected({
          type: 'InvalidValiditySeconds',
          validitySeconds: command.validitySeconds,
        });
      }
      return accepted([
        {
          type: 'KycCertificationApproved',
          data: {
            memberSeq,
            certificationSeq,
            isValid: command.isValid,
            expiresAt: addSeconds(command.now, command.validitySeconds),
            reviewedAt: command.now,
          },
        },
      ]);
    case 'DenyKycCertification':
      if (facts.status !== 'requested') {
        return rejected({ type: 'KycCertificationAlreadyReviewed', certificationSeq });
      }
      return accepted([
        {
          type: 'KycCertificationDenied',
          data: { memberSeq, certificationSeq, reviewedAt: command.now },
        },
      ]);
    case 'SetKycCertificationValidity':
      if (facts.status !== 'approved') {
        return rejected({ type: 'KycCertificationNotApproved', certificationSeq });
      }
      if (facts.isValid === command.isValid) return accepted([]);
      return accepted([
        {
          type: 'KycCertificationValidityChanged',
          data: { memberSeq, certificationSeq, isValid: command.isValid, changedAt: command.now },
        },
      ]);
    default:
      if (
        facts.status !== 'approved' ||
        facts.isExpired ||
        facts.expiresAt === null ||
        !hasPassed(facts.expiresAt, command.now)
      ) {
        return accepted([]);
      }
      return accepted([
        {
          type: 'KycCertificationExpired',
          data: { memberSeq, certificationSeq, expiredAt: command.now },
        },
      ]);
  }
}

type RealnameCommand = Extract<
  KycMemberCommand,
  {
    type:
      | 'StartRealnameAuthentication'
      | 'CompleteRealnameAuthentication'
      | 'ExpireRealnameAuthentication';
  }
>;

function decideRealname(command: RealnameCommand, state: KycMemberState): KycMemberDecision {
  if (command.type === 'StartRealnameAuthentication') {
    return accepted([
      {
        type: 'RealnameAuthenticationStarted',
        data: {
          memberSeq: memberOf(state, command),
          realnameSeq: command.realnameSeq,
          authority: command.authority,
          startedAt: command.now,
        },
      },
    ]);
  }
  const { realnameSeq } = command;
  const facts = state.realnames[realnameSeq];
  if (facts === undefined) return rejected({ type: 'RealnameAuthenticationNotFound', realnameSeq });
  const memberSeq = memberOf(state, {});
  if (command.type === 'ExpireRealnameAuthentication') {
    if (
      facts.status !== 'authenticated' ||
      facts.isExpired ||
      facts.expiresAt === null ||
      !hasPassed(facts.expiresAt, command.now)
    ) {
      return accepted([]);
    }
    return accepted([
      {
        type: 'RealnameAuthenticationExpired',
        data: { memberSeq, realnameSeq, expiredAt: command.now },
      },
    ]);
  }
  if (facts.status !== 'started') {
    return rejected({ type: 'RealnameAuthenticationFinished', realnameSeq });
  }
  if (command.outcome !== 'matched') {
    return accepted([
      {
        type: 'RealnameAuthenticationFailed',
        data: { memberSeq, realnameSeq, reason: command.outcome, failedAt: command.now },
      },
    ]);
  }
  if (!isValiditySeconds(command.validitySeconds)) {
    return rejected({ type: 'InvalidValiditySeconds', validitySeconds: command.validitySeconds });
  }
  // A new authentication closes the member's earlier ones (SPEC: closed_date).
  const closing: KycMemberEvent[] = Object.entries(state.realnames)
    .filter(([, earlier]) => earlier.status === 'authenticated')
    .map(([seq]) => ({
      type: 'RealnameAuthenticationClosed',
      data: { memberSeq, realnameSeq: Number(seq), closedAt: command.now },
    }));
  return accepted([
    ...closing,
    {
      type: 'RealnameAuthenticated',
      data: {
        memberSeq,
        realnameSeq,
        isValid: true,
        expiresAt: addSeconds(command.now, command.validitySeconds),
        authenticatedAt: command.now,
      },
    },
  ]);
}

type WithdrawAddressCommand = Exclude<KycMemberCommand, CertificationCommand | RealnameCommand>;

function decideWithdrawAddress(
  command: WithdrawAddressCommand,
  state: KycMemberState,
): KycMemberDecision {
  if (command.type === 'RequestWithdrawAddressCertification') {
    return accepted([
      {
        type: 'WithdrawAddressCertificationRequested',
        data: {
          memberSeq: memberOf(state, command),
          certificationSeq: command.certificationSeq,
          assetCode: command.assetCode,
          bankCode: command.bankCode,
          requestedAt: command.now,
        },
      },
    ]);
  }
  const { certificationSeq } = command;
  const facts = state.withdrawAddresses[certificationSeq];
  if (facts === undefined) {
    return rejected({ type: 'WithdrawAddressCertificationNotFound', certificationSeq });
  }
  const memberSeq = memberOf(state, {});
  switch (command.type) {
    case 'ApproveWithdrawAddressCertification':
      if (facts.status !== 'requested') {
        return rejected({ type: 'WithdrawAddressCertificationAlreadyReviewed', certificationSeq });
      }
      return accepted([
        {
          type: 'WithdrawAddressCertificationApproved',
          data: { memberSeq, certificationSeq, isValid: command.isValid, reviewedAt: command.now },
        },
      ]);
    case 'DenyWithdrawAddressCertification':
      if (facts.status !== 'requested') {
        return rejected({ type: 'WithdrawAddressCertificationAlreadyReviewed', certificationSeq });
      }
      return accepted([
        {
          type: 'WithdrawAddressCertificationDenied',
          data: { memberSeq, certificationSeq, reviewedAt: command.now },
        },
      ]);
    default:
      if (facts.status !== 'approved') {
        return rejected({ type: 'WithdrawAddressCertificationNotApproved', certificationSeq });
      }
      if (facts.isValid === command.isValid) return accepted([]);
      return accepted([
        {
          type: 'WithdrawAddressValidityChanged',
          data: { memberSeq, certificationSeq, isValid: command.isValid, changedAt: command.now },
        },
      ]);
  }
}

export function evolveKycMember(state: KycMemberState, event: KycMemberEvent): KycMemberState {
  const next: KycMemberState = { ...state, memberSeq: event.data.memberSeq };
  switch (event.type) {
    case 'KycCertificationRequested':
      return withCertification(next, event.data.certificationSeq, {
        status: 'requested',
        kycType: event.data.kycType,
        isValid: false,
        expiresAt: null,
        isExpired: false,
      });
    case 'KycCertificationApproved':
      return patchCertification(next, event.data.certificationSeq, {
        status: 'approved',
        isValid: event.data.isValid,
        expiresAt: event.data.expiresAt,
      });
    case 'KycCertificationDenied':
      return patchCertification(next, event.data.certificationSeq, { status: 'denied' });
    case 'KycCertificationValidityChanged':
      return patchCertification(next, event.data.certificationSeq, { isValid: event.data.isValid });
    case 'KycCertificationExpired':
      return patchCertification(next, event.data.certificationSeq, { isExpired: true });
    case 'RealnameAuthenticationStarted':
      return withRealname(next, event.data.realnameSeq, {
        status: 'started',
        authority: event.data.authority,
        isValid: false,
        expiresAt: null,
        isExpired: false,
      });
    case 'RealnameAuthenticated':
      return patchRealname(next, event.data.realnameSeq, {
        status: 'authenticated',
        isValid: event.data.isValid,
        expiresAt: event.data.expiresAt,
      });
    case 'RealnameAuthenticationFailed':
      return patchRealname(next, event.data.realnameSeq, { status: 'failed' });
    case 'RealnameAuthenticationClosed':
      return patchRealname(next, event.data.realnameSeq, { status: 'closed' });
    case 'RealnameAuthenticationExpired':
      return patchRealname(next, event.data.realnameSeq, { isExpired: true });
    default:
      return evolveWithdrawAddress(next, event);
  }
}

function evolveWithdrawAddress(state: KycMemberState, event: KycMemberEvent): KycMemberState {
  switch (event.type) {
    case 'WithdrawAddressCertificationRequested':
      return {
        ...state,
        withdrawAddresses: {
          ...state.withdrawAddresses,
          [event.data.certificationSeq]: {
            status: 'requested',
            assetCode: event.data.assetCode,
            isValid: false,
          },
        },
      };
    case 'WithdrawAddressCertificationApproved':
      return patchAddress(state, event.data.certificationSeq, {
        status: 'approved',
        isValid: event.data.isValid,
      });
    case 'WithdrawAddressCertificationDenied':
      return patchAddress(state, event.data.certificationSeq, { status: 'denied' });
    case 'WithdrawAddressValidityChanged':
      return patchAddress(state, event.data.certificationSeq, { isValid: event.data.isValid });
    default:
      return state;
  }
}

function withCertification(
  state: KycMemberState,
  seq: number,
  facts: KycCertificationFacts,
): KycMemberState {
  return { ...state, certifications: { ...state.certifications, [seq]: facts } };
}

function patchCertification(
  state: KycMemberState,
  seq: number,
  patch: Partial<KycCertificationFacts>,
): KycMemberState {
  const facts = state.certifications[seq];
  if (facts === undefined) return state;
  return withCertification(state, seq, { ...facts, ...patch });
}

function withRealname(state: KycMemberState, seq: number, facts: RealnameFacts): KycMemberState {
  return { ...state, realnames: { ...state.realnames, [seq]: facts } };
}

function patchRealname(
  state: KycMemberState,
  seq: number,
  patch: Partial<RealnameFacts>,
): KycMemberState {
  const facts = state.realnames[seq];
  if (facts === undefined) return state;
  return withRealname(state, seq, { ...facts, ...patch });
}

function patchAddress(
  state: KycMemberState,
  seq: number,
  patch: Partial<WithdrawAddressFacts>,
): KycMemberState {
  const facts = state.withdrawAddresses[seq];
  if (facts === undefined) return state;
  return {
    ...state,
    withdrawAddresses: { ...state.withdrawAddresses, [seq]: { ...facts, ...patch } },
  };
}

export function kycMemberStateFrom(events: readonly KycMemberEvent[]): KycMemberState {
  return events.reduce(evolveKycMember, initialKycMemberState());
}
