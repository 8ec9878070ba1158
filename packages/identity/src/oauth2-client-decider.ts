import { accepted, type Decision, rejected } from '@ledger/decider';
import type { MemberSeq, Timestamp } from './identity-types.ts';

/**
 * OAuth2 clients (`oauth2-client-<clientId>`, SPEC §3: name, id, secret, redirect URI, authorities):
 * an application registered for a member by an administrator. The secret never enters an event:
 * the write API generates it, shows it once and keeps only its hash (table `oauth2_client_secrets`),
 * so events name the secret row (`secretId`) in force.
 */
export type OAuth2ClientRegistered = {
  type: 'OAuth2ClientRegistered';
  data: {
    clientId: string;
    memberSeq: MemberSeq;
    name: string;
    redirectUris: string[];
    authorities: string[];
    secretId: string;
    registeredAt: Timestamp;
  };
};
export type OAuth2ClientChanged = {
  type: 'OAuth2ClientChanged';
  data: {
    clientId: string;
    name: string;
    redirectUris: string[];
    authorities: string[];
    changedAt: Timestamp;
  };
};
export type OAuth2ClientSecretRotated = {
  type: 'OAuth2ClientSecretRotated';
  data: { clientId: string; secretId: string; rotatedAt: Timestamp };
};
export type OAuth2ClientRevoked = {
  type: 'OAuth2ClientRevoked';
  data: { clientId: string; revokedAt: Timestamp };
};
export type OAuth2ClientEvent =
  | OAuth2ClientRegistered
  | OAuth2ClientChanged
  | OAuth2ClientSecretRotated
  | OAuth2ClientRevoked;

type ClientDetails = { name: string; redirectUris: string[]; authorities: string[] };

export type OAuth2ClientCommand =
  | ({
      type: 'RegisterOAuth2Client';
      clientId: string;
      memberSeq: MemberSeq;
      secretId: string;
      now: Timestamp;
    } & ClientDetails)
  | ({ type: 'ChangeOAuth2Client'; now: Timestamp } & ClientDetails)
  | { type: 'RotateOAuth2ClientSecret'; secretId: string; now: Timestamp }
  | { type: 'RevokeOAuth2Client'; now: Timestamp };

export type OAuth2ClientRejection =
  | { type: 'OAuth2ClientAlreadyExists' }
  | { type: 'OAuth2ClientNotFound' }
  | { type: 'OAuth2ClientRevoked' }
  | { type: 'InvalidOAuth2Client'; field: 'name' | 'redirectUris' | 'authorities' };

export type OAuth2ClientState =
  | { status: 'none' }
  | ({ status: 'active' | 'revoked'; clientId: string; secretId: string } & ClientDetails);

export const oauth2ClientRules = {
  redirectUrisMax: 10,
  authoritiesMax: 20,
} as const;

export function oauth2ClientStream(clientId: string): string {
  return `oauth2-client-${clientId}`;
}

export function initialOAuth2ClientState(): OAuth2ClientState {
  return { status: 'none' };
}

export function evolveOAuth2Client(
  state: OAuth2ClientState,
  event: OAuth2ClientEvent,
): OAuth2ClientState {
  switch (event.type) {
    case 'OAuth2ClientRegistered': {
      const { clientId, name, redirectUris, authorities, secretId } = event.data;
      return { status: 'active', clientId, name, redirectUris, authorities, secretId };
    }
    case 'OAuth2ClientChanged':
      if (state.status === 'none') return state;
      return {
        ...state,
        name: event.data.name,
        redirectUris: event.data.redirectUris,
        authorities: event.data.authorities,
      };
    case 'OAuth2ClientSecretRotated':
      if (state.status === 'none') return state;
      return { ...state, secretId: event.data.secretId };
    case 'OAuth2ClientRevoked':
      if (state.status === 'none') return state;
      return { ...state, status: 'revoked' };
  }
}

const namePattern = /^\S(.{0,62}\S)?$/u;
const authorityPattern = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;

/**
 * An absolute https URI (http only for loopback development clients): a host without user info,
 * an optional port and path or query, no fragment, no whitespace. (A pure package: no URL parser.)
 */
const httpsRedirectUri =
  /^https:\/\/[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:\d{1,5})?([/?][^#\s]*)?$/;
const loopbackRedirectUri = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?([/?][^#\s]*)?$/;

function isRedirectUri(value: string): boolean {
  if (value.length > 2_000) return false;
  return httpsRedirectUri.test(value) || loopbackRedirectUri.test(value);
}

function invalidDetail(details: ClientDetails): OAuth2ClientRejection | undefined {
  if (!namePattern.test(details.name)) return { type: 'InvalidOAuth2Client', field: 'name' };
  const uris = details.redirectUris;
  if (
    uris.length < 1 ||
    uris.length > oauth2ClientRules.redirectUrisMax ||
    new Set(uris).size !== uris.length ||
    !uris.every(isRedirectUri)
  ) {
    return { type: 'InvalidOAuth2Client', field: 'redirectUris' };
  }
  const authorities = details.authorities;
  if (
    authorities.length > oauth2ClientRules.authoritiesMax ||
    new Set(authorities).size !== authorities.length ||
    !authorities.every((authority) => authorityPattern.test(authority))
  ) {
    return { type: 'InvalidOAuth2Client', field: 'authorities' };
  }
  return undefined;
}

const sorted = (values: string[]) => [...values].sort();

export function decideOAuth2Client(
  command: OAuth2ClientCommand,
  state: OAuth2ClientState,
): Decision<OAuth2ClientEvent, OAuth2ClientRejection> {
  if (command.type === 'RegisterOAuth2Client') {
    if (state.status !== 'none') return rejected({ type: 'OAuth2ClientAlreadyExists' });
    const invalid = invalidDetail(command);
    if (invalid !== undefined) return rejected(invalid);
    return accepted([
      {
        type: 'OAuth2ClientRegistered',
        data: {
          clientId: command.clientId,
          memberSeq: command.memberSeq,
          name: command.name,
          redirectUris: command.redirectUris,
          authorities: sorted(command.authorities),
          secretId: command.secretId,
          registeredAt: command.now,
        },
      },
    ]);
  }
  if (state.status === 'none') return rejected({ type: 'OAuth2ClientNotFound' });
  if (state.status === 'revoked') return rejected({ type: 'OAuth2ClientRevoked' });
  switch (command.type) {
    case 'ChangeOAuth2Client': {
      const invalid = invalidDetail(command);
      if (invalid !== undefined) return rejected(invalid);
      const authorities = sorted(command.authorities);
      const unchanged =
        command.name === state.name &&
        JSON.stringify(command.redirectUris) === JSON.stringify(state.redirectUris) &&
        JSON.stringify(authorities) === JSON.stringify(state.authorities);
      if (unchanged) return accepted([]);
      return accepted([
        {
          type: 'OAuth2ClientChanged',
          data: {
            clientId: state.clientId,
            name: command.name,
            redirectUris: command.redirectUris,
            authorities,
            changedAt: command.now,
          },
        },
      ]);
    }
    case 'RotateOAuth2ClientSecret':
      return accepted([
        {
          type: 'OAuth2ClientSecretRotated',
          data: { clientId: state.clientId, secretId: command.secretId, rotatedAt: command.now },
        },
      ]);
    case 'RevokeOAuth2Client':
      return accepted([
        { type: 'OAuth2ClientRevoked', data: { clientId: state.clientId, revokedAt: command.now } },
      ]);
  }
}
