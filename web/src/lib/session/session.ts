import { TokenAnswerSchema } from '@ledger/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { toastFailure } from '../../ui-kit/toasts.ts';
import { type AccessTokenStore, accessTokenExpiry } from '../access-token.ts';
import type { ApiClient } from '../api-client.ts';
import { constantQueryOptions } from '../constant-query.ts';
import { brokerageListQueryKey, loadBrokerages } from './brokerage-list.ts';
import { type MemberInfo, memberMeQueryKey, memberMeQueryOptions } from './member-info.ts';
import { otpListQueryKey, otpListQueryOptions } from './otp-list.ts';
import { selectedBrokerageSeqAtom } from './selected-brokerage-atom.ts';
import { type SignedOutMarker, signedOutCookie } from './signed-out-marker.ts';

type JotaiStore = ReturnType<typeof createStore>;

export type LoginCredentials = { user_id: string; password: string; otp_token?: string };
/** What POST /auth/token answered: logged in, or the OTP step must follow (SPEC §4). */
export type LoginOutcome = 'logged_in' | 'otp_required';

/** Ends the server session (clears the HttpOnly refresh cookie); see docs/adr/0009. */
export const logoutPath = 'auth/logout';
/** A token this close to its expiry is refreshed before a protected screen opens. */
const refreshMarginSeconds = 30;

export type SessionDependencies = {
  api: ApiClient;
  tokens: AccessTokenStore;
  queryClient: QueryClient;
  store: JotaiStore;
  signedOut?: SignedOutMarker;
};

export type Session = ReturnType<typeof createSession>;

type SessionState = Required<SessionDependencies> & {
  hasRefreshedThisLoad: boolean;
  hasLoadedInitially: boolean;
};

function clearUser({ queryClient }: SessionState): void {
  queryClient.removeQueries({ queryKey: memberMeQueryKey });
}

/** SPEC §4: the token, the user, the OTP list (and the brokerage choice) go. */
function clearLocalSession(state: SessionState): void {
  state.tokens.clear();
  for (const queryKey of [memberMeQueryKey, otpListQueryKey, brokerageListQueryKey]) {
    state.queryClient.removeQueries({ queryKey });
  }
  state.store.set(selectedBrokerageSeqAtom, undefined);
}

function needsRefresh(state: SessionState): boolean {
  // After a logout the HttpOnly refresh cookie may outlive the session; never revive it.
  if (state.signedOut.isSet()) return false;
  const token = state.tokens.read();
  if (!state.hasRefreshedThisLoad || token === undefined) return true;
  const expiry = accessTokenExpiry(token);
  return expiry !== undefined && expiry - Date.now() / 1000 < refreshMarginSeconds;
}

/** SPEC §2: refresh the token first, then validate the session; undefined = not logged in. */
async function ensureMember(state: SessionState): Promise<MemberInfo | undefined> {
  if (needsRefresh(state)) {
    state.hasRefreshedThisLoad = true;
    const isRefreshed = await state.api.refreshAccessToken().then(
      () => true,
      () => false,
    );
    if (!isRefreshed) return undefined;
  }
  if (state.tokens.read() === undefined) return undefined;
  try {
    return await state.queryClient.fetchQuery(memberMeQueryOptions());
  } catch {
    // SPEC §8: a failed validation clears the user silently.
    clearUser(state);
    return undefined;
  }
}

/** SPEC §4: after the token is stored, the OTP list, the user and the brokerages load. */
async function loadAfterLogin(state: SessionState): Promise<void> {
  clearUser(state);
  await Promise.all([
    state.queryClient.fetchQuery(otpListQueryOptions()).catch(toastFailure),
    state.queryClient.fetchQuery(memberMeQueryOptions()),
    loadBrokerages(state.queryClient),
  ]);
}

async function login(state: SessionState, credentials: LoginCredentials): Promise<LoginOutcome> {
  const answer = TokenAnswerSchema.parse(await state.api.post('auth/token', { json: credentials }));
  if ('otp_token_required' in answer) return 'otp_required';
  state.tokens.write(answer.token);
  state.signedOut.clear();
  state.hasRefreshedThisLoad = true;
  await loadAfterLogin(state);
  return 'logged_in';
}

/** Ends the server session (bearer, or the refresh cookie alone), then the local one. */
async function logout(state: SessionState): Promise<void> {
  state.signedOut.set();
  await state.api.post(logoutPath).catch(() => undefined);
  clearLocalSession(state);
}

/** At start: constants for everyone; for a returning user, validate and load the OTP list. */
function loadInitially(state: SessionState): void {
  if (state.hasLoadedInitially) return;
  state.hasLoadedInitially = true;
  const { queryClient } = state;
  queryClient.fetchQuery(constantQueryOptions()).catch(toastFailure);
  if (state.tokens.read() === undefined) return;
  queryClient.fetchQuery(memberMeQueryOptions()).catch(() => clearUser(state));
  queryClient.fetchQuery(otpListQueryOptions()).catch(toastFailure);
}

/**
 * Listens to the API client's session events and runs the initial loads (once); returns the
 * cleanup, so it fits a React effect (which may run twice in development).
 */
function start(state: SessionState): () => void {
  const unsubscribe = state.api.subscribe({
    // SPEC §4: a refresh replaces the token and reloads the user info.
    onTokenRefreshed: () =>
      void state.queryClient.invalidateQueries({ queryKey: memberMeQueryKey }),
    // SPEC §8: a failed refresh logs the user out.
    onSessionEnded: () => clearLocalSession(state),
  });
  loadInitially(state);
  return unsubscribe;
}

/**
 * The login state machine of SPEC §4 over the client stores of §3: the token cookie, the current
 * user and OTP list (TanStack Query) and the selected brokerage (jotai).
 */
export function createSession(dependencies: SessionDependencies) {
  const state: SessionState = {
    signedOut: signedOutCookie,
    ...dependencies,
    hasRefreshedThisLoad: false,
    hasLoadedInitially: false,
  };
  return {
    ensureMember: () => ensureMember(state),
    login: (credentials: LoginCredentials) => login(state, credentials),
    logout: () => logout(state),
    start: () => start(state),
  };
}
