import { randomUUID } from 'node:crypto';
import {
  createAccessTokenIssuer,
  createAccessTokenVerifier,
  deriveIdentitySecrets,
  generateKeyMaterial,
  importSigningKey,
  refreshCookieName,
} from '@ledger/auth';
import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { identityDb, listOutboxMails } from '@ledger/identity-store';
import { silentLogger } from '@ledger/runtime';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { createApp } from '../app.ts';
import type { IdentityWriteDependencies } from '../identity-dependencies.ts';
import { createOutboxMailer } from '../mail/outbox-mailer.ts';
import { changeSettingAsSystem, grantChiefAdministrator } from '../system-commands.ts';

/** The header tests use to choose the client address a request comes from. */
export const testClientAddressHeader = 'x-test-client-address';

export type TestMember = { seq: number; userId: string; password: string; email: string };

export type IdentityWriteTestKit = Awaited<ReturnType<typeof createIdentityWriteTestKit>>;

/**
 * The write API over a real PostgreSQL test database, with real keys, the outbox mailer, a clock
 * the test can move, and the client address taken from a test header. Helpers drive it over HTTP
 * (app.request) exactly as a client would.
 */
export async function createIdentityWriteTestKit(
  database: { url: string; db: Db },
  options: {
    /** Wraps the write API's event store (a test's fault hook); the kit still closes the real one. */
    wrapEventStore?: (store: EventStore) => EventStore;
  } = {},
) {
  const keys = generateKeyMaterial();
  const { privateKey, publicKey } = importSigningKey(keys.signingKey);
  if (privateKey === undefined) throw new Error('no private key');
  const realEventStore = createPostgresEventStore({ url: database.url, poolSizeMax: 4 });
  const eventStore: EventStore = options.wrapEventStore?.(realEventStore) ?? realEventStore;
  // A fixed clock the test moves; it starts 1 s into a 30 s TOTP step, so codes are predictable.
  const clock = { nowMs: Math.floor(Date.now() / 30_000) * 30_000 + 1_000 };
  const identity: IdentityWriteDependencies = {
    eventStore,
    now: () => new Date(clock.nowMs),
    newId: randomUUID,
    tokens: {
      issuer: createAccessTokenIssuer(privateKey, publicKey),
      verifier: createAccessTokenVerifier(publicKey, { cacheSizeMax: 1_000 }),
    },
    secrets: deriveIdentitySecrets(keys.identitySecret),
    mailer: createOutboxMailer(identityDb(database.db)),
    clientAddress: (c) => c.req.header(testClientAddressHeader) ?? '192.0.2.1',
  };
  // Development mode, like the query kit: the route table lists the development routes too.
  const app = createApp({ db: database.db, logger: silentLogger, identity, development: true });
  return {
    app,
    identity,
    keys,
    clock,
    eventStore,
    db: database.db,
    ...helpers(app, database.db, identity),
    close: () => realEventStore.close(),
  };
}

/** Requests to the write API as a client sends them: JSON, bearer token, client address. */
function requestHelpers(app: ReturnType<typeof createApp>) {
  type SendOptions = { token?: string; address?: string; headers?: Record<string, string> };
  async function send(method: string, path: string, body: unknown, options: SendOptions = {}) {
    return app.request(path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        ...(options.address === undefined ? {} : { [testClientAddressHeader]: options.address }),
        ...options.headers,
      },
      body: JSON.stringify(body),
    });
  }
  const post = (path: string, body: unknown, options?: SendOptions) =>
    send('POST', path, body, options);
  const put = (path: string, body: unknown, options?: SendOptions) =>
    send('PUT', path, body, options);
  return { post, put };
}

function helpers(app: ReturnType<typeof createApp>, db: Db, identity: IdentityWriteDependencies) {
  let counter = 0;
  const { post, put } = requestHelpers(app);
  async function register(prefix = 'member'): Promise<TestMember> {
    counter += 1;
    const userId = `${prefix}${counter}${randomUUID().slice(0, 6)}`;
    const member = {
      userId,
      password: `correct horse battery staple ${counter}`,
      email: `${userId}@example.test`,
    };
    const response = await post(
      '/api/v1/member',
      {
        user_id: member.userId,
        password: member.password,
        email_address: member.email,
        user_name: `Name ${counter}`,
        consents: ['terms_of_service', 'privacy_policy'],
      },
      { address: `198.51.100.${counter % 250}` },
    );
    if (response.status !== 201)
      throw new Error(`register: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: { seq: number } };
    return { ...member, seq: body.data.seq };
  }
  async function login(member: Pick<TestMember, 'userId' | 'password'>, otpToken?: string) {
    const response = await post('/api/v1/auth/token', {
      user_id: member.userId,
      password: member.password,
      ...(otpToken === undefined ? {} : { otp_token: otpToken }),
    });
    if (response.status !== 200)
      throw new Error(`login: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { token: string };
    return { token: body.token, refreshCookie: refreshCookieFrom(response) ?? '' };
  }
  /** Registers and activates an OTP for the member (this ends its sessions); returns the seed. */
  async function enableOtp(member: TestMember): Promise<{ otpId: string; secret: string }> {
    const { token } = await login(member);
    const registered = await post('/api/v1/otp', {}, { token });
    if (registered.status !== 201) throw new Error(`otp: ${registered.status}`);
    const { data } = (await registered.json()) as { data: { otp_id: string; secret: string } };
    const code = await totpAt(data.secret, identity.now().getTime());
    const activated = await post(
      `/api/v1/otp/${data.otp_id}/activate`,
      { otp_token: code },
      { token },
    );
    if (activated.status !== 200)
      throw new Error(`activate: ${activated.status} ${await activated.text()}`);
    return { otpId: data.otp_id, secret: data.secret };
  }
  return {
    post,
    put,
    register,
    login,
    latestCode: (email: string) => latestCodeIn(db, email),
    enableOtp,
    ...systemHelpers(db, identity),
  };
}

/** A 6-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** What the system (not a client) does in tests: bootstrap administrators, change settings. */
function systemHelpers(db: Db, identity: IdentityWriteDependencies) {
  async function makeChiefAdministrator(memberSeq: number) {
    await grantChiefAdministrator({ db, identity }, memberSeq, 'system:test');
    await changeSettingAsSystem(
      { db, identity },
      'auth.administratorOtpRequired',
      false,
      'system:test',
    );
  }
  async function changeSetting(key: string, value: unknown) {
    await changeSettingAsSystem({ db, identity }, key, value, 'system:test');
  }
  async function eventCount(): Promise<number> {
    const { rows } = await sql<{
      count: string;
    }>`SELECT count(*)::text AS count FROM es_events`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }
  return { makeChiefAdministrator, changeSetting, eventCount };
}

/** The 6-digit code of the newest mail the outbox kept for `email`. */
async function latestCodeIn(db: Db, email: string): Promise<string> {
  const { mails } = await listOutboxMails(identityDb(db), {
    recipient: email,
    limit: 1,
    offset: 0,
  });
  const code = /\b(\d{6})\b/.exec(mails[0]?.body ?? '')?.[1];
  if (code === undefined) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The refresh token a response set, from its Set-Cookie header. */
export function refreshCookieFrom(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const match = new RegExp(`^${refreshCookieName}=([^;]*)`).exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** The TOTP code of `secret` at `atMs` (what an authenticator app would show). */
export function totpAt(secret: string, atMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1_000) });
}
