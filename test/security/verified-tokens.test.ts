import { JwtVerifier } from 'aws-jwt-verify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticate } from '../../functions/http/auth.js';
import { Unauthorized } from '../../functions/domain/errors.js';
import { createTestSeller } from '../support/sellers.js';

/** The claims part of a JWT, read without checking it (the test's own tokens). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };

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
    vi.setSystemTime(claimsOf(seller.idToken).exp * 1000 + 1_000);
    await expect(authenticate(`Bearer ${seller.idToken}`)).rejects.toBeInstanceOf(Unauthorized);
    expect(verifications).toHaveBeenCalledTimes(2);
  });

  it('does not remember a token that fails: a forged one is checked, and refused, every time', async () => {
    const seller = await createTestSeller();
    const [header, payload, signature] = seller.idToken.split('.') as [string, string, string];
    // The same claims under another signature.
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expect(authenticate(`Bearer ${forged}`)).rejects.toBeInstanceOf(Unauthorized);
    await expect(authenticate(`Bearer ${forged}`)).rejects.toBeInstanceOf(Unauthorized);
    expect(verifications).toHaveBeenCalledTimes(2);
    // The genuine token is not taken for the forged one, nor the forged one for it.
    expect((await authenticate(`Bearer ${seller.idToken}`)).sellerId).toBe(seller.sellerId);
    await expect(authenticate(`Bearer ${forged}`)).rejects.toBeInstanceOf(Unauthorized);
  });
});
