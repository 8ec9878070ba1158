import { randomUUID } from 'node:crypto';
import {
  type ApplicationCommand,
  applicationDecider,
  applicationStream,
  chargedTextOf,
  type DealCommand,
  type DealTerms,
  dealDecider,
  dealStream,
  type MarketCommand,
  marketDecider,
  marketStream,
} from '@ledger/c2c';
import { c2cProjection, c2cProjectionName } from '@ledger/c2c-store';
import type { Db } from '@ledger/db';
import type { Decider } from '@ledger/decider';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore, encodePosition } from '@ledger/event-store/postgres';
import { readStreamState } from '@ledger/process-kit';
import { startProjector } from '@ledger/projector';
import { silentLogger } from '@ledger/runtime';
import { committedHead } from '@ledger/testing';
import type { Kysely } from 'kysely';
import type { LedgerTestKit } from './ledger-test-kit.ts';

/**
 * Integration-test helpers for C2C over HTTP (not shipped): the `c2c` projection beside the
 * ledger kit's projector, and C2C commands decided by the domain's own deciders and appended to
 * their streams (the seed a test reads back through the query API).
 */
export type C2cTestKit = Awaited<ReturnType<typeof startC2cTestKit>>;

export const c2cDeadlines = {
  acceptSeconds: 600,
  depositSeconds: 900,
  paymentSeconds: 1800,
  releaseSeconds: 3600,
};

/** Decides `command` on the stream's state and appends what it decides; answers the position. */
export async function appendDecided<C, E extends { type: string; data: unknown }, S, R>(
  store: EventStore,
  decider: Decider<C, E, S, R>,
  stream: string,
  command: C,
): Promise<string | null> {
  const fold = { initialState: decider.initialState, evolve: decider.evolve };
  const { state, expected } = await readStreamState(store, stream, fold);
  const decision = decider.decide(command, state);
  if (decision.kind !== 'accepted') throw new Error(`refused: ${JSON.stringify(decision)}`);
  if (decision.events.length === 0) return null;
  const appended = await store.append(
    stream,
    decision.events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data as Record<string, unknown>,
      metadata: { commandId: randomUUID(), actor: 'system:test' },
    })),
    { expected },
  );
  return appended.position;
}

export function startC2cTestKit(kit: LedgerTestKit, database: { url: string; db: Db }) {
  const store = createPostgresEventStore({ url: database.url, poolSizeMax: 2 });
  const stopping = new AbortController();
  const projector = startProjector({
    db: database.db as unknown as Kysely<unknown>,
    eventStore: store,
    projections: [c2cProjection],
    logger: silentLogger,
    signal: stopping.signal,
  });

  const run = <C, E extends { type: string; data: unknown }, S, R>(
    decider: Decider<C, E, S, R>,
    stream: string,
    command: C,
  ) => appendDecided(store, decider, stream, command);

  const market = (marketSeq: number, command: MarketCommand) =>
    run(marketDecider, marketStream(marketSeq), command);
  const deal = (dealId: string, command: DealCommand) =>
    run(dealDecider, dealStream(dealId), command);
  const application = (applicationId: string, command: ApplicationCommand) =>
    run(applicationDecider, applicationStream(applicationId), command);

  async function dealTerms(dealId: string): Promise<DealTerms> {
    const fold = { initialState: dealDecider.initialState, evolve: dealDecider.evolve };
    const { state } = await readStreamState(store, dealStream(dealId), fold);
    if (state.status === 'none') throw new Error(`no deal ${dealId}`);
    return state.terms;
  }

  /** Files an application and has the deal reserve its part, as the process's first step does. */
  async function fileAndReserve(input: {
    applicationId: string;
    dealId: string;
    applicantMemberSeq: number;
    amount: string;
    price: string;
    now: string;
  }): Promise<void> {
    const terms = await dealTerms(input.dealId);
    const fold = { initialState: dealDecider.initialState, evolve: dealDecider.evolve };
    const { state } = await readStreamState(store, dealStream(input.dealId), fold);
    await application(input.applicationId, {
      type: 'FileApplication',
      applicationId: input.applicationId,
      deal: terms,
      applicantMemberSeq: input.applicantMemberSeq,
      amount: input.amount,
      price: input.price,
      applicantSourceAccount: `member:${input.applicantMemberSeq}:source`,
      applicantTargetAccount: `member:${input.applicantMemberSeq}:target`,
      deadlines: c2cDeadlines,
      dealCharged: chargedTextOf(state),
      now: input.now,
    });
    await deal(input.dealId, {
      type: 'ReserveDealAmount',
      applicationId: input.applicationId,
      applicantMemberSeq: input.applicantMemberSeq,
      amount: input.amount,
      escrowAmount: terms.escrow === null ? '0.00000000' : input.amount,
      price: input.price,
      now: input.now,
    });
    await application(input.applicationId, {
      type: 'RecordReservation',
      outcome: { kind: 'reserved' },
      now: input.now,
    });
  }

  async function projected(): Promise<void> {
    const head = await committedHead(database.db, encodePosition);
    if (head === undefined) return;
    if (!(await kit.awaiter.waitForPosition([c2cProjectionName], head, 20_000))) {
      throw new Error('the c2c projection did not catch up');
    }
  }

  return {
    market,
    deal,
    application,
    fileAndReserve,
    projected,
    async close() {
      stopping.abort();
      await projector.done;
      await store.close();
    },
  };
}
