import { accepted, type Decision } from '@ledger/decider';

/**
 * Where a member sends a deposit (SPEC §3 Account: deposit address, memo ID, deposit-only
 * address): one stream per wallet account, `deposit-address-<accountSeq>`, assigned once and
 * never changed (a sender may reuse it years later). A chain asset gives each account its own
 * address, or, when the asset requires a memo, the chain's one shared address and a memo ID that
 * names the account. A manually confirmed asset (no chain plug-in, e.g. KRW by bank transfer)
 * gives a deposit-only address: a reference the member quotes with the transfer.
 */

export type DepositAddressKind = 'chain' | 'chain_memo' | 'deposit_only';

export type DepositAddressAssigned = {
  type: 'DepositAddressAssigned';
  data: {
    accountSeq: number;
    account: string;
    memberSeq: number;
    asset: string;
    kind: DepositAddressKind;
    /** The plug-in whose chain the address is on; null for a deposit-only address. */
    chain: string | null;
    address: string;
    memo: string | null;
    assignedAt: string;
  };
};
export type DepositAddressEvent = DepositAddressAssigned;

export type DepositAddressState =
  | { status: 'none' }
  | { status: 'assigned'; assignment: DepositAddressAssigned['data'] };

export function depositAddressStream(accountSeq: number): string {
  return `deposit-address-${accountSeq}`;
}

export const initialDepositAddressState = (): DepositAddressState => ({ status: 'none' });

export function evolveDepositAddress(
  _state: DepositAddressState,
  event: DepositAddressEvent,
): DepositAddressState {
  return { status: 'assigned', assignment: event.data };
}

/** Assigns once; asking again keeps the first assignment (the answer is the state's). */
export function decideDepositAddress(
  command: { type: 'AssignDepositAddress'; assignment: DepositAddressAssigned['data'] },
  state: DepositAddressState,
): Decision<DepositAddressEvent, never> {
  if (state.status === 'assigned') return accepted([]);
  return accepted([{ type: 'DepositAddressAssigned', data: command.assignment }]);
}

/** The Luhn check digit of a string of digits. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The memo ID of an account: its seq, zero-padded to 9 digits, and a Luhn check digit, so every
 * account has its own and a mistyped digit names no account (one in ten at worst).
 * @example memoIdOf(42) === '0000000425'
 */
export function memoIdOf(accountSeq: number): string {
  const digits = String(accountSeq).padStart(9, '0');
  return `${digits}${luhnCheckDigit(digits)}`;
}

/**
 * The deposit-only address of an account of a manually confirmed asset: `DA-`, the asset and the
 * memo-style number (the reference a bank transfer quotes).
 * @example depositOnlyAddressOf('KRW', 42) === 'DA-KRW-0000000425'
 */
export function depositOnlyAddressOf(asset: string, accountSeq: number): string {
  return `DA-${asset}-${memoIdOf(accountSeq)}`;
}
