/**
 * @ledger/c2c-store: C2C's Postgres side: the `c2c` projection (deals and applications, folded
 * with the domain's own evolve) and the queries the C2C screens and the administrator's lists need.
 */

export * from './c2c-market-queries.ts';
export {
  C2cProjectionError,
  c2cProjection,
  c2cProjectionName,
  c2cTables,
} from './c2c-projection.ts';
export * from './c2c-queries.ts';
export { type DealStateJson, dealStateFromJson, dealStateToJson } from './c2c-state-json.ts';
