import { principalOf } from '@ledger/auth';
import {
  EmptyRequestSchema,
  OtpActivateRequestSchema,
  OtpDeactivateRequestSchema,
  OtpIdParameterSchema,
} from '@ledger/contracts';
import { validate } from '@ledger/http';
import { type Context, Hono } from 'hono';
import type { MemberWriteContext } from '../member-command-runner.ts';
import type { Self } from '../member-self-service.ts';
import { activateOtp, deactivateOtp, registerOtp } from '../otp-management.ts';
import { commandContext } from '../request-context.ts';
import { clearRefreshCookie } from '../session-service.ts';

/**
 * OTP management (SPEC §4: registered, activated, deactivated). The seed is shown once, at
 * registration, and stored encrypted in its own table, never in an event. Activating or
 * deactivating an OTP ends every session of the member (ASVS 7.4.3).
 */
export function otpRoutes(context: MemberWriteContext) {
  const self = (c: Context): Self => {
    const memberSeq = principalOf(c).memberSeq;
    return { memberSeq, command: commandContext(c, context.identity, memberSeq) };
  };
  return new Hono()
    .post('/otp', validate('json', EmptyRequestSchema), async (c) => {
      const { otpId, seed, uri, position } = await registerOtp(context, self(c));
      return c.json({ data: { otp_id: otpId, secret: seed, otpauth_uri: uri }, position }, 201);
    })
    .post(
      '/otp/:otpId/activate',
      validate('param', OtpIdParameterSchema),
      validate('json', OtpActivateRequestSchema),
      async (c) => {
        const { otpId } = c.req.valid('param');
        const { otp_token } = c.req.valid('json');
        const { position } = await activateOtp(context, self(c), otpId, otp_token);
        clearRefreshCookie(c);
        const data = { otp_id: otpId, status: 'active', sessions_ended: true };
        return c.json({ data, position });
      },
    )
    .post(
      '/otp/:otpId/deactivate',
      validate('param', OtpIdParameterSchema),
      validate('json', OtpDeactivateRequestSchema),
      async (c) => {
        const { otpId } = c.req.valid('param');
        const { otp_token } = c.req.valid('json');
        const { position, wasActive } = await deactivateOtp(context, self(c), otpId, otp_token);
        if (wasActive) clearRefreshCookie(c);
        const data = { otp_id: otpId, status: 'deactivated', sessions_ended: wasActive };
        return c.json({ data, position });
      },
    );
}
