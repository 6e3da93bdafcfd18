import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { config, required } from '../config.js';
import { Unauthorized } from '../domain/errors.js';
import { forgetOldest } from '../services/bounded.js';
import { accountIsEnabled } from '../sellers/account.js';

export interface Caller {
  sellerId: string;
  email?: string;
  name?: string;
}

/** JWKS are fetched with the platform fetch, so the local cloud's http:// issuer works as AWS's https:// one does. */
const jwksCache = new SimpleJwksCache({
  fetcher: {
    fetch: async (uri: string) => {
      const res = await fetch(uri);
      if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
      return res.arrayBuffer();
    },
  },
});

let verifier: ReturnType<typeof makeVerifier> | undefined;
function makeVerifier() {
  const poolId = required('USER_POOL_ID');
  const issuer = config.JWT_ISSUER ?? `https://cognito-idp.${config.AWS_REGION}.amazonaws.com/${poolId}`;
  return JwtVerifier.create(
    { issuer, audience: null, jwksUri: config.JWKS_URI ?? `${issuer}/.well-known/jwks.json` },
    { jwksCache },
  );
}

/** Tokens a container remembers as verified; past it the oldest is forgotten (and verified again if it comes back). */
const MAX_VERIFIED_TOKENS = 1_000;
const verified = new Map<string, { payload: Record<string, unknown>; until: number }>();

/**
 * The token's claims once its signature, issuer and expiry are checked. A token verified before is taken by its
 * exact text until its `exp`: the signature covers every byte of it, so the same text verifies the same way until
 * then, and a busy seller's calls cost one RSA verification a token (an hour) instead of one each (issue 18). A token
 * that fails is not remembered.
 */
async function verifiedPayload(token: string): Promise<Record<string, unknown>> {
  const known = verified.get(token);
  if (known && Date.now() < known.until) return known.payload;
  verified.delete(token);
  verifier ??= makeVerifier();
  let payload: Record<string, unknown>;
  try {
    payload = (await verifier.verify(token)) as Record<string, unknown>;
  } catch {
    throw new Unauthorized();
  }
  // exp is in seconds. A token without one (never Cognito's) is verified on every call.
  if (typeof payload.exp !== 'number') return payload;
  verified.set(token, { payload, until: payload.exp * 1000 });
  forgetOldest(verified, MAX_VERIFIED_TOKENS);
  return payload;
}

/**
 * The seller is the verified token's subject, never a request field. A token outlives a disabled account (up to
 * an hour), so the account itself is checked too, at most a minute old (functions/sellers/account.ts). ID tokens carry the client in `aud`,
 * access tokens in `client_id` (as API Gateway's JWT authorizer accepts both); `token_use` is checked here.
 */
export async function authenticate(authorization: string | undefined): Promise<Caller> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) throw new Unauthorized();
  const payload = await verifiedPayload(token);
  const clientId = required('USER_POOL_CLIENT_ID');
  const use = payload.token_use;
  const audienceOk =
    (use === 'id' && payload.aud === clientId) || (use === 'access' && payload.client_id === clientId);
  if (!audienceOk || typeof payload.sub !== 'string') throw new Unauthorized();
  // The pool's user name: `cognito:username` in ID tokens, `username` in access tokens.
  const username = use === 'id' ? payload['cognito:username'] : payload.username;
  if (typeof username !== 'string' || !(await accountIsEnabled(username))) throw new Unauthorized();
  return {
    sellerId: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : undefined,
    name: typeof payload.name === 'string' ? payload.name : undefined,
  };
}
