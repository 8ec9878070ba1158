import { randomUUID } from 'node:crypto';
import { optionalPrincipalOf } from '@ledger/auth';
import type { Context } from 'hono';
import type { CommandContext } from './command-handling.ts';
import type { IdentityWriteDependencies } from './identity-dependencies.ts';

/**
 * The command context of a request: a fresh command id, the request id, the actor (the caller's
 * member seq, `admin:` on administrator routes, or `system:visitor` before login) and the client
 * address and user agent for the request-metadata table.
 */
export function commandContext(
  c: Context,
  identity: IdentityWriteDependencies,
  subjectMemberSeq: number | null,
  options: { actor?: string } = {},
): CommandContext {
  const principal = optionalPrincipalOf(c);
  const isAdminRoute = c.req.path.startsWith('/api/v1/admin/');
  const actor =
    options.actor ??
    (principal === undefined
      ? 'system:visitor'
      : `${isAdminRoute ? 'admin' : 'member'}:${principal.memberSeq}`);
  const requestId: unknown = c.get('requestId');
  // Set from the Idempotency-Key by the http-idempotency middleware, so a re-run reuses event ids.
  const commandId: unknown = c.get('commandId');
  return {
    commandId: typeof commandId === 'string' ? commandId : randomUUID(),
    requestId: typeof requestId === 'string' ? requestId : randomUUID(),
    actor,
    clientAddress: identity.clientAddress(c),
    userAgent: c.req.header('user-agent') ?? null,
    subjectMemberSeq,
    now: identity.now(),
  };
}
