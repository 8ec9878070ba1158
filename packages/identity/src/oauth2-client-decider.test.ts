// Proves the OAuth2 client rules: registration validates name, redirect URIs (https, or http on
// loopback; no fragment) and authorities; a change that changes nothing appends nothing; a revoked
// client accepts no command; a rotation names the new secret row and never a secret.
import { describe, expect, test } from 'vitest';
import {
  decideOAuth2Client,
  evolveOAuth2Client,
  initialOAuth2ClientState,
  type OAuth2ClientCommand,
  type OAuth2ClientState,
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

function given(...commands: OAuth2ClientCommand[]): OAuth2ClientState {
  let state = initialOAuth2ClientState();
  for (const command of commands) {
    const decision = decideOAuth2Client(command, state);
    if (decision.kind === 'rejected') throw new Error(decision.rejection.type);
    state = decision.events.reduce(evolveOAuth2Client, state);
  }
  return state;
}

describe('register', () => {
  test('records the client with sorted authorities and the secret row, never a secret', () => {
    const decision = decideOAuth2Client(register, initialOAuth2ClientState());
    expect(decision).toEqual({
      kind: 'accepted',
      events: [
        {
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
        },
      ],
    });
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
    const decision = decideOAuth2Client(
      { ...register, ...(change as Partial<typeof register>) } as OAuth2ClientCommand,
      initialOAuth2ClientState(),
    );
    expect(decision).toEqual({
      kind: 'rejected',
      rejection: { type: 'InvalidOAuth2Client', field },
    });
  });

  test('allows http on loopback for development clients', () => {
    const decision = decideOAuth2Client(
      { ...register, redirectUris: ['http://localhost:5173/cb', 'http://127.0.0.1/cb'] },
      initialOAuth2ClientState(),
    );
    expect(decision.kind).toBe('accepted');
  });

  test('refuses a second registration of the same id', () => {
    expect(decideOAuth2Client(register, given(register))).toEqual({
      kind: 'rejected',
      rejection: { type: 'OAuth2ClientAlreadyExists' },
    });
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
    expect(decideOAuth2Client(change, given(register))).toEqual({ kind: 'accepted', events: [] });
  });

  test('a change records the new details', () => {
    const decision = decideOAuth2Client({ ...change, name: 'Kiosk v2' }, given(register));
    expect(decision.kind === 'accepted' && decision.events[0]?.type).toBe('OAuth2ClientChanged');
  });

  test('rotation names the new secret row', () => {
    const state = given(register, { type: 'RotateOAuth2ClientSecret', secretId: 's-2', now });
    expect(state.status === 'active' && state.secretId).toBe('s-2');
  });

  test('nothing is accepted on an unknown or a revoked client', () => {
    expect(decideOAuth2Client(change, initialOAuth2ClientState())).toEqual({
      kind: 'rejected',
      rejection: { type: 'OAuth2ClientNotFound' },
    });
    const revoked = given(register, { type: 'RevokeOAuth2Client', now });
    const commands: OAuth2ClientCommand[] = [
      change,
      { type: 'RotateOAuth2ClientSecret', secretId: 's-3', now },
      { type: 'RevokeOAuth2Client', now },
    ];
    for (const command of commands) {
      expect(decideOAuth2Client(command, revoked)).toEqual({
        kind: 'rejected',
        rejection: { type: 'OAuth2ClientRevoked' },
      });
    }
  });
});
