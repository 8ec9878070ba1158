import { principalOf } from '@ledger/auth';
import {
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  EmailVerificationConfirmRequestSchema,
  EmptyRequestSchema,
  RegisterMemberRequestSchema,
  WithdrawalRequestSchema,
} from '@ledger/contracts';
import { validate } from '@ledger/http';
import { type Context, Hono } from 'hono';
import type { MemberWriteContext } from '../member-command-runner.ts';
import {
  changePassword,
  confirmEmailVerification,
  requestEmailChange,
  requestEmailVerification,
  type Self,
  withdraw,
} from '../member-self-service.ts';
import { registerMember } from '../registration.ts';
import { commandContext } from '../request-context.ts';
import { clearRefreshCookie } from '../session-service.ts';

/** POST /member (register) and the caller's own account: /member/me/... (my page). */
export function memberRoutes(context: MemberWriteContext) {
  const { identity } = context;
  const self = (c: Context): Self => {
    const memberSeq = principalOf(c).memberSeq;
    return { memberSeq, command: commandContext(c, identity, memberSeq) };
  };
  return new Hono()
    .post('/member', validate('json', RegisterMemberRequestSchema), async (c) => {
      const request = c.req.valid('json');
      const outcome = await registerMember(context, request, commandContext(c, identity, null));
      const data = { seq: outcome.memberSeq, email_verification_sent: outcome.mailSent };
      return c.json({ data, position: outcome.position }, 201);
    })
    .post('/member/me/email-verification', validate('json', EmptyRequestSchema), async (c) => {
      const { position } = await requestEmailVerification(context, self(c));
      return c.json({ data: { sent: true }, position }, 202);
    })
    .post(
      '/member/me/email-verification/confirm',
      validate('json', EmailVerificationConfirmRequestSchema),
      async (c) => {
        const { position } = await confirmEmailVerification(
          context,
          self(c),
          c.req.valid('json').code,
        );
        return c.json({ data: { verified: true }, position });
      },
    )
    .put('/member/me/password', validate('json', ChangePasswordRequestSchema), async (c) => {
      const { position } = await changePassword(context, self(c), c.req.valid('json'));
      clearRefreshCookie(c);
      return c.json({ data: { sessions_ended: true }, position });
    })
    .put('/member/me/email', validate('json', ChangeEmailRequestSchema), async (c) => {
      const { position } = await requestEmailChange(context, self(c), c.req.valid('json'));
      return c.json({ data: { sent: true }, position }, 202);
    })
    .post('/member/me/withdrawal', validate('json', WithdrawalRequestSchema), async (c) => {
      const { position } = await withdraw(context, self(c), c.req.valid('json'));
      clearRefreshCookie(c);
      return c.json({ data: { withdrawn: true }, position });
    });
}
