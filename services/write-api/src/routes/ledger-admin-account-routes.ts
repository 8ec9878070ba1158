import { AccountSeqParameterSchema, ChangeAccountStatusRequestSchema } from '@ledger/contracts';
import { validate } from '@ledger/http';
import type { AccountStatusChanged } from '@ledger/ledger';
import { Hono } from 'hono';
import { refuseUnstorable } from '../command-handling.ts';
import { noteStatusChange, statusNotedEvent } from './ledger-account-profile.ts';
import {
  accountNotFound,
  actorOf,
  clientBodyHash,
  idempotencyKeyOf,
  ledgerResponse,
  submitToLedger,
} from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * An administrator switches a wallet account between normal and fraud (SPEC §4, through a
 * confirmation): the ledger decides the status (a fraud account takes no new debit or hold), the
 * reason the administrator confirmed with goes to the account's profile stream and the
 * administrators' activity log.
 */
export function ledgerAdminAccountRoutes(context: LedgerWriteContext) {
  return new Hono().put(
    '/admin/account/:seq/status',
    validate('param', AccountSeqParameterSchema),
    validate('json', ChangeAccountStatusRequestSchema),
    async (c) => {
      // Not money, but retried safely all the same: the key (or a fresh id) is the command id.
      const key = idempotencyKeyOf(c, { required: false });
      const body = c.req.valid('json');
      const account = await context.directory.bySeq(c.req.valid('param').seq);
      if (account === undefined) throw accountNotFound();
      // Two streams (the ledger's status, then the note): the note is checked before the first.
      const note = {
        accountSeq: account.seq,
        account: account.account,
        reason: body.reason,
        ledgerCommandId: key,
      };
      refuseUnstorable([
        statusNotedEvent(
          { ...note, status: body.status, statusPrevious: body.status },
          context.identity.now().toISOString(),
        ),
      ]);
      const accepted = await submitToLedger(context, c, {
        commandId: key,
        actor: actorOf(c),
        command: {
          type: 'ChangeAccountStatus',
          data: { account: account.account, status: body.status },
        },
        bodyHash: clientBodyHash(c, body),
      });
      const changed = accepted.answer.events[0]?.data as AccountStatusChanged['data'];
      const notePosition = await noteStatusChange(context, c, account.memberSeq, {
        ...note,
        status: changed.status,
        statusPrevious: changed.statusPrevious,
      });
      const data = {
        seq: account.seq,
        status: changed.status,
        status_previous: changed.statusPrevious,
      };
      return ledgerResponse(c, 200, data, {
        position: notePosition ?? accepted.position,
        replayed: accepted.replayed,
      });
    },
  );
}
