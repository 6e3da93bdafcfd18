/**
 * Cognito user pools' JSON API over fetch: the few calls the web app makes, instead of Amplify's auth library
 * (36 KB gzip on the first page; issue 18). The same requests Amplify sends: POST to the pool's regional endpoint (or
 * cognito-local's) with `X-Amz-Target: AWSCognitoIdentityProviderService.<Action>`; unsigned, as every call here is
 * one a public client may make.
 */

export interface CognitoClient {
  /** The pool's regional endpoint, or cognito-local's (an absolute URL without a trailing slash). */
  endpoint: string;
  clientId: string;
}

export function cognitoClient(cfg: { region: string; userPoolClientId: string; cognitoEndpoint?: string }): CognitoClient {
  return { endpoint: cfg.cognitoEndpoint ?? `https://cognito-idp.${cfg.region}.amazonaws.com`, clientId: cfg.userPoolClientId };
}

/** A refused call; `name` is Cognito's exception name (NotAuthorizedException, CodeMismatchException, ...). */
export class CognitoError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** `com.amazonaws...#NotAuthorizedException:http://...` or `NotAuthorizedException`: the exception's own name. */
function errorName(raw: string | null | undefined): string {
  if (!raw) return 'UnknownError';
  const name = raw.split(':')[0] ?? raw;
  return name.slice(name.lastIndexOf('#') + 1) || 'UnknownError';
}

async function call<T>(client: CognitoClient, action: string, body: Record<string, unknown>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${client.endpoint}/`, {
      method: 'POST',
      cache: 'no-store',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new CognitoError('NetworkError', err instanceof Error ? err.message : String(err));
  }
  const text = await res.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (!res.ok) {
    const name = errorName(res.headers.get('x-amzn-errortype') ?? (data.__type as string | undefined) ?? (data.code as string | undefined));
    const message = typeof data.message === 'string' ? data.message : typeof data.Message === 'string' ? data.Message : `${action} answered ${res.status}`;
    throw new CognitoError(name, message);
  }
  return data as T;
}

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  /** Absent on a refresh unless the app client rotates refresh tokens. */
  RefreshToken?: string;
  ExpiresIn?: number;
}

export interface InitiateAuthResponse {
  AuthenticationResult?: AuthenticationResult;
  /** A further step (MFA, a new password): the web app has no screen for one. */
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
}

/** USER_PASSWORD_AUTH: the password goes to Cognito over TLS (docs/decisions.md: why not SRP). */
export function initiatePasswordAuth(client: CognitoClient, username: string, password: string): Promise<InitiateAuthResponse> {
  return call(client, 'InitiateAuth', { ClientId: client.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } });
}

/** New ID and access tokens from the refresh token. */
export function refreshTokens(client: CognitoClient, refreshToken: string): Promise<InitiateAuthResponse> {
  return call(client, 'InitiateAuth', { ClientId: client.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } });
}

/** Revokes a refresh token and the tokens issued from it (the app client has token revocation on). */
export async function revokeToken(client: CognitoClient, refreshToken: string): Promise<void> {
  await call(client, 'RevokeToken', { ClientId: client.clientId, Token: refreshToken });
}

export function signUp(
  client: CognitoClient,
  input: { username: string; password: string; attributes: Record<string, string> },
): Promise<{ UserConfirmed?: boolean; UserSub?: string }> {
  return call(client, 'SignUp', {
    ClientId: client.clientId,
    Username: input.username,
    Password: input.password,
    UserAttributes: Object.entries(input.attributes).map(([Name, Value]) => ({ Name, Value })),
  });
}

export async function confirmSignUp(client: CognitoClient, username: string, code: string): Promise<void> {
  await call(client, 'ConfirmSignUp', { ClientId: client.clientId, Username: username, ConfirmationCode: code });
}

export async function resendConfirmationCode(client: CognitoClient, username: string): Promise<void> {
  await call(client, 'ResendConfirmationCode', { ClientId: client.clientId, Username: username });
}

export async function forgotPassword(client: CognitoClient, username: string): Promise<void> {
  await call(client, 'ForgotPassword', { ClientId: client.clientId, Username: username });
}

export async function confirmForgotPassword(client: CognitoClient, input: { username: string; code: string; password: string }): Promise<void> {
  await call(client, 'ConfirmForgotPassword', {
    ClientId: client.clientId,
    Username: input.username,
    ConfirmationCode: input.code,
    Password: input.password,
  });
}

/** Needs a current access token; Cognito checks the previous password. */
export async function changePassword(client: CognitoClient, input: { accessToken: string; previous: string; proposed: string }): Promise<void> {
  await call(client, 'ChangePassword', { AccessToken: input.accessToken, PreviousPassword: input.previous, ProposedPassword: input.proposed });
}

/** A JWT's claims, unverified (the server verifies; the browser only reads expiry and email). Undefined if malformed. */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
