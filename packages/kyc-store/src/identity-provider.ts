import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RealnameIdentity } from './kyc-personal-data-store.ts';

/**
 * The real-name authority as a port (SPEC §3 settings: real-name authority, site code, execution
 * path). The member's browser opens `providerUrl` in a popup; the provider answers the browser,
 * which hands the answer to the write API; `verify` checks that answer (a real adapter checks the
 * authority's signature and decrypts it with the site password) and returns the identity.
 */
export type IdentityProviderAnswer =
  | { outcome: 'matched'; identity: RealnameIdentity }
  | { outcome: 'refused' };

export type IdentityProvider = {
  readonly authority: string;
  start(input: { realnameSeq: number }): { providerUrl: string };
  verify(input: { realnameSeq: number; answer: Record<string, unknown> }): IdentityProviderAnswer;
};

/** The web page that plays the authority's popup in development and tests. */
export const simulatedProviderPath = '/kyc/realname-provider';

function mac(secret: Buffer, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url');
}

const birthDatePattern = /^\d{6}$/;
const cellNumberPattern = /^01\d{8,9}$/;

function text(answer: Record<string, unknown>, key: string, lengthMax: number): string | undefined {
  const value = answer[key];
  return typeof value === 'string' && value.trim().length > 0 && value.length <= lengthMax
    ? value.trim()
    : undefined;
}

/**
 * A simulated authority for development and tests: its popup (the web page at
 * `simulatedProviderPath`) lets the member type a name, sex, nationality, birth date (6 digits),
 * carrier and cell number; the answer carries a ticket this provider signed for the
 * authentication, so an answer for another authentication is refused. CI and DI are derived from
 * the person (the same person always gets the same CI; DI also depends on the site code).
 */
export function createSimulatedIdentityProvider(
  options: { secret?: Buffer; siteCode?: string } = {},
): IdentityProvider {
  const secret = options.secret ?? randomBytes(32);
  const siteCode = options.siteCode ?? 'SIMULATED';
  const ticketOf = (realnameSeq: number) => mac(secret, 'ticket', String(realnameSeq));
  return {
    authority: 'simulated',
    start({ realnameSeq }) {
      const query = new URLSearchParams({
        realname_seq: String(realnameSeq),
        ticket: ticketOf(realnameSeq),
      });
      return { providerUrl: `${simulatedProviderPath}?${query.toString()}` };
    },
    verify({ realnameSeq, answer }) {
      const ticket = text(answer, 'ticket', 200);
      const expected = Buffer.from(ticketOf(realnameSeq));
      if (
        ticket === undefined ||
        Buffer.byteLength(ticket) !== expected.length ||
        !timingSafeEqual(Buffer.from(ticket), expected) ||
        answer.refused === true
      ) {
        return { outcome: 'refused' };
      }
      const userName = text(answer, 'user_name', 100);
      const birthDate = text(answer, 'birth_date', 6);
      const cellNumber = text(answer, 'cell_number', 11);
      const cellCarrier = text(answer, 'cell_carrier', 20);
      const sex = answer.sex === 'male' || answer.sex === 'female' ? answer.sex : undefined;
      const nationality =
        answer.nationality === 'domestic' || answer.nationality === 'foreign'
          ? answer.nationality
          : undefined;
      if (
        userName === undefined ||
        birthDate === undefined ||
        !birthDatePattern.test(birthDate) ||
        cellNumber === undefined ||
        !cellNumberPattern.test(cellNumber) ||
        cellCarrier === undefined ||
        sex === undefined ||
        nationality === undefined
      ) {
        return { outcome: 'refused' };
      }
      const person = [userName.normalize('NFKC'), birthDate, sex];
      return {
        outcome: 'matched',
        identity: {
          userName,
          sex,
          nationality,
          birthDate,
          cellCarrier,
          cellNumber,
          ci: mac(secret, 'ci', ...person),
          di: mac(secret, 'di', siteCode, ...person),
        },
      };
    },
  };
}
