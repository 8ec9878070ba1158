/**
 * The bounds of a ledger submission's fields and of the client's end of the local transport; the
 * writer's limits (@ledger/ledger-writer-core, limits.ts) name them too.
 */

/**
 * The same bound at the write API's end of the transport, over the whole round trip (its socket,
 * the writer's event loop and queue, the decided batch, the append): while the oldest request in
 * flight has waited longer, new ones are refused unsent as Unavailable('overloaded'). Past the
 * peak the backlog builds in the sockets and event loops more than in the writer's queue (the
 * writer takes up to a whole batch per turn), so this is the bound that acts there.
 */
export const transportPendingAgeMaxMs = 2_000;
/** Characters of a command id (an Idempotency-Key, or a derived id such as `expire-hold:<id>`). */
export const commandIdLengthMax = 200;
/** Characters of an actor (`member:<seq>`, `admin:<seq>`, `system:<name>`). */
export const actorLengthMax = 100;
/** Characters of a caller-supplied body hash, correlation, causation or request id. */
export const metadataFieldLengthMax = 200;
/** One line of the local transport, at most (a command of 128 legs fits many times over). */
export const transportLineBytesMax = 1_024 * 1_024;
/** How long a transport client waits for an answer before it reports Unavailable('indeterminate'). */
export const transportTimeoutMs = 10_000;
/** What a 503 tells the client to wait before retrying with the same key. */
export const retryAfterMs = 1_000;
