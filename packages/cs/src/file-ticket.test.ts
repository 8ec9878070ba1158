// Proves who may file a ticket of which type: a member always, a guest only where the type allows
// guests, never of an unknown type, with content where the type uses it, and never twice.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, it } from 'vitest';
import type { FileTicket } from './cs-commands.ts';
import { ticketDecider } from './cs-deciders.ts';
import { filed, now } from './testing-fixtures.ts';

const { given } = deciderSpecification(ticketDecider);
const member = { kind: 'member', memberSeq: 7 } as const;
const guest = { kind: 'guest' } as const;
const file = (overrides: Partial<FileTicket> = {}): FileTicket => ({
  type: 'FileTicket',
  ticketId: 't1',
  ticketType: { typeId: 'account', allowGuest: false, useContent: true },
  filer: member,
  hasContent: true,
  now,
  ...overrides,
});

describe('FileTicket', () => {
  it('files a member ticket, open', () => {
    given([])
      .when(file())
      .then([filed(member)]);
  });

  it('files a guest ticket only where the type allows guests', () => {
    given([])
      .when(file({ filer: guest }))
      .thenRejects('CsTicketGuestNotAllowed', { typeId: 'account' });
    const open = { typeId: 'account', allowGuest: true, useContent: true };
    given([])
      .when(file({ filer: guest, ticketType: open }))
      .then([filed(guest)]);
  });

  it('refuses an unknown type, missing content where used, and a second filing', () => {
    given([])
      .when(file({ ticketType: null }))
      .thenRejects('CsTicketTypeNotFound');
    given([])
      .when(file({ hasContent: false }))
      .thenRejects('CsTicketContentRequired', { typeId: 'account' });
    const titleOnly = { typeId: 'account', allowGuest: false, useContent: false };
    given([])
      .when(file({ hasContent: false, ticketType: titleOnly }))
      .then([filed(member)]);
    given([filed()]).when(file()).thenRejects('CsTicketExists');
  });
});
