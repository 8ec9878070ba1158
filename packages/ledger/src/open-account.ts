import { assert } from '@ledger/decider';
import type { OpenAccount } from './ledger-commands.ts';
import type { LedgerDecision } from './ledger-decision.ts';
import type { AccountOpened } from './ledger-events.ts';
import type { LedgerRejection } from './ledger-rejections.ts';
import type { AccountState, LedgerState } from './ledger-state.ts';
import { type AccountOwner, systemRoles, systemRolesNegativeAllowed } from './ledger-types.ts';
import { isAssetCode, isIdentifier } from './ledger-validation.ts';
import { isDecimalPoint } from './money.ts';

function checkOwner(owner: AccountOwner): LedgerRejection | undefined {
  switch (owner.kind) {
    case 'system': {
      const isKnownRole = (systemRoles as readonly string[]).includes(owner.systemRole);
      return isKnownRole
        ? undefined
        : { type: 'InvalidField', field: 'systemRole', value: String(owner.systemRole) };
    }
    case 'member':
    case 'limit':
      return isIdentifier(owner.memberId)
        ? undefined
        : { type: 'InvalidField', field: 'memberId', value: String(owner.memberId) };
    default: {
      // Commands arrive from outside as JSON: a kind outside the union is refused, not trusted.
      const kind: unknown = (owner as { kind: unknown }).kind;
      return { type: 'InvalidField', field: 'kind', value: String(kind) };
    }
  }
}

function checkOpenAccount(command: OpenAccount, state: LedgerState): LedgerRejection | undefined {
  const { account, asset, decimalPoint } = command.data;
  if (!isIdentifier(account)) {
    return { type: 'InvalidField', field: 'account', value: String(account) };
  }
  if (!isAssetCode(asset)) {
    return { type: 'InvalidField', field: 'asset', value: String(asset) };
  }
  if (!isDecimalPoint(decimalPoint)) {
    return { type: 'InvalidDecimalPoint', asset, decimalPoint };
  }
  const ownerRejection = checkOwner(command.data);
  if (ownerRejection !== undefined) {
    return ownerRejection;
  }
  if (state.accounts.has(account)) {
    return { type: 'AccountAlreadyExists', account };
  }
  const assetState = state.assets.get(asset);
  if (assetState !== undefined && assetState.decimalPoint !== decimalPoint) {
    return {
      type: 'DecimalPointMismatch',
      asset,
      decimalPoint,
      decimalPointExpected: assetState.decimalPoint,
    };
  }
  return undefined;
}

function ownerOf(data: AccountOwner): AccountOwner {
  switch (data.kind) {
    case 'member':
      return { kind: 'member', memberId: data.memberId };
    case 'system':
      return { kind: 'system', systemRole: data.systemRole };
    case 'limit':
      return { kind: 'limit', memberId: data.memberId };
  }
}

/** Decides OpenAccount: a new account of a known or new asset, owned by a member or a system role. */
export function openAccount(command: OpenAccount, state: LedgerState): LedgerDecision {
  const rejection = checkOpenAccount(command, state);
  if (rejection !== undefined) {
    return { kind: 'rejected', rejection };
  }
  const { account, asset, decimalPoint } = command.data;
  const event: AccountOpened = {
    type: 'AccountOpened',
    data: {
      account,
      asset,
      decimalPoint,
      openedAt: command.metadata.now,
      ...ownerOf(command.data),
    },
  };
  return { kind: 'accepted', events: [event] };
}

function accountStateOf(data: AccountOpened['data']): AccountState {
  const common = { id: data.account, asset: data.asset, decimalPoint: data.decimalPoint };
  switch (data.kind) {
    case 'limit':
      return {
        ...common,
        kind: 'limit',
        memberId: data.memberId,
        status: 'normal',
        amountPerDay: 0n,
        usedByDay: new Map(),
      };
    case 'member':
      return {
        ...common,
        kind: 'member',
        memberId: data.memberId,
        systemRole: null,
        status: 'normal',
        balance: 0n,
        held: 0n,
        isNegativeAllowed: false,
      };
    case 'system':
      return {
        ...common,
        kind: 'system',
        memberId: null,
        systemRole: data.systemRole,
        status: 'normal',
        balance: 0n,
        held: 0n,
        isNegativeAllowed: systemRolesNegativeAllowed.has(data.systemRole),
      };
  }
}

/** Evolves AccountOpened: registers the account, and its asset on first use. */
export function evolveAccountOpened(state: LedgerState, event: AccountOpened): void {
  const { account, asset, decimalPoint } = event.data;
  assert(!state.accounts.has(account), 'an account is opened at most once');
  assert(isDecimalPoint(decimalPoint), 'an asset decimal point is an integer in 0..18');
  const assetState = state.assets.get(asset);
  if (assetState === undefined) {
    state.assets.set(asset, { asset, decimalPoint, balanceTotal: 0n });
  } else {
    assert(assetState.decimalPoint === decimalPoint, 'an asset decimal point never changes');
  }
  state.accounts.set(account, accountStateOf(event.data));
}
