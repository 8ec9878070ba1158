// Proves the cs projection and queries on a real database: ticket types, tickets, FAQ types and FAQ entries decided by the domain's deciders land in their rows; tickets list newest first with their total by member, state, type and filing time, with their words joined from the personal-data table; a guest's ticket is found only with its own lookup code; FAQ entries list by locale, type, published and a search; and a member's withdrawal blanks the words of its tickets without rewriting an event.
import { randomUUID } from 'node:crypto';
import {
  type CsEvent,
  faqDecider,
  faqStream,
  faqTypeDecider,
  faqTypeStream,
  ticketDecider,
  ticketStream,
  ticketTypeDecider,
  ticketTypeStream,
} from '@ledger/cs';
import type { Db } from '@ledger/db';
import type { EventStore, RecordedEvent } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { projectBatch, registerProjection } from '@ledger/projection-runner';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { guestTicketId, insertTicketWords, writeTicketAnswer } from './cs-personal-data.ts';
import { csProjection } from './cs-projection.ts';
import { findTicket, listFaqs, listFaqTypes, listTickets, listTicketTypes } from './cs-queries.ts';

const database = useTestDatabase();
let db: Db;
let store: EventStore;
const t0 = '2026-12-01T00:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(t0) + minutes * 60_000).toISOString();
const page = { limit: 20, offset: 0 };

type AnyDecider = {
  initialState(): unknown;
  evolve(state: unknown, event: never): unknown;
  decide(command: never, state: unknown): { kind: string; events?: CsEvent[] };
};
const histories = new Map<string, CsEvent[]>();

/** Decides on the stream's events so far and appends what is decided. */
async function decide(decider: AnyDecider, stream: string, command: unknown): Promise<void> {
  const history = histories.get(stream) ?? [];
  histories.set(stream, history);
  const state = history.reduce(
    (folded, event) => decider.evolve(folded, event as never),
    decider.initialState(),
  );
  const decision = decider.decide(command as never, state);
  if (decision.kind !== 'accepted' || decision.events === undefined)
    throw new Error(`refused: ${JSON.stringify(decision)}`);
  history.push(...decision.events);
  if (decision.events.length > 0) await append(stream, decision.events);
}

async function append(stream: string, events: readonly { type: string; data: unknown }[]) {
  await store.append(
    stream,
    events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data as Record<string, unknown>,
      metadata: { commandId: randomUUID(), actor: 'system:cs' },
    })),
    { expected: { kind: 'any' } },
  );
}

async function project(): Promise<void> {
  for (;;) {
    const outcome = await projectBatch({
      db: db as never,
      eventStore: store,
      projection: csProjection,
      maxCount: 5,
    });
    if (outcome.kind !== 'advanced') return;
  }
}

async function eventsOf(stream: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of store.readStream(stream)) events.push(event);
  return events;
}

const typeTerms = (typeId: string, listOrder: number, allowGuest: boolean) => ({
  typeId,
  title: `Type ${typeId}`,
  listOrder,
  useContent: true,
  allowGuest,
  notifyMember: true,
  notifyManager: false,
});

async function file(ticketId: string, typeId: string, memberSeq: number | null, now: string) {
  await insertTicketWords(db, {
    ticketId,
    memberSeq,
    guest:
      memberSeq === null
        ? { mail: `${ticketId}@example.com`, lookupCode: `code-${ticketId}` }
        : null,
    title: `About ${ticketId}, from Kim Minsu`,
    content: 'My name is Kim Minsu.',
  });
  const allowGuest = typeId === 'deposit';
  await decide(ticketDecider, ticketStream(ticketId), {
    type: 'FileTicket',
    ticketId,
    ticketType: { typeId, allowGuest, useContent: true },
    filer: memberSeq === null ? { kind: 'guest' } : { kind: 'member', memberSeq },
    hasContent: true,
    now,
  });
}

beforeAll(async () => {
  db = database().db;
  store = createPostgresEventStore({ url: database().url, poolSizeMax: 2 });
  await registerProjection(db as never, csProjection as never);
  for (const [typeId, order, guest] of [
    ['account', 2, false],
    ['deposit', 1, true],
  ] as const) {
    await decide(ticketTypeDecider, ticketTypeStream(typeId), {
      type: 'DefineTicketType',
      terms: typeTerms(typeId, order, guest),
      now: t0,
    });
  }
  await file('k1', 'account', 7, at(1));
  await file('k2', 'deposit', 7, at(2));
  await file('k3', 'deposit', 9, at(3));
  await file('g1', 'deposit', null, at(4));
  await writeTicketAnswer(db, 'k1', 'We fixed it, Kim Minsu.');
  await decide(ticketDecider, ticketStream('k1'), {
    type: 'AnswerTicket',
    adminSeq: 1,
    now: at(5),
  });
  await decide(ticketDecider, ticketStream('k1'), {
    type: 'CompleteTicket',
    adminSeq: 1,
    now: at(6),
  });
  await decide(ticketDecider, ticketStream('k3'), { type: 'CloseTicket', adminSeq: 1, now: at(7) });
  await decide(faqTypeDecider, faqTypeStream('general'), {
    type: 'DefineFaqType',
    terms: { faqTypeId: 'general', title: 'General', listOrder: 1 },
    now: t0,
  });
  const faqs = [
    ['f1', 'en-US', 'How do I log in?', 2],
    ['f2', 'en-US', 'What is 100% safe?', 1],
    ['f3', 'ko-KR', '로그인은 어떻게 하나요?', 1],
  ] as const;
  for (const [faqId, locale, question, listOrder] of faqs) {
    await decide(faqDecider, faqStream(faqId), {
      type: 'WriteFaq',
      faqId,
      faqTypeId: 'general',
      faqTypeKnown: true,
      locale,
      question,
      answer: 'See the guide.',
      listOrder,
      now: t0,
    });
  }
  await decide(faqDecider, faqStream('f1'), { type: 'PublishFaq', published: true, now: at(1) });
  await project();
});

afterAll(async () => {
  await store.close();
});

describe('cs projection', () => {
  test('ticket types list in their order with their terms', async () => {
    const types = await listTicketTypes(db);
    expect(types.map((row) => [row.type_id, row.allow_guest])).toEqual([
      ['deposit', true],
      ['account', false],
    ]);
  });

  test('tickets list by member, state, type and filing time, newest first, with words', async () => {
    const mine = await listTickets(db, { ...page, memberSeq: 7 });
    expect(mine.total).toBe(2);
    expect(mine.rows.map((row) => [row.ticket_id, row.status])).toEqual([
      ['k2', 'open'],
      ['k1', 'completed'],
    ]);
    expect(mine.rows[1]?.title).toBe('About k1, from Kim Minsu');
    expect((await listTickets(db, { ...page, status: 'closed' })).rows[0]?.ticket_id).toBe('k3');
    const deposits = await listTickets(db, { ...page, typeId: 'deposit', limit: 1 });
    expect([deposits.total, deposits.rows.map((row) => row.ticket_id)]).toEqual([3, ['g1']]);
    const window = await listTickets(db, {
      ...page,
      filedFrom: new Date(at(2)),
      filedBefore: new Date(at(4)),
    });
    expect(window.rows.map((row) => row.ticket_id)).toEqual(['k3', 'k2']);
    const detail = await findTicket(db, 'k1');
    expect(detail).toMatchObject({
      status: 'completed',
      content: 'My name is Kim Minsu.',
      answer: 'We fixed it, Kim Minsu.',
      answered_at: at(5),
      finished_at: at(6),
    });
  });

  test('a guest ticket is found only with its own lookup code', async () => {
    expect(await guestTicketId(db, 'g1', 'code-g1')).toBe('g1');
    expect(await guestTicketId(db, 'g1', 'code-k1')).toBeUndefined();
    expect(await guestTicketId(db, 'k1', 'code-k1')).toBeUndefined();
    expect((await findTicket(db, 'g1'))?.guest_mail).toBe('g1@example.com');
  });

  test('FAQ entries list by locale, published and a search, in order', async () => {
    expect((await listFaqTypes(db)).map((row) => row.faq_type_id)).toEqual(['general']);
    const english = await listFaqs(db, { ...page, locale: 'en-US' });
    expect(english.rows.map((row) => row.faq_id)).toEqual(['f2', 'f1']);
    const shown = await listFaqs(db, { ...page, locale: 'en-US', published: true });
    expect(shown.rows.map((row) => row.faq_id)).toEqual(['f1']);
    expect((await listFaqs(db, { ...page, search: '100%' })).rows.map((r) => r.faq_id)).toEqual([
      'f2',
    ]);
    expect((await listFaqs(db, { ...page, search: '0%s' })).total).toBe(0);
    expect((await listFaqs(db, { ...page, search: '로그인' })).rows[0]?.faq_id).toBe('f3');
  });

  test("a member's withdrawal blanks its tickets' words without rewriting an event", async () => {
    const before = await eventsOf(ticketStream('k1'));
    await append('member-7', [
      { type: 'MemberWithdrawn', data: { memberSeq: 7, withdrawnAt: at(10) } },
    ]);
    await project();
    const erased = await findTicket(db, 'k1');
    expect(erased).toMatchObject({ title: null, content: null, answer: null, status: 'completed' });
    expect(erased?.erased_at).not.toBeNull();
    expect((await findTicket(db, 'k3'))?.content).toBe('My name is Kim Minsu.');
    const after = await eventsOf(ticketStream('k1'));
    expect(after.map((event) => [event.id, event.data])).toEqual(
      before.map((event) => [event.id, event.data]),
    );
    expect(JSON.stringify(after.map((event) => event.data))).not.toContain('Kim Minsu');
  });
});
