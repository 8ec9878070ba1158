export * from './assets.ts';
export * from './c2c.ts';
export * from './c2c-routes.ts';
export * from './cs.ts';
export { type Health, HealthSchema } from './health.ts';
export * from './identity.ts';
export * from './identity-administration.ts';
export { type IdentityProblemCode, identityProblemCodes } from './identity-problems.ts';
export * from './kyc.ts';
export * from './ledger.ts';
export * from './ledger-requests.ts';
export * from './list-query.ts';
export * from './money-amount.ts';
export * from './oauth2-clients.ts';
export {
  type Problem,
  type ProblemCode,
  ProblemSchema,
  problemCodes,
  problemType,
} from './problem.ts';
export * from './problem-messages/index.ts';
export * from './reconciliation.ts';
export * from './route-table.ts';
export * from './text.ts';
export * from './withdraw.ts';
export * from './withdraw-requests.ts';
