import { useSyncExternalStore } from 'react';
import type { WebConfig } from '../config';
import { isIdle, markActivity } from './activity';
import { clearKept } from './kept';
import {
  type AuthenticationResult,
  type CognitoClient,
  CognitoError,
  cognitoClient,
  initiatePasswordAuth,
  jwtClaims,
  refreshTokens,
  revokeToken,
} from './cognito';
import { MESSAGES } from '../../../shared/api/messages';

/** Why a session ended; the login page words its notice by it. */
export type SignOutReason = 'user' | 'idle' | 'expired';

export type Session =
  | { status: 'loading' }
  | { status: 'signedOut'; reason?: SignOutReason }
  | { status: 'signedIn'; email: string };

let current: Session = { status: 'loading' };
const listeners = new Set<() => void>();

function set(next: Session): void {
  current = next;
  for (const l of listeners) l();
}

export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): Session {
    return current;
  },
};

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

let client: CognitoClient | undefined;

/** The pool of /config.json; its cognitoEndpoint points the calls at cognito-local when set. */
export function configureAuth(cfg: WebConfig): void {
  client = cognitoClient(cfg);
}

export function cognito(): CognitoClient {
  if (!client) throw new Error('configureAuth() was not called');
  return client;
}

/**
 * The tokens live in localStorage under the keys Amplify used (`CognitoIdentityServiceProvider.<client>.<user>.*`),
 * so a seller signed in before the switch stays signed in, and other tabs see a sign-out (followOtherTabs).
 */
interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  /** This browser's clock minus Cognito's, in ms (from the token's iat), so a wrong clock does not refresh forever. */
  clockDrift: number;
}

const prefix = () => `CognitoIdentityServiceProvider.${cognito().clientId}`;
/** The user the stored tokens belong to (Amplify's key). */
const lastUserKey = () => `${prefix()}.LastAuthUser`;
const lastUser = () => localStorage.getItem(lastUserKey()) ?? undefined;
const TOKEN_KEYS = ['idToken', 'accessToken', 'refreshToken', 'clockDrift'] as const;

function readTokens(): Tokens | undefined {
  const user = lastUser();
  if (!user) return undefined;
  const at = (k: string) => localStorage.getItem(`${prefix()}.${user}.${k}`) ?? undefined;
  const idToken = at('idToken');
  const accessToken = at('accessToken');
  if (!idToken || !accessToken) return undefined;
  return { idToken, accessToken, refreshToken: at('refreshToken'), clockDrift: Number(at('clockDrift')) || 0 };
}

function storeTokens(result: AuthenticationResult, previousRefresh?: string): Tokens | undefined {
  const access = jwtClaims(result.AccessToken);
  const user = typeof access?.username === 'string' ? access.username : typeof access?.sub === 'string' ? access.sub : undefined;
  if (!user || !jwtClaims(result.IdToken)) return undefined;
  const iat = typeof access?.iat === 'number' ? access.iat * 1000 : Date.now();
  const tokens: Tokens = {
    idToken: result.IdToken,
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken ?? previousRefresh,
    clockDrift: Date.now() - iat,
  };
  localStorage.setItem(lastUserKey(), user);
  for (const k of TOKEN_KEYS) {
    const v = tokens[k];
    if (v !== undefined) localStorage.setItem(`${prefix()}.${user}.${k}`, String(v));
  }
  return tokens;
}

/** A session may be stored (before the configuration is known: any app client's). Cheap, for preloading only. */
export function sessionStored(): boolean {
  return Object.keys(localStorage).some((k) => /^CognitoIdentityServiceProvider\..+\.LastAuthUser$/.test(k));
}

/** The signed-in seller's Cognito user name (their tokens and kept answers are stored under it); none before configureAuth. */
export function storedSeller(): string | undefined {
  return client ? lastUser() : undefined;
}

/** The tokens go, and every answer kept for the next visit's first paint with them (lib/kept.ts), whoever's. */
function clearTokens(): void {
  const user = lastUser();
  if (user) for (const k of [...TOKEN_KEYS, 'signInDetails']) localStorage.removeItem(`${prefix()}.${user}.${k}`);
  localStorage.removeItem(lastUserKey());
  clearKept(localStorage);
}

/** Refreshed a minute before expiry, so a call never leaves with a token that expires on the way. */
const REFRESH_MARGIN_MS = 60_000;

function fresh(tokens: Tokens): boolean {
  const exp = (token: string) => {
    const e = jwtClaims(token)?.exp;
    return typeof e === 'number' ? e * 1000 : 0;
  };
  const serverNow = Date.now() - tokens.clockDrift;
  return Math.min(exp(tokens.idToken), exp(tokens.accessToken)) - serverNow > REFRESH_MARGIN_MS;
}

let refreshing: Promise<Tokens | undefined> | undefined;

/** The current tokens, refreshed when near expiry; undefined when signed out or the refresh token was refused. */
async function currentTokens(): Promise<Tokens | undefined> {
  const tokens = readTokens();
  if (!tokens) return undefined;
  if (fresh(tokens)) return tokens;
  const refreshToken = tokens.refreshToken;
  if (!refreshToken) return undefined;
  refreshing ??= refreshTokens(cognito(), refreshToken)
    .then((res) => (res.AuthenticationResult ? storeTokens(res.AuthenticationResult, refreshToken) : undefined))
    .catch((err: unknown) => {
      // Revoked, expired or the user is gone: this session cannot come back. A network failure may pass.
      if (err instanceof CognitoError && err.name === 'NotAuthorizedException') clearTokens();
      return undefined;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

function emailOf(tokens: Tokens): string {
  const email = jwtClaims(tokens.idToken)?.email;
  return typeof email === 'string' ? email : '';
}

/** At start: a stored session is kept unless it went idle (in any tab) or its tokens cannot be refreshed. */
export async function restoreSession(): Promise<void> {
  try {
    const tokens = await currentTokens();
    if (!tokens) return set({ status: 'signedOut' });
    if (isIdle()) return endSession('idle');
    set({ status: 'signedIn', email: emailOf(tokens) });
  } catch {
    set({ status: 'signedOut' });
  }
}

export class SignInError extends Error {
  override name = 'SignInError';
}

export const SIGN_IN_MESSAGES = {
  wrongCredentials: MESSAGES.signInWrongCredentials,
  tooManyAttempts: MESSAGES.signInTooManyAttempts,
  notConfirmed: MESSAGES.signInNotConfirmed,
  nextStep: MESSAGES.signInNextStep,
  generic: MESSAGES.generic,
} as const;

function messageFor(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
    // cognito-local's answer to a wrong password (Cognito says NotAuthorizedException).
    case 'InvalidPasswordException':
      return SIGN_IN_MESSAGES.wrongCredentials;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return SIGN_IN_MESSAGES.tooManyAttempts;
    case 'UserNotConfirmedException':
      return SIGN_IN_MESSAGES.notConfirmed;
    default:
      return SIGN_IN_MESSAGES.generic;
  }
}

/** USER_PASSWORD_AUTH (the flow cognito-local implements too). Throws SignInError with a message for people. */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  // A session left over (another tab, an interrupted sign-out) is replaced.
  const leftOver = readTokens()?.refreshToken;
  let tokens: Tokens | undefined;
  try {
    const result = await initiatePasswordAuth(cognito(), email.trim(), password);
    // A challenge (a new password, MFA): no screen of this app answers one.
    if (!result.AuthenticationResult) throw new SignInError(SIGN_IN_MESSAGES.nextStep);
    clearTokens();
    tokens = storeTokens(result.AuthenticationResult);
  } catch (err) {
    if (err instanceof SignInError) throw err;
    throw new SignInError(messageFor(err), { cause: err });
  }
  if (!tokens) throw new SignInError(SIGN_IN_MESSAGES.generic);
  if (leftOver && leftOver !== tokens.refreshToken) void revokeToken(cognito(), leftOver).catch(() => undefined);
  markActivity();
  set({ status: 'signedIn', email: emailOf(tokens) || email.trim() });
}

let ending: Promise<void> | undefined;

/** Signs out locally (tokens removed even if the revoke call fails) and tells the app. */
export function endSession(reason: SignOutReason): Promise<void> {
  ending ??= (async () => {
    const refreshToken = readTokens()?.refreshToken;
    clearTokens();
    if (refreshToken) await revokeToken(cognito(), refreshToken).catch(() => undefined);
    set({ status: 'signedOut', reason });
  })().finally(() => {
    ending = undefined;
  });
  return ending;
}

/** The ID token for `Authorization: Bearer` (refreshed when near expiry). */
export async function idToken(): Promise<string | undefined> {
  try {
    return (await currentTokens())?.idToken;
  } catch {
    return undefined;
  }
}

/** A current access token (for Cognito's own calls that act on the signed-in user, like ChangePassword). */
export async function accessToken(): Promise<string | undefined> {
  return (await currentTokens())?.accessToken;
}

/** Another tab signed out (the tokens live in localStorage): follow it here. Returns the cleanup. */
export function followOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    const tokenRemoved = e.key === null || (/^CognitoIdentityServiceProvider\..+\.idToken$/.test(e.key) && e.newValue === null);
    if (tokenRemoved && current.status === 'signedIn') set({ status: 'signedOut' });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
