import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../shared/api/routes.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/**
 * Walks the route table through the local gateway: every route exists, refuses a caller without a token (401),
 * rejects bad input with 400 and a message per field, never answers 500, and answers what its response schema says.
 */
const apiUrl = () => process.env.TEST_API_URL!;

async function call(method: string, path: string, init: { token?: string; body?: string; query?: string } = {}) {
  const res = await fetch(`${apiUrl()}${path.replace(/^\/api/, '')}${init.query ?? ''}`, {
    method,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body,
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    // a non-JSON body fails the assertions below on its own
  }
  return { status: res.status, json };
}

let executive: TestSeller;
let starter: TestSeller;
/** Executive sellers the routes take turns with: a few calls each, so none reaches the per-seller rate limit. */
let executives: TestSeller[];
const EXECUTIVES = 8;

beforeAll(async () => {
  [starter, ...executives] = await Promise.all([
    createTestSeller({ plan: 'starter' }),
    ...Array.from({ length: EXECUTIVES }, () => createTestSeller({ plan: 'executive' })),
  ]);
  executive = executives[0]!;
});

describe.each(routeList.map((r, i) => [`${r.method} ${r.path}`, r, i] as const))('%s', (_name, route, index) => {
  const executiveFor = () => executives[index % EXECUTIVES]!;
  if (route.id === 'status.feed') {
    // The status feed is a file anyone may read (CloudFront serves it from S3 in AWS): no seller data in it.
    it('answers anyone, signed in or not', async () => {
      expect((await call(route.method, route.path)).status).toBe(200);
      expect((await call(route.method, route.path, { token: 'not.a.jwt' })).status).toBe(200);
    });
  } else if (route.public) {
    // Public (an email's unsubscribe link): no sign-in, but nothing without the link's own signed token.
    it('refuses a caller without the link\'s token, signed in or not (400)', async () => {
      expect((await call(route.method, route.path)).status).toBe(400);
      expect((await call(route.method, route.path, { token: 'not.a.jwt', query: '?token=not.a-token' })).status).toBe(400);
    });
  } else {
    it('refuses a caller without a token or with a forged one (401)', async () => {
      expect((await call(route.method, route.path)).status).toBe(401);
      expect((await call(route.method, route.path, { token: 'not.a.jwt' })).status).toBe(401);
    });
  }

  if (route.method === 'POST') {
    it('rejects a bad body with 400 and a message', async () => {
      const res = await call(route.method, route.path, { token: executiveFor().idToken, body: '"not an object"' });
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
    });
  } else if (!route.query.safeParse({}).success) {
    it('rejects a missing query with 400 and a message per field', async () => {
      const res = await call(route.method, route.path, { token: executiveFor().idToken });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json.errors as object).length).toBeGreaterThan(0);
    });
  }

  it('answers a signed-in caller without a 500', async () => {
    const res = await call(route.method, route.path, {
      token: executiveFor().idToken,
      body: route.method === 'POST' ? '{}' : undefined,
    });
    expect(res.status === 501 || res.status < 500, `status ${res.status}`).toBe(true);
    if (res.status === 501) expect(res.json).toEqual({ message: 'Not implemented yet', route: `${route.method} ${route.path}` });
    // What the web app parses every answer with: the route's response schema.
    if (res.status === 200 && route.response) {
      const parsed = route.response.safeParse(res.json);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });
});

describe('gateway and gate', () => {
  it('answers 404 for a path that is not in the route table', async () => {
    expect((await call('GET', '/api/nothing/here', { token: executive.idToken })).status).toBe(404);
  });

  it('stops a starter seller at a growth route with 403 Upgrade Required', async () => {
    const res = await call('GET', '/api/rewards/getSettings', { token: starter.idToken });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Upgrade Required');
  });

  it('accepts the access token as well as the ID token', async () => {
    const res = await call('GET', '/api/consultant/dashboard', { token: starter.accessToken });
    expect(res.status).toBe(200);
    expect(res.json.plan).toBe('starter');
  });

  it('serves the dashboard from the seller profile', async () => {
    const res = await call('GET', '/api/consultant/dashboard', { token: executive.idToken });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ plan: 'executive', customerCount: 0, orderCount: 0 });
  });
});
