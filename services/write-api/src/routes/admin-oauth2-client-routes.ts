import { randomBytes, randomUUID } from 'node:crypto';
import {
  ChangeOAuth2ClientRequestSchema,
  EmptyRequestSchema,
  OAuth2ClientParameterSchema,
  RegisterOAuth2ClientRequestSchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import {
  decideOAuth2Client,
  evolveOAuth2Client,
  initialOAuth2ClientState,
  type OAuth2ClientCommand,
  type OAuth2ClientRejection,
  oauth2ClientStream,
} from '@ledger/identity';
import { dropClientSecretsExcept, insertClientSecret } from '@ledger/identity-store';
import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { handleCommand, loadAggregate } from '../command-handling.ts';
import { loadMember, type MemberWriteContext } from '../member-command-runner.ts';
import { commandContext } from '../request-context.ts';

const clientAggregate = { initial: initialOAuth2ClientState, evolve: evolveOAuth2Client };

/** A client id: `oc_` and 128 random bits (public; it names the client in every OAuth2 request). */
const newClientId = () => `oc_${randomBytes(16).toString('base64url')}`;
/** A client secret: 256 random bits, shown once; only its SHA-256 is kept. */
const newClientSecret = () => `ocs_${randomBytes(32).toString('base64url')}`;

function oauth2ClientProblem(rejection: OAuth2ClientRejection): ProblemError {
  switch (rejection.type) {
    case 'OAuth2ClientAlreadyExists':
      return new ProblemError({ status: 409, code: 'conflict', message: 'conflict.client_exists' });
    case 'OAuth2ClientNotFound':
      return new ProblemError({
        status: 404,
        code: 'oauth2_client_not_found',
      });
    case 'OAuth2ClientRevoked':
      return new ProblemError({
        status: 409,
        code: 'oauth2_client_revoked',
      });
    case 'InvalidOAuth2Client':
      return new ProblemError({
        status: 422,
        code: 'oauth2_client_invalid',
        errors: [{ path: rejection.field, code: 'invalid', message: `Invalid ${rejection.field}` }],
      });
  }
}

/**
 * OAuth2 clients (SPEC §2 oauth2-client/list, the member view's oauth2-client tab): an
 * administrator registers a client for a member, changes it, rotates its secret, revokes it. The
 * secret is generated here, answered once, and kept only as a hash outside the event log.
 */
export function adminOAuth2ClientRoutes(context: MemberWriteContext) {
  const { identity, db } = context;
  const stores = { eventStore: identity.eventStore, db };
  const raw = db as unknown as Kysely<unknown>;

  async function run(c: Context, clientId: string, command: OAuth2ClientCommand) {
    const outcome = await handleCommand(
      stores,
      oauth2ClientStream(clientId),
      clientAggregate,
      (state) => decideOAuth2Client(command, state),
      commandContext(c, identity, null),
    );
    if (outcome.kind === 'rejected') throw oauth2ClientProblem(outcome.rejection);
    return outcome;
  }

  return new Hono()
    .post(
      '/admin/oauth2-client',
      validate('json', RegisterOAuth2ClientRequestSchema),
      async (c) => {
        const request = c.req.valid('json');
        const owner = await loadMember(identity, request.member_seq);
        if (owner.status !== 'active') {
          throw new ProblemError({
            status: 404,
            code: 'member_not_found',
          });
        }
        const clientId = newClientId();
        const secret = newClientSecret();
        const secretId = randomUUID();
        // The hash first: if the append fails, an orphan row names no client and is harmless.
        await insertClientSecret(raw, { secretId, clientId, secret });
        const outcome = await run(c, clientId, {
          type: 'RegisterOAuth2Client',
          clientId,
          memberSeq: request.member_seq,
          secretId,
          name: request.name,
          redirectUris: request.redirect_uris,
          authorities: request.authorities,
          now: identity.now().toISOString(),
        });
        return c.json(
          { data: { client_id: clientId, client_secret: secret }, position: outcome.position },
          201,
        );
      },
    )
    .put(
      '/admin/oauth2-client/:clientId',
      validate('param', OAuth2ClientParameterSchema),
      validate('json', ChangeOAuth2ClientRequestSchema),
      async (c) => {
        const { clientId } = c.req.valid('param');
        const request = c.req.valid('json');
        const outcome = await run(c, clientId, {
          type: 'ChangeOAuth2Client',
          name: request.name,
          redirectUris: request.redirect_uris,
          authorities: request.authorities,
          now: identity.now().toISOString(),
        });
        return c.json({ data: { client_id: clientId }, position: outcome.position });
      },
    )
    .post(
      '/admin/oauth2-client/:clientId/secret',
      validate('param', OAuth2ClientParameterSchema),
      validate('json', EmptyRequestSchema),
      async (c) => {
        const { clientId } = c.req.valid('param');
        const { state } = await loadAggregate(
          identity.eventStore,
          oauth2ClientStream(clientId),
          clientAggregate,
        );
        if (state.status === 'none') throw oauth2ClientProblem({ type: 'OAuth2ClientNotFound' });
        if (state.status === 'revoked') throw oauth2ClientProblem({ type: 'OAuth2ClientRevoked' });
        const secret = newClientSecret();
        const secretId = randomUUID();
        await insertClientSecret(raw, { secretId, clientId, secret });
        const outcome = await run(c, clientId, {
          type: 'RotateOAuth2ClientSecret',
          secretId,
          now: identity.now().toISOString(),
        });
        // Older rows stay until revocation: a concurrent rotation may have put another in force,
        // and a verifier only accepts the row the events name.
        return c.json({
          data: { client_id: clientId, client_secret: secret },
          position: outcome.position,
        });
      },
    )
    .delete(
      '/admin/oauth2-client/:clientId',
      validate('param', OAuth2ClientParameterSchema),
      async (c) => {
        const { clientId } = c.req.valid('param');
        const outcome = await run(c, clientId, {
          type: 'RevokeOAuth2Client',
          now: identity.now().toISOString(),
        });
        await dropClientSecretsExcept(raw, clientId, null);
        return c.json({ data: { client_id: clientId, revoked: true }, position: outcome.position });
      },
    );
}
