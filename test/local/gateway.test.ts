import { describe, expect, it } from 'vitest';
import { callApi, createTestSeller } from '../support/sellers.js';

/** The local gateway of the global setup's cloud (API Gateway HTTP API + CloudFront, locally). */
const base = () => process.env.TEST_API_URL!.replace(/\/api$/, '');

describe('local gateway', () => {
  it('answers 404 JSON for an /api path that is not in the route table', async () => {
    const res = await callApi(undefined, 'GET', '/api/nothing/here');
    expect(res).toEqual({ status: 404, json: { message: 'Not found' } });
  });

  it('answers 405 for a known path with another method', async () => {
    const res = await fetch(`${base()}/api/customers/get`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('refuses a body over 10 MB with 413', async () => {
    const res = await fetch(`${base()}/api/customers/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/10 MB/);
  });

  it('serves /config.json for the SPA', async () => {
    const res = await fetch(`${base()}/config.json`);
    expect(await res.json()).toEqual({
      region: process.env.AWS_REGION,
      userPoolId: process.env.TEST_USER_POOL_ID,
      userPoolClientId: process.env.TEST_CLIENT_ID,
      cognitoEndpoint: `${base()}/cognito`,
      apiBase: '/api',
    });
  });

  it('proxies /cognito to cognito-local (one origin for the browser)', async () => {
    const res = await fetch(`${base()}/cognito/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: process.env.TEST_CLIENT_ID,
        AuthParameters: { USERNAME: 'nobody@test.consultantdesk.test', PASSWORD: 'Wrong-Password-1' },
      }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/NotAuthorized|UserNotFound/);
  });

  it('hands a signed-in request to the call group handler', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const res = await seller.api('GET', '/api/consultant/dashboard');
    expect(res.status).toBe(200);
  });
});
