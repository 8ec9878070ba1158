import type { IdentitySettings } from '@ledger/identity';
import type { Mailer } from './mailer.ts';
import { sendSmtpMail } from './smtp-client.ts';

/**
 * The mailer the settings choose at send time: `mail.provider` = `outbox` keeps mails in the
 * outbox; `smtp` sends through the configured server (host, port, TLS, user from the settings; the
 * password is a secret, never in a settings event: the one written on config/mail, sealed in
 * setting_secrets, else the environment's).
 */
export function createSettingsMailer(options: {
  outbox: Mailer;
  settings: () => Promise<IdentitySettings>;
  smtpPassword: () => Promise<string | undefined>;
}): Mailer {
  return {
    async send(mail) {
      const settings = await options.settings();
      if (settings['mail.provider'] === 'outbox') return options.outbox.send(mail);
      await sendSmtpMail(
        {
          host: settings['mail.smtpHost'],
          port: settings['mail.smtpPort'],
          secure: settings['mail.smtpSecure'],
          user: settings['mail.smtpUser'],
          password: (await options.smtpPassword()) ?? '',
          heloName: settings['mail.domain'],
        },
        {
          from: settings['mail.defaultSender'],
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        },
      );
    },
  };
}
