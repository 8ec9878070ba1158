import { accepted, type Decision, rejected } from '@ledger/decider';
import { isDecimalAmount, type Timestamp } from './kyc-types.ts';

/**
 * The security catalog (SPEC §3): security levels 0..10, each with the conditions that reach it,
 * and restriction policies per level. One aggregate, the `security-catalog` stream. A level whose
 * conditions are `null` is never reached automatically (administrators set it by hand); level 0 is
 * always so (a restricted member). The catalog starts from `defaultSecurityCatalog()`; events
 * override one level or one policy at a time.
 */
export const securityCatalogStream = 'security-catalog';

export const securityLevelLowest = 0;
export const securityLevelHighest = 10;
/** Where every member starts, and where the computation lands when nothing better is reached. */
export const securityLevelBase = 1;

export const securityConditions = [
  'MAIL_VERIFICATION',
  'OTP_REGISTER',
  'KYC_CERTIFICATION',
  'KYC_REALNAME',
  'KYC_ASSET_WITHDRAW_ADDRESS_CERTIFICATION',
] as const;
export type SecurityCondition = (typeof securityConditions)[number];

export const restrictionTargets = [
  'CREATE_ACCOUNT',
  'WITHDRAW_ONE_TIME_AMOUNT',
  'WITHDRAW_DAILY_AMOUNT',
] as const;
export type RestrictionTarget = (typeof restrictionTargets)[number];

/** One level: its title and the conditions that reach it (`null`: never automatically). */
export type SecurityLevelDefinition = {
  securityLevel: number;
  title: string;
  conditions: SecurityCondition[] | null;
};

/**
 * A restriction in force at one level. CREATE_ACCOUNT: the member may not open an account (of
 * `assetCode`, or of any asset when it is null); `amount` is null. The withdraw amounts: the most
 * one withdrawal, or one service-time-zone day of withdrawals, may request of `assetCode` (a
 * decimal string). No policy means no restriction (unlimited).
 */
export type RestrictionPolicy = {
  securityLevel: number;
  target: RestrictionTarget;
  assetCode: string | null;
  amount: string | null;
};

export type SecurityCatalog = {
  levels: SecurityLevelDefinition[];
  policies: RestrictionPolicy[];
};

const defaultLevelConditions: Record<number, SecurityCondition[] | null> = {
  0: null,
  1: [],
  2: ['MAIL_VERIFICATION'],
  3: ['MAIL_VERIFICATION', 'KYC_CERTIFICATION'],
  4: ['MAIL_VERIFICATION', 'KYC_CERTIFICATION', 'KYC_REALNAME'],
  5: ['MAIL_VERIFICATION', 'KYC_CERTIFICATION', 'KYC_REALNAME', 'OTP_REGISTER'],
  6: [
    'MAIL_VERIFICATION',
    'KYC_CERTIFICATION',
    'KYC_REALNAME',
    'OTP_REGISTER',
    'KYC_ASSET_WITHDRAW_ADDRESS_CERTIFICATION',
  ],
};

/** The catalog before any administrator changed it: levels 1..6 reachable, 0 and 7..10 by hand. */
export function defaultSecurityCatalog(): SecurityCatalog {
  const levels: SecurityLevelDefinition[] = [];
  for (let level = securityLevelLowest; level <= securityLevelHighest; level += 1) {
    const conditions = defaultLevelConditions[level];
    levels.push({
      securityLevel: level,
      title: `Level ${level}`,
      conditions: conditions === undefined || conditions === null ? null : [...conditions],
    });
  }
  return { levels, policies: [] };
}

// ── Events ──────────────────────────────────────────────────────────────────────────────────

export type SecurityLevelConditionsSet = {
  type: 'SecurityLevelConditionsSet';
  data: {
    securityLevel: number;
    title: string;
    conditions: SecurityCondition[] | null;
    setAt: Timestamp;
  };
};

export type RestrictionPolicySet = {
  type: 'RestrictionPolicySet';
  data: RestrictionPolicy & { setAt: Timestamp };
};

export type RestrictionPolicyRemoved = {
  type: 'RestrictionPolicyRemoved';
  data: {
    securityLevel: number;
    target: RestrictionTarget;
    assetCode: string | null;
    removedAt: Timestamp;
  };
};

export type SecurityCatalogEvent =
  | SecurityLevelConditionsSet
  | RestrictionPolicySet
  | RestrictionPolicyRemoved;

export const securityCatalogEventTypes: readonly SecurityCatalogEvent['type'][] = [
  'SecurityLevelConditionsSet',
  'RestrictionPolicySet',
  'RestrictionPolicyRemoved',
];

// ── Commands and decisions ─────────────────────────────────────────────────────────────────

export type SecurityCatalogCommand =
  | {
      type: 'SetSecurityLevelConditions';
      now: Timestamp;
      securityLevel: number;
      title: string;
      conditions: readonly SecurityCondition[] | null;
    }
  | {
      type: 'SetRestrictionPolicy';
      now: Timestamp;
      securityLevel: number;
      target: RestrictionTarget;
      assetCode: string | null;
      amount: string | null;
    }
  | {
      type: 'RemoveRestrictionPolicy';
      now: Timestamp;
      securityLevel: number;
      target: RestrictionTarget;
      assetCode: string | null;
    };

export type SecurityCatalogRejection =
  | { type: 'InvalidSecurityLevel'; securityLevel: number }
  | { type: 'BaseLevelHasConditions' }
  | { type: 'UnknownCondition'; condition: string }
  | { type: 'InvalidRestrictionAmount'; amount: string | null }
  | { type: 'AssetRequired'; target: RestrictionTarget };

export type SecurityCatalogDecision = Decision<SecurityCatalogEvent, SecurityCatalogRejection>;

function isLevel(level: number): boolean {
  return Number.isInteger(level) && level >= securityLevelLowest && level <= securityLevelHighest;
}

const titleLengthMax = 60;

function refuseLevel(
  command: Extract<SecurityCatalogCommand, { type: 'SetSecurityLevelConditions' }>,
): SecurityCatalogRejection | undefined {
  if (!isLevel(command.securityLevel) || command.title.trim().length === 0) {
    return { type: 'InvalidSecurityLevel', securityLevel: command.securityLevel };
  }
  if (command.title.length > titleLengthMax) {
    return { type: 'InvalidSecurityLevel', securityLevel: command.securityLevel };
  }
  for (const condition of command.conditions ?? []) {
    if (!(securityConditions as readonly string[]).includes(condition)) {
      return { type: 'UnknownCondition', condition };
    }
  }
  // Level 0 is the restricted level: never reached automatically.
  if (command.securityLevel === securityLevelLowest && command.conditions !== null) {
    return { type: 'InvalidSecurityLevel', securityLevel: command.securityLevel };
  }
  // The base level is where everyone starts: it has no conditions.
  if (command.securityLevel === securityLevelBase && (command.conditions?.length ?? 0) > 0) {
    return { type: 'BaseLevelHasConditions' };
  }
  return undefined;
}

function refusePolicy(
  command: Exclude<SecurityCatalogCommand, { type: 'SetSecurityLevelConditions' }>,
): SecurityCatalogRejection | undefined {
  if (!isLevel(command.securityLevel)) {
    return { type: 'InvalidSecurityLevel', securityLevel: command.securityLevel };
  }
  if (command.target !== 'CREATE_ACCOUNT' && command.assetCode === null) {
    return { type: 'AssetRequired', target: command.target };
  }
  if (command.type !== 'SetRestrictionPolicy') return undefined;
  const amountWanted = command.target !== 'CREATE_ACCOUNT';
  const amountOk = amountWanted
    ? command.amount !== null && isDecimalAmount(command.amount)
    : command.amount === null;
  return amountOk ? undefined : { type: 'InvalidRestrictionAmount', amount: command.amount };
}

function samePolicyKey(
  left: { securityLevel: number; target: RestrictionTarget; assetCode: string | null },
  right: { securityLevel: number; target: RestrictionTarget; assetCode: string | null },
): boolean {
  return (
    left.securityLevel === right.securityLevel &&
    left.target === right.target &&
    left.assetCode === right.assetCode
  );
}

function sameConditions(
  left: readonly SecurityCondition[] | null,
  right: readonly SecurityCondition[] | null,
): boolean {
  if (left === null || right === null) return left === right;
  const set = new Set(left);
  return set.size === new Set(right).size && right.every((condition) => set.has(condition));
}

/** Decides one catalog command; a change to the value in force is accepted with no events. */
export function decideSecurityCatalog(
  command: SecurityCatalogCommand,
  catalog: SecurityCatalog,
): SecurityCatalogDecision {
  if (command.type === 'SetSecurityLevelConditions') {
    const refusal = refuseLevel(command);
    if (refusal) return rejected(refusal);
    const current = catalog.levels.find((level) => level.securityLevel === command.securityLevel);
    const conditions =
      command.conditions === null
        ? null
        : securityConditions.filter((condition) => command.conditions?.includes(condition));
    if (
      current !== undefined &&
      current.title === command.title &&
      sameConditions(current.conditions, conditions)
    ) {
      return accepted([]);
    }
    return accepted([
      {
        type: 'SecurityLevelConditionsSet',
        data: {
          securityLevel: command.securityLevel,
          title: command.title,
          conditions,
          setAt: command.now,
        },
      },
    ]);
  }
  const refusal = refusePolicy(command);
  if (refusal) return rejected(refusal);
  const current = catalog.policies.find((policy) => samePolicyKey(policy, command));
  const key = {
    securityLevel: command.securityLevel,
    target: command.target,
    assetCode: command.assetCode,
  };
  if (command.type === 'RemoveRestrictionPolicy') {
    if (current === undefined) return accepted([]);
    return accepted([
      { type: 'RestrictionPolicyRemoved', data: { ...key, removedAt: command.now } },
    ]);
  }
  if (current !== undefined && current.amount === command.amount) return accepted([]);
  return accepted([
    { type: 'RestrictionPolicySet', data: { ...key, amount: command.amount, setAt: command.now } },
  ]);
}

export function evolveSecurityCatalog(
  catalog: SecurityCatalog,
  event: SecurityCatalogEvent,
): SecurityCatalog {
  switch (event.type) {
    case 'SecurityLevelConditionsSet': {
      const { securityLevel, title, conditions } = event.data;
      const others = catalog.levels.filter((level) => level.securityLevel !== securityLevel);
      const levels = [...others, { securityLevel, title, conditions }].sort(
        (left, right) => left.securityLevel - right.securityLevel,
      );
      return { ...catalog, levels };
    }
    case 'RestrictionPolicySet': {
      const { setAt: _setAt, ...policy } = event.data;
      const others = catalog.policies.filter((existing) => !samePolicyKey(existing, policy));
      return { ...catalog, policies: [...others, policy] };
    }
    case 'RestrictionPolicyRemoved':
      return {
        ...catalog,
        policies: catalog.policies.filter((existing) => !samePolicyKey(existing, event.data)),
      };
  }
}

// ── Computation ────────────────────────────────────────────────────────────────────────────

/**
 * The level a member's satisfied conditions reach: the highest level whose conditions are all
 * met (levels without conditions, `null`, are skipped), and never below the base level.
 */
export function reachedSecurityLevel(
  catalog: SecurityCatalog,
  satisfied: ReadonlySet<SecurityCondition>,
): number {
  let reached = securityLevelBase;
  for (const level of catalog.levels) {
    if (level.conditions === null || level.securityLevel <= securityLevelBase) continue;
    if (level.conditions.every((condition) => satisfied.has(condition))) {
      reached = Math.max(reached, level.securityLevel);
    }
  }
  return reached;
}

/** Whether members at `securityLevel` may open an account of `assetCode`. */
export function mayCreateAccount(
  catalog: Pick<SecurityCatalog, 'policies'>,
  securityLevel: number,
  assetCode: string,
): boolean {
  return !catalog.policies.some(
    (policy) =>
      policy.securityLevel === securityLevel &&
      policy.target === 'CREATE_ACCOUNT' &&
      (policy.assetCode === null || policy.assetCode === assetCode),
  );
}

/** The withdraw limits of `assetCode` at `securityLevel` (null: unlimited). */
export function withdrawLimitsAt(
  catalog: Pick<SecurityCatalog, 'policies'>,
  securityLevel: number,
  assetCode: string,
): { oneTime: string | null; daily: string | null } {
  const amountOf = (target: RestrictionTarget) =>
    catalog.policies.find(
      (policy) =>
        policy.securityLevel === securityLevel &&
        policy.target === target &&
        policy.assetCode === assetCode,
    )?.amount ?? null;
  return {
    oneTime: amountOf('WITHDRAW_ONE_TIME_AMOUNT'),
    daily: amountOf('WITHDRAW_DAILY_AMOUNT'),
  };
}
