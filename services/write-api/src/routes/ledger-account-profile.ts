import type { Decision } from '@ledger/decider';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError } from '@ledger/http';
import { identityDb } from '@ledger/identity-store';
import {
  type WalletAccountEvent,
  type WalletAccountStatusNoted,
  type WalletAccountTitled,
  walletAccountStream,
} from '@ledger/ledger-projections';
import type { Context } from 'hono';
import { handleCommand, stepCommandId } from '../command-handling.ts';
import { commandContext } from '../request-context.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * A wallet account's profile: its title and the reasons administrators gave for status changes.
 * Not money, so not the ledger: its own stream (`wallet-account-<seq>`), decided here and
 * appended at the stream's exact revision like any other aggregate.
 */

type ProfileState = { title: string | null; notedCommands: Set<string> };

const profileAggregate = {
  initial: (): ProfileState => ({ title: null, notedCommands: new Set() }),
  evolve: (state: ProfileState, event: WalletAccountEvent): ProfileState =>
    event.type === 'WalletAccountTitled'
      ? { ...state, title: event.data.title }
      : {
          ...state,
          notedCommands: new Set([...state.notedCommands, event.data.ledgerCommandId]),
        },
};

type ProfileDecision = Decision<WalletAccountEvent, never>;

const accepted = (events: WalletAccountEvent[]): ProfileDecision => ({ kind: 'accepted', events });

/** Control characters are refused; the rest is the member's own text (SPEC: account modification). */
export function isTitle(title: string): boolean {
  return title.length >= 1 && title.length <= 50 && !/\p{Cc}/u.test(title);
}

async function appendProfile(
  context: LedgerWriteContext,
  c: Context,
  seq: number,
  memberSeq: number,
  commandId: string,
  decide: (state: ProfileState) => ProfileDecision,
): Promise<GlobalPosition | null> {
  const command = { ...commandContext(c, context.identity, memberSeq), commandId };
  const outcome = await handleCommand(
    { eventStore: context.identity.eventStore, db: identityDb(context.db) },
    walletAccountStream(seq),
    profileAggregate,
    decide,
    command,
  );
  if (outcome.kind === 'rejected') throw new Error('profile decisions never reject');
  return outcome.position;
}

export function titledEvent(
  data: Omit<WalletAccountTitled['data'], 'titledAt'>,
  titledAt: string,
): WalletAccountTitled {
  return { type: 'WalletAccountTitled', data: { ...data, titledAt } };
}

export function statusNotedEvent(
  data: Omit<WalletAccountStatusNoted['data'], 'notedAt'>,
  notedAt: string,
): WalletAccountStatusNoted {
  return { type: 'WalletAccountStatusNoted', data: { ...data, notedAt } };
}

/** The title given at opening; a retry of the opening finds it already there. */
export function recordOpeningTitle(
  context: LedgerWriteContext,
  c: Context,
  data: Omit<WalletAccountTitled['data'], 'titledAt'>,
  commandId: string,
): Promise<GlobalPosition | null> {
  const titledAt = context.identity.now().toISOString();
  const step = stepCommandId(commandId, 'title');
  return appendProfile(context, c, data.accountSeq, data.memberSeq, step, (state) =>
    accepted(state.title === null ? [titledEvent(data, titledAt)] : []),
  );
}

/** A new title; the same title again changes nothing. */
export function changeTitle(
  context: LedgerWriteContext,
  c: Context,
  data: Omit<WalletAccountTitled['data'], 'titledAt'>,
  commandId: string,
): Promise<GlobalPosition | null> {
  if (!isTitle(data.title)) {
    throw new ProblemError({
      status: 422,
      code: 'title_invalid',
    });
  }
  const titledAt = context.identity.now().toISOString();
  return appendProfile(context, c, data.accountSeq, data.memberSeq, commandId, (state) =>
    accepted(state.title === data.title ? [] : [titledEvent(data, titledAt)]),
  );
}

/** The reason for a status change the ledger accepted, recorded once per ledger command. */
export function noteStatusChange(
  context: LedgerWriteContext,
  c: Context,
  memberSeq: number,
  data: Omit<WalletAccountStatusNoted['data'], 'notedAt'>,
): Promise<GlobalPosition | null> {
  const notedAt = context.identity.now().toISOString();
  return appendProfile(
    context,
    c,
    data.accountSeq,
    memberSeq,
    stepCommandId(data.ledgerCommandId, 'note'),
    (state) =>
      accepted(
        state.notedCommands.has(data.ledgerCommandId) ? [] : [statusNotedEvent(data, notedAt)],
      ),
  );
}
