/**
 * @ledger/cs-store: customer service's Postgres side: the `cs` projection (ticket types, tickets,
 * FAQ types, FAQ entries; tables made in the projection's setup), the tickets' words kept apart
 * as personal data (`cs_ticket_personal_data`) and erased with the member, and the queries.
 */

export * from './cs-personal-data.ts';
export { CsProjectionError, csProjection, csProjectionName, csTables } from './cs-projection.ts';
export * from './cs-queries.ts';
