import { JwtVerifier } from 'aws-jwt-verify';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticate } from '../../functions/http/auth.js';
import { Unauthorized } from '../../functions/domain/errors.js';
import { createTestSeller } from '../support/sellers.js';

/**
 * A container verifies a token's signature once and takes the same token by its text until it expires
 * (functions/http/auth.ts). The verifier is the library's own, counted where it is called.
 */
describe('verified tokens', () => {
  let verifications: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    verifications = vi.spyOn(JwtVerifier.prototype, 'verify');
  });
  afterEach(() => {
    verifications.mockRestore();
    vi.useRealTimers();
  });

  it('verifies a token once, and each other token once', async () => {
    const seller = await createTestSeller();
    const first = await authenticate(`Bearer ${seller.idToken}`);
    expect(await authenticate(`Bearer ${seller.idToken}`)).toEqual(first);
    expect(await authenticate(`Bearer ${seller.idToken}`)).toEqual(first);
    expect(verifications).toHaveBeenCalledTimes(1);
    expect(first.sellerId).toBe(seller.sellerId);

    expect((await authenticate(`Bearer ${seller.accessToken}`)).sellerId).toBe(seller.sellerId);
    expect(verifications).toHaveBeenCalledTimes(2);
  });

  it('refuses a remembered token once it expires, and verifies it again to say so', async () => {
    const seller = await createTestSeller();
    await authenticate(`Bearer ${seller.idToken}`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(decomposeUnverifiedJwt(seller.idToken).payload.exp! * 1000 + 1_000);
    await expect(authenticate(`Bearer ${seller.idToken}`)).rejects.toBeInstanceOf(Unauthorized);
    expect(verifications).toHaveBeenCalledTimes(2);
  });

  it('does not remember a token that fails: a forged one is checked, and refused, every time', async () => {
    const seller = await createTestSeller();
    const { headerB64, payloadB64, signatureB64 } = decomposeUnverifiedJwt(seller.idToken);
    // The same claims under another signature.
    const forged = `${headerB64}.${payloadB64}.${signatureB64.startsWith('A') ? 'B' : 'A'}${signatureB64.slice(1)}`;
    await expect(authenticate(`Bearer ${forged}`)).rejects.toBeInstanceOf(Unauthorized);
    await expect(authenticate(`Bearer ${forged}`)).rejects.toBeInstanceOf(Unauthorized);
    expect(verifications).toHaveBeenCalledTimes(2);
    // The genuine token is not taken for the forged one, nor the forged one for it.
    expect((await authenticate(`Bearer ${seller.idToken}`)).sellerId).toBe(seller.sellerId);
    await expect(authenticate(`Bearer ${forged}`)).rejects.toBeInstanceOf(Unauthorized);
  });
});
