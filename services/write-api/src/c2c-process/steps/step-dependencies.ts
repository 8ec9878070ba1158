import { type C2cLedgerCommand, c2cActor, ledgerCommandInputOf } from '@ledger/c2c';
import type { EventStore, GlobalPosition } from '@ledger/event-store';
import { ProblemError } from '@ledger/http';
import type { LedgerRejection } from '@ledger/ledger';
import type { LedgerWriterClient } from '@ledger/ledger-client';

/** What the C2C application's steps act on: the event store (the deal), the ledger, the clock. */
export type C2cStepDependencies = {
  eventStore: EventStore;
  ledger: LedgerWriterClient;
  /** ISO time for the records. */
  now: () => string;
};

export type C2cLedgerOutcome =
  | { kind: 'accepted'; position: GlobalPosition | undefined }
  | { kind: 'rejected'; rejection: LedgerRejection; position: GlobalPosition | undefined };

/**
 * Submits ONE ledger command of a money step under its derived id; the ledger answers a repeated
 * id with its first outcome. Unavailable or indeterminate: the step stays to be taken (503).
 */
export async function submitC2cLedgerCommand(
  ledger: LedgerWriterClient,
  commandId: string,
  command: C2cLedgerCommand,
  applicationId: string,
): Promise<C2cLedgerOutcome> {
  const result = await ledger.submit({
    commandId,
    actor: c2cActor,
    command: ledgerCommandInputOf(command),
    correlationId: applicationId,
  });
  if (result.kind !== 'answered')
    throw new ProblemError({ status: 503, code: 'ledger_unavailable' });
  const { position } = result;
  return result.answer.kind === 'accepted'
    ? { kind: 'accepted', position }
    : { kind: 'rejected', rejection: result.answer.rejection, position };
}
