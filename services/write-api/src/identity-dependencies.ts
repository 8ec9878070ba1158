import type {
  AccessTokenIssuer,
  AccessTokenVerifier,
  ClientAddressResolver,
  IdentitySecrets,
} from '@ledger/auth';
import type { EventStore } from '@ledger/event-store';
import type { Mailer } from './mail/mailer.ts';

/** What identity needs in the write API, built by main.ts (or a test) and passed to createApp. */
export type IdentityWriteDependencies = {
  eventStore: EventStore;
  /** The clock; tests pass a fixed or stepping one. */
  now: () => Date;
  newId: () => string;
  tokens: { issuer: AccessTokenIssuer; verifier: AccessTokenVerifier };
  secrets: IdentitySecrets;
  mailer: Mailer;
  clientAddress: ClientAddressResolver;
};
