import { assetsProjection } from '@ledger/assets-store';
import { c2cProjection } from '@ledger/c2c-store';
import { csProjection } from '@ledger/cs-store';
import {
  brokerageProjection,
  identityProjection,
  oauth2ClientProjection,
} from '@ledger/identity-store';
import { kycProjection } from '@ledger/kyc-store';
import { ledgerBalancesProjection, ledgerProfilesProjection } from '@ledger/ledger-projections';
import type { Projection } from '@ledger/projection-runner';
import { withdrawalsProjection } from '@ledger/withdrawals-store';

/**
 * Every projection this deployable runs (each feature adds its projection here, and its tables in
 * the projection's `setup`).
 */
export const projections: readonly Projection[] = [
  // Identity's read models: members, logs, groups, roles, settings; brokerages; OAuth2 clients.
  identityProjection as Projection,
  brokerageProjection as Projection,
  oauth2ClientProjection as Projection,
  // The ledger's read models.
  ledgerBalancesProjection,
  ledgerProfilesProjection,
  // The asset catalog, plug-ins and deposits.
  assetsProjection,
  // KYC certifications, real-name authentications, address certifications, security catalog.
  kycProjection,
  // Withdrawals, withdraw transfers and the withdraw policy.
  withdrawalsProjection,
  // C2C deals and applications, folded with the domain's evolve.
  c2cProjection,
  // Customer service: ticket types, tickets, FAQ types and FAQ entries.
  csProjection,
];
