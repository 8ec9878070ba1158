import {
  SettingKeyParameterSchema,
  SettingSecretRequestSchema,
  TestMailRequestSchema,
  TestSmsRequestSchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { changeSecretSetting, isSecretSettingKey, settingsStream } from '@ledger/identity';
import { Hono } from 'hono';
import { handleCommand } from '../command-handling.ts';
import { testMail, testSms } from '../mail/mail-messages.ts';
import type { MemberWriteContext } from '../member-command-runner.ts';
import { settingsProblem } from '../rejection-problems.ts';
import { commandContext } from '../request-context.ts';
import { storeSettingSecret } from '../setting-secrets.ts';
import { loadSettings, settingsAggregate } from '../settings-source.ts';
import { smsSenderFor } from '../sms/sms-sender.ts';

/**
 * What the config/mail and config/phone screens write besides plain settings (the chief
 * administrator only): a secret setting, written or cleared (sealed outside the event log; the
 * settings stream records only that it is set; the answer says only that), and the test sends,
 * through the mailer and the SMS port exactly as any mail or SMS goes.
 */
export function adminConfigRoutes(context: MemberWriteContext) {
  const { identity, db } = context;
  return new Hono()
    .put(
      '/admin/setting-secret/:key',
      validate('param', SettingKeyParameterSchema),
      validate('json', SettingSecretRequestSchema),
      async (c) => {
        const { key } = c.req.valid('param');
        const { value } = c.req.valid('json');
        if (!isSecretSettingKey(key)) {
          throw new ProblemError({ status: 404, code: 'setting_unknown' });
        }
        const command = commandContext(c, identity, null);
        await storeSettingSecret(db, identity.secrets.settingSecretKey, key, value, command.now);
        const now = command.now.toISOString();
        const outcome = await handleCommand(
          { eventStore: identity.eventStore, db },
          settingsStream,
          settingsAggregate,
          (state) =>
            changeSecretSetting(
              { type: 'ChangeSecretSetting', key, isSet: value !== null, now },
              state,
            ),
          command,
        );
        if (outcome.kind === 'rejected') throw settingsProblem(outcome.rejection);
        return c.json({ data: { key, is_set: value !== null }, position: outcome.position });
      },
    )
    .post('/admin/config/mail/test-send', validate('json', TestMailRequestSchema), async (c) => {
      const { to } = c.req.valid('json');
      await identity.mailer.send(testMail({ to, at: identity.now() }));
      return c.json({ data: { to } });
    })
    .post('/admin/config/phone/test-send', validate('json', TestSmsRequestSchema), async (c) => {
      const { to } = c.req.valid('json');
      const settings = await loadSettings(identity.eventStore);
      await smsSenderFor(db, settings).send(testSms({ to, at: identity.now() }));
      return c.json({ data: { to } });
    });
}
