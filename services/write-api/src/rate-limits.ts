import type { RateLimitRule } from '@ledger/identity-store';

/**
 * The anti-automation budgets (ASVS 2.4.1, 6.1.1, 6.3.1), all checked before any password hash is
 * computed. Login uses three buckets: per client address (credential stuffing from one place), per
 * account and address (guessing one password from one place), and per account from sources the
 * member never logged in from (a distributed attack slows down, but the member's own sources are
 * exempt, so the attack cannot lock the member out).
 */
export const rateLimits = {
  loginPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  loginPerAccountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAccountFromUnknownSources: { limit: 30, windowSeconds: 15 * 60 },
  /** A source the member logged in from within this many days keeps its own budget. */
  knownSourceDays: 30,
  /** One-time passwords per member: 5 wrong codes per 5 minutes (a 10^6 space). */
  otpPerMember: { limit: 5, windowSeconds: 5 * 60 },
  /** Password checks for sensitive changes (password, email, withdrawal) per member. */
  passwordCheckPerMember: { limit: 10, windowSeconds: 15 * 60 },
  refreshPerAddress: { limit: 120, windowSeconds: 60 },
  registrationPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  mailPerMember: { limit: 5, windowSeconds: 60 * 60 },
  recoveryPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  recoveryPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  /** Guests filing customer-service tickets, per client address. */
  csGuestTicketPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  /** Guests reading a ticket with its lookup code, per client address (guessing codes). */
  csGuestLookupPerAddress: { limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule | number>;
