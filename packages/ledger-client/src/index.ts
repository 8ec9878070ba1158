/**
 * @ledger/ledger-client: how a caller reaches the one ledger writer (DESIGN.md §3,
 * docs/adr/0010-ledger-writer.md). A service submits money commands through a `LedgerWriterClient`
 * (in process, or over the local transport) and maps each `SubmitResult` to HTTP: answered → 201
 * (or the rejection's 4xx), IdempotencyKeyReused → 409, Unavailable → 503 with Retry-After,
 * WriterFault → 500. Here too: the wire format both ends of the transport speak, the command's
 * identity (its key, its body hash, the ids of its events) and the bounds of a submission.
 */
export {
  commandKey,
  eventIdsOf,
  firstEventIdOf,
  hashBodyText,
  hashCommandBody,
  sortedJson,
} from './command-identity.ts';
export { createInProcessClient } from './in-process-client.ts';
export {
  createSocketClient,
  type SocketAddress,
  type SocketClientOptions,
} from './socket-client.ts';
export type {
  AnsweredEvent,
  LedgerAnswer,
  LedgerCommandInput,
  LedgerSubmission,
  LedgerWriterClient,
  PlaceHoldInput,
  SubmitResult,
  UnavailableReason,
} from './submission.ts';
export { unavailable } from './unavailable.ts';
export {
  CoalescedWriter,
  isWireRequest,
  LineReader,
  parseRequest,
  requestSchema,
  type WireRequest,
  type WireResponse,
} from './wire.ts';
