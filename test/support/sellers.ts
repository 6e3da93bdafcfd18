import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import type { Plan } from '../../shared/domain/plans.js';

export interface ApiResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the route answers
  json: any;
}

export interface ApiOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** An object is sent as JSON; a string, FormData or Uint8Array as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the access token instead of the ID token. */
  useAccessToken?: boolean;
}

export interface TestSeller {
  sellerId: string;
  idToken: string;
  accessToken: string;
  email: string;
  password: string;
  plan: Plan;
  /** Calls the local gateway as this seller; `path` may start with /api or not. */
  api(method: string, path: string, options?: ApiOptions): Promise<ApiResult>;
}

function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the tests through vitest (its global setup starts the local cloud)`);
  return v;
}

let client: CognitoIdentityProviderClient | undefined;
function cognito(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient({
    region: process.env.AWS_REGION ?? 'us-east-1',
    endpoint: env('TEST_COGNITO_ENDPOINT'),
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return client;
}

/** Calls the gateway at TEST_API_URL with a bearer token (none when `token` is undefined). */
export async function callApi(token: string | undefined, method: string, path: string, options: ApiOptions = {}): Promise<ApiResult> {
  const url = new URL(`${env('TEST_API_URL')}${path.replace(/^\/api(?=\/|$)/, '')}`);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  const b = options.body;
  if (b === undefined) body = undefined;
  else if (typeof b === 'string' || b instanceof FormData || b instanceof Uint8Array) body = b as BodyInit;
  else {
    body = JSON.stringify(b);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the text itself
  }
  return { status: res.status, json };
}

/**
 * A new seller for one test: a unique, confirmed Cognito user in cognito-local (permanent password), signed in
 * with USER_PASSWORD_AUTH, with its profile record on the given plan.
 */
export async function createTestSeller(options: { plan?: Plan; name?: string; businessName?: string } = {}): Promise<TestSeller> {
  const plan = options.plan ?? 'starter';
  const userPoolId = env('TEST_USER_POOL_ID');
  const clientId = env('TEST_CLIENT_ID');
  const id = randomUUID().slice(0, 8);
  const email = `seller-${id}@test.consultantdesk.test`;
  const password = `Test-${randomUUID()}-Aa1`;
  const name = options.name ?? `Test Seller ${id}`;
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: name },
      ],
    }),
  );
  await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
  const auth = await cognito().send(
    new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const idToken = auth.AuthenticationResult?.IdToken;
  const accessToken = auth.AuthenticationResult?.AccessToken;
  if (!idToken || !accessToken) throw new Error(`Sign-in of ${email} returned no tokens`);
  const sellerId =
    created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ??
    (decomposeUnverifiedJwt(idToken).payload.sub as string);

  const { createSellerProfile } = await import('../../functions/data/sellers.js');
  await createSellerProfile({ sellerId, email, name, businessName: options.businessName ?? `${name}'s Shop`, plan });

  return {
    sellerId,
    idToken,
    accessToken,
    email,
    password,
    plan,
    api: (method, path, opts = {}) => callApi(opts.useAccessToken ? accessToken : idToken, method, path, opts),
  };
}

/** Disables the seller's account in the user pool, as an operator would (docs/runbook.md "Disable a seller"). */
export async function disableTestSeller(seller: TestSeller): Promise<void> {
  await cognito().send(new AdminDisableUserCommand({ UserPoolId: env('TEST_USER_POOL_ID'), Username: seller.email }));
}
