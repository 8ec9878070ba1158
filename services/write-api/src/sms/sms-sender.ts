import { randomUUID } from 'node:crypto';
import type { IdentitySettings } from '@ledger/identity';
import type { IdentityDb } from '@ledger/identity-store';
import { sql } from 'kysely';

/** The SMS port: what is sent, from the caller number of the settings, never knowing how. */
export type Sms = { to: string; text: string };
export type SmsSender = { send(sms: Sms): Promise<void> };

/**
 * The embedded default: SMS are kept in the SMS outbox table (migration 0040) instead of being
 * sent, with the caller number they would be sent from.
 */
export function createOutboxSmsSender(db: IdentityDb, sender: string): SmsSender {
  return {
    async send(sms) {
      await sql`INSERT INTO sms_outbox (sms_id, sender, recipient, body)
        VALUES (${randomUUID()}, ${sender}, ${sms.to}, ${sms.text})`.execute(db);
    },
  };
}

/**
 * The sender the settings choose at send time (`phone.smsProvider`). Only the outbox exists; a
 * provider adapter is one more case here, reading its key with readSettingSecret.
 */
export function smsSenderFor(db: IdentityDb, settings: IdentitySettings): SmsSender {
  switch (settings['phone.smsProvider']) {
    case 'outbox':
      return createOutboxSmsSender(db, settings['phone.callerNumber']);
  }
}
