/**
 * How a wallet account (SPEC "Account") is named in each place: its seq (a Postgres sequence,
 * taken before the OpenAccount decision, like every new id), its ledger account id, its account
 * number (what a member types to pay another member) and the stream of its profile.
 */

const walletAccountPrefix = 'wallet:';
const seqPattern = /^[1-9][0-9]{0,9}$/;
/** The account number: "1" + 10 digits of seq + a Luhn check digit, shown as 4-4-4. */
const accountNumberPattern = /^1[0-9]{3}-?[0-9]{4}-?[0-9]{4}$/;
export const accountSeqMax = 9_999_999_999;

/** The ledger account id of a member's wallet account. @example walletAccountId(7) === 'wallet:7' */
export function walletAccountId(seq: number): string {
  assertSeq(seq);
  return `${walletAccountPrefix}${seq}`;
}

/** The seq in a wallet account id, or undefined for any other account (system, limit, foreign). */
export function seqOfWalletAccountId(accountId: string): number | undefined {
  if (!accountId.startsWith(walletAccountPrefix)) return undefined;
  const digits = accountId.slice(walletAccountPrefix.length);
  return seqPattern.test(digits) ? Number(digits) : undefined;
}

/** The ledger's memberId of a member (its seq as decimal text) and back. */
export function memberIdOf(memberSeq: number): string {
  assertSeq(memberSeq);
  return String(memberSeq);
}

export function memberSeqOf(memberId: string | null | undefined): number | undefined {
  return typeof memberId === 'string' && seqPattern.test(memberId) ? Number(memberId) : undefined;
}

function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    // Doubling starts at the rightmost digit, which the check digit will follow.
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The account number of a seq. @example accountNumberOf(1) === '1000-0000-0013' */
export function accountNumberOf(seq: number): string {
  assertSeq(seq);
  const body = `1${String(seq).padStart(10, '0')}`;
  const digits = `${body}${luhnCheckDigit(body)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8)}`;
}

/** The seq an account number names, or undefined when it is malformed or its check digit is wrong. */
export function seqOfAccountNumber(accountNumber: string): number | undefined {
  if (!accountNumberPattern.test(accountNumber)) return undefined;
  const digits = accountNumber.replaceAll('-', '');
  if (luhnCheckDigit(digits.slice(0, 11)) !== Number(digits.slice(11))) return undefined;
  const seq = Number(digits.slice(1, 11));
  return seq >= 1 ? seq : undefined;
}

/** The stream of a wallet account's profile (title, status notes): not money, not the ledger. */
export function walletAccountStream(seq: number): string {
  assertSeq(seq);
  return `wallet-account-${seq}`;
}

export const walletAccountStreamPrefix = 'wallet-account-';
export { adjustmentStream, adjustmentStreamPrefix } from '@ledger/adjustments';

function assertSeq(seq: number): void {
  if (!Number.isSafeInteger(seq) || seq < 1 || seq > accountSeqMax) {
    throw new RangeError(`not a seq: ${seq}`);
  }
}
