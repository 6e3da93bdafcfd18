import { describe, expect, it } from 'vitest';
import {
  CognitoError,
  changePassword,
  cognitoClient,
  initiatePasswordAuth,
  jwtClaims,
  refreshTokens,
  revokeToken,
} from '../../web/src/lib/cognito.js';
import { createTestSeller } from '../support/sellers.js';

/** The web app's Cognito calls (web/src/lib/cognito.ts) against cognito-local, as the browser makes them. */
function client() {
  const endpoint = process.env.TEST_COGNITO_ENDPOINT;
  const clientId = process.env.TEST_CLIENT_ID;
  if (!endpoint || !clientId) throw new Error('TEST_COGNITO_ENDPOINT / TEST_CLIENT_ID missing: run through vitest');
  return cognitoClient({ region: 'us-east-1', userPoolClientId: clientId, cognitoEndpoint: endpoint });
}

async function refused(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    if (err instanceof CognitoError) return err.name;
    throw err;
  }
  throw new Error('the call was not refused');
}

describe('web Cognito client', () => {
  it('signs in with the password and answers tokens whose claims the app reads', async () => {
    const seller = await createTestSeller();
    const result = await initiatePasswordAuth(client(), seller.email, seller.password);
    const tokens = result.AuthenticationResult;
    expect(tokens?.RefreshToken).toBeTruthy();
    expect(jwtClaims(tokens?.IdToken ?? '')).toMatchObject({ email: seller.email, sub: seller.sellerId });
    expect(typeof jwtClaims(tokens?.AccessToken ?? '')?.exp).toBe('number');
  });

  it("names Cognito's refusal (a wrong password) so the sign-in page can word it", async () => {
    const seller = await createTestSeller();
    // Cognito says NotAuthorizedException, cognito-local InvalidPasswordException: the app words both the same.
    expect(['NotAuthorizedException', 'InvalidPasswordException']).toContain(await refused(initiatePasswordAuth(client(), seller.email, 'Wrong-Password-1!')));
  });

  it('refreshes the tokens with the refresh token, and not after the token was revoked', async () => {
    const seller = await createTestSeller();
    const signedIn = (await initiatePasswordAuth(client(), seller.email, seller.password)).AuthenticationResult;
    const refreshToken = signedIn?.RefreshToken ?? '';
    const refreshed = (await refreshTokens(client(), refreshToken)).AuthenticationResult;
    expect(jwtClaims(refreshed?.IdToken ?? '')?.sub).toBe(seller.sellerId);
    await revokeToken(client(), refreshToken);
    expect(await refused(refreshTokens(client(), refreshToken))).toBe('NotAuthorizedException');
  });

  it('changes the password with the access token; the new one signs in', async () => {
    const seller = await createTestSeller();
    const next = `${seller.password}-New`;
    await changePassword(client(), { accessToken: seller.accessToken, previous: seller.password, proposed: next });
    const result = await initiatePasswordAuth(client(), seller.email, next);
    expect(result.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('reads no claims from a malformed token', () => {
    expect(jwtClaims('not-a-jwt')).toBeUndefined();
    expect(jwtClaims('a.!!!.c')).toBeUndefined();
  });
});
