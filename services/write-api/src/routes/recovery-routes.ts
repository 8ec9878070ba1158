import { FindAccountRequestSchema, ResetPasswordRequestSchema } from '@ledger/contracts';
import { validate } from '@ledger/http';
import { Hono } from 'hono';
import { requestPasswordReset, resetPassword } from '../account-recovery.ts';
import type { MemberWriteContext } from '../member-command-runner.ts';
import { commandContext } from '../request-context.ts';

/**
 * Account recovery (/find, SPEC §2): a reset code is mailed to the member's address; the answer is
 * the same whether or not the identifier exists (no account enumeration).
 */
export function recoveryRoutes(context: MemberWriteContext) {
  return new Hono()
    .post('/member/find', validate('json', FindAccountRequestSchema), async (c) => {
      const command = commandContext(c, context.identity, null);
      await requestPasswordReset(context, c.req.valid('json').user_id, command);
      return c.json({ data: { accepted: true }, position: null }, 202);
    })
    .post('/member/find/reset', validate('json', ResetPasswordRequestSchema), async (c) => {
      const command = commandContext(c, context.identity, null);
      const { position } = await resetPassword(context, c.req.valid('json'), command);
      return c.json({ data: { reset: true }, position });
    });
}
