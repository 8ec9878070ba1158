import { randomUUID } from 'node:crypto';
import {
  type ClientAddressSource,
  clientAddressResolver,
  createAccessTokenIssuer,
  createAccessTokenVerifier,
  deriveIdentitySecrets,
  importSigningKey,
} from '@ledger/auth';
import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { identityDb } from '@ledger/identity-store';
import type { IdentityWriteDependencies } from './identity-dependencies.ts';
import { limits } from './limits.ts';
import { createOutboxMailer } from './mail/outbox-mailer.ts';
import { createSettingsMailer } from './mail/settings-mailer.ts';
import { readSettingSecret } from './setting-secrets.ts';
import { loadSettings } from './settings-source.ts';

export type IdentityKeyConfiguration = {
  /** Ed25519 private key, PKCS#8 DER, base64url. */
  tokenSigningKey: string;
  /** 32 random bytes, base64url. */
  identitySecret: string;
  smtpPassword?: string | undefined;
  /** Proxies whose proxy header is believed (the web dev server, a load balancer). */
  trustedProxies?: readonly string[];
  /** The header those proxies append the client's address to (default X-Forwarded-For). */
  trustedProxyHeader?: string | undefined;
};

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The client address from the socket (served by @hono/node-server, or a direct route: both hold
 * the Node request in `env.incoming`, read as `getConnInfo` reads it); undefined otherwise.
 */
export function socketPeerAddress(c: ClientAddressSource): string | undefined {
  try {
    const env = c.env as (NodeBindings & { server?: NodeBindings }) | undefined;
    return (env?.server ?? env)?.incoming?.socket?.remoteAddress;
  } catch {
    return undefined;
  }
}

/** Identity's write-side dependencies from key material and infrastructure (main.ts, platform). */
export function createIdentityWriteDependencies(input: {
  db: Db;
  eventStore: EventStore;
  keys: IdentityKeyConfiguration;
}): IdentityWriteDependencies {
  const { privateKey, publicKey } = importSigningKey(input.keys.tokenSigningKey);
  if (privateKey === undefined) throw new Error('the signing key has no private part');
  const secrets = deriveIdentitySecrets(input.keys.identitySecret);
  const db = identityDb(input.db);
  return {
    eventStore: input.eventStore,
    now: () => new Date(),
    newId: randomUUID,
    tokens: {
      issuer: createAccessTokenIssuer(privateKey, publicKey),
      verifier: createAccessTokenVerifier(publicKey, {
        cacheSizeMax: limits.accessTokenCacheSizeMax,
      }),
    },
    secrets,
    mailer: createSettingsMailer({
      outbox: createOutboxMailer(db),
      settings: () => loadSettings(input.eventStore),
      smtpPassword: async () =>
        (await readSettingSecret(db, secrets.settingSecretKey, 'mail.smtpPassword')) ??
        input.keys.smtpPassword,
    }),
    clientAddress: clientAddressResolver({
      peerAddress: socketPeerAddress,
      trustedProxies: input.keys.trustedProxies ?? [],
      header: input.keys.trustedProxyHeader,
    }),
  };
}
