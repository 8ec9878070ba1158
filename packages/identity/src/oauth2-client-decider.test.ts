// Proves the OAuth2 client rules: registration validates name, redirect URIs (https, or http on
// loopback; no fragment) and authorities; a change that changes nothing appends nothing; a revoked
// client accepts no command; a rotation names the new secret row and never a secret.
import { stateFrom } from '@ledger/decider';
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, expect, test } from 'vitest';
import {
  decideOAuth2Client,
  evolveOAuth2Client,
  initialOAuth2ClientState,
  type OAuth2ClientCommand,
  type OAuth2ClientEvent,
} from './oauth2-client-decider.ts';

const now = '2026-11-22T10:00:00.000Z';
const register: OAuth2ClientCommand = {
  type: 'RegisterOAuth2Client',
  clientId: 'c-1',
  memberSeq: 7,
  secretId: 's-1',
  name: 'Kiosk app',
  redirectUris: ['https://kiosk.example/callback'],
  authorities: ['wallet:read', 'account:read'],
  now,
};
const registered: OAuth2ClientEvent = {
  type: 'OAuth2ClientRegistered',
  data: {
    clientId: 'c-1',
    memberSeq: 7,
    name: 'Kiosk app',
    redirectUris: ['https://kiosk.example/callback'],
    authorities: ['account:read', 'wallet:read'],
    secretId: 's-1',
    registeredAt: now,
  },
};

const oauth2ClientDecider = {
  initialState: initialOAuth2ClientState,
  evolve: evolveOAuth2Client,
  decide: decideOAuth2Client,
};
const { given } = deciderSpecification(oauth2ClientDecider);

describe('register', () => {
  test('records the client with sorted authorities and the secret row, never a secret', () => {
    given([]).when(register).then([registered]);
  });

  test.each([
    [{ name: ' padded' }, 'name'],
    [{ redirectUris: [] }, 'redirectUris'],
    [{ redirectUris: ['http://kiosk.example/cb'] }, 'redirectUris'],
    [{ redirectUris: ['https://kiosk.example/cb#frag'] }, 'redirectUris'],
    [{ redirectUris: ['https://a.example/cb', 'https://a.example/cb'] }, 'redirectUris'],
    [{ redirectUris: ['not a uri'] }, 'redirectUris'],
    [{ redirectUris: ['https://user@kiosk.example/cb'] }, 'redirectUris'],
    [{ redirectUris: ['http://localhost.evil.example/cb'] }, 'redirectUris'],
    [{ authorities: ['has space'] }, 'authorities'],
    [{ authorities: ['a', 'a'] }, 'authorities'],
  ] as const)('refuses %o as an invalid %s', (change, field) => {
    given([])
      .when({ ...register, ...(change as Partial<typeof register>) } as OAuth2ClientCommand)
      .thenRejects('InvalidOAuth2Client', { field });
  });

  test('allows http on loopback for development clients', () => {
    const decision = given([])
      .when({ ...register, redirectUris: ['http://localhost:5173/cb', 'http://127.0.0.1/cb'] })
      .decision();
    expect(decision.kind).toBe('accepted');
  });

  test('refuses a second registration of the same id', () => {
    given([registered]).when(register).thenRejects('OAuth2ClientAlreadyExists');
  });
});

describe('change, rotate, revoke', () => {
  const change: OAuth2ClientCommand & { type: 'ChangeOAuth2Client' } = {
    type: 'ChangeOAuth2Client',
    name: 'Kiosk app',
    redirectUris: ['https://kiosk.example/callback'],
    authorities: ['wallet:read', 'account:read'],
    now,
  };

  test('a change to the same details appends nothing', () => {
    given([registered]).when(change).then([]);
  });

  test('a change records the new details', () => {
    const decision = given([registered])
      .when({ ...change, name: 'Kiosk v2' })
      .decision();
    expect(decision.kind === 'accepted' && decision.events[0]?.type).toBe('OAuth2ClientChanged');
  });

  test('rotation names the new secret row', () => {
    const rotated: OAuth2ClientEvent = {
      type: 'OAuth2ClientSecretRotated',
      data: { clientId: 'c-1', secretId: 's-2', rotatedAt: now },
    };
    given([registered])
      .when({ type: 'RotateOAuth2ClientSecret', secretId: 's-2', now })
      .then([rotated]);
    const state = stateFrom(oauth2ClientDecider, [registered, rotated]);
    expect(state.status === 'active' && state.secretId).toBe('s-2');
  });

  test('nothing is accepted on an unknown or a revoked client', () => {
    given([]).when(change).thenRejects('OAuth2ClientNotFound');
    const revoked: OAuth2ClientEvent[] = [
      registered,
      { type: 'OAuth2ClientRevoked', data: { clientId: 'c-1', revokedAt: now } },
    ];
    const commands: OAuth2ClientCommand[] = [
      change,
      { type: 'RotateOAuth2ClientSecret', secretId: 's-3', now },
      { type: 'RevokeOAuth2Client', now },
    ];
    for (const command of commands) {
      given(revoked).when(command).thenRejects('OAuth2ClientRevoked');
    }
  });
});
