import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as z from 'zod';
import type { Platform } from '../../shared/domain/platforms.js';
import { decryptDataKey, generateDataKey } from '../adapters/kms.js';
import type { PlatformCredentials } from '../adapters/platforms/connector.js';
import { config } from '../config.js';

/**
 * Envelope encryption of a seller's platform credentials: a fresh 256-bit data key per write encrypts them with
 * AES-256-GCM; the data key itself is stored only encrypted, by AWS KMS (PLATFORM_CREDENTIALS_KEY_ARN) in the
 * stack, or by the local key (PLATFORM_CREDENTIALS_LOCAL_KEY) on a laptop. Seller and platform are bound in as
 * KMS encryption context and GCM additional data, so a sealed value copied to another seller's item does not open.
 */

/** Who the credentials belong to. */
export interface CredentialsOwner {
  sellerId: string;
  platform: Platform;
}

const sealed = z.object({
  v: z.literal(1),
  /** Which key wraps the data key. */
  kek: z.enum(['kms', 'local']),
  /** The data key, encrypted (KMS ciphertext blob, or iv|tag|ciphertext under the local key). */
  edk: z.string(),
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
});

const credentialsSchema = z.object({
  accessToken: z.string().optional(),
  apiKey: z.string().optional(),
  apiSecret: z.string().optional(),
  storeUrl: z.string().optional(),
  extra: z.record(z.string(), z.string()).optional(),
  refreshToken: z.string().optional(),
  expiresAt: z.string().optional(),
}) satisfies z.ZodType<PlatformCredentials>;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => Buffer.from(text, 'base64');
const aad = (owner: CredentialsOwner) => Buffer.from(`consultant-desk:platform-credentials:${owner.sellerId}:${owner.platform}`);
const kmsContext = (owner: CredentialsOwner) => ({ purpose: 'platform-credentials', sellerId: owner.sellerId, platform: owner.platform });

function gcmSeal(key: Uint8Array, plaintext: Uint8Array, additional: Uint8Array) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(additional);
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

function gcmOpen(key: Uint8Array, box: { iv: Uint8Array; tag: Uint8Array; data: Uint8Array }, additional: Uint8Array): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, box.iv).setAAD(additional).setAuthTag(box.tag);
  return Buffer.concat([decipher.update(box.data), decipher.final()]);
}

function localKey(): Buffer {
  const key = config.PLATFORM_CREDENTIALS_LOCAL_KEY;
  if (!key) throw new Error('No key for platform credentials: set PLATFORM_CREDENTIALS_KEY_ARN or PLATFORM_CREDENTIALS_LOCAL_KEY');
  return bytes(key);
}

async function newDataKey(owner: CredentialsOwner): Promise<{ kek: 'kms' | 'local'; key: Buffer; edk: string }> {
  const keyArn = config.PLATFORM_CREDENTIALS_KEY_ARN;
  if (keyArn) {
    const { plaintext, wrapped } = await generateDataKey(keyArn, kmsContext(owner));
    return { kek: 'kms', key: Buffer.from(plaintext), edk: b64(wrapped) };
  }
  const key = randomBytes(32);
  const wrapped = gcmSeal(localKey(), key, aad(owner));
  return { kek: 'local', key, edk: b64(Buffer.concat([wrapped.iv, wrapped.tag, wrapped.data])) };
}

async function openDataKey(kek: 'kms' | 'local', edk: string, owner: CredentialsOwner): Promise<Buffer> {
  if (kek === 'kms') {
    return Buffer.from(await decryptDataKey(bytes(edk), kmsContext(owner), config.PLATFORM_CREDENTIALS_KEY_ARN));
  }
  const wrapped = bytes(edk);
  return gcmOpen(localKey(), { iv: wrapped.subarray(0, 12), tag: wrapped.subarray(12, 28), data: wrapped.subarray(28) }, aad(owner));
}

/** The credentials as stored: a JSON text holding only ciphertext. */
export async function sealCredentials(credentials: PlatformCredentials, owner: CredentialsOwner): Promise<string> {
  const dataKey = await newDataKey(owner);
  try {
    const box = gcmSeal(dataKey.key, Buffer.from(JSON.stringify(credentials)), aad(owner));
    return JSON.stringify({ v: 1, kek: dataKey.kek, edk: dataKey.edk, iv: b64(box.iv), tag: b64(box.tag), data: b64(box.data) });
  } finally {
    dataKey.key.fill(0);
  }
}

/** Opens what sealCredentials stored for the same seller and platform; anything else throws. */
export async function openCredentials(stored: string, owner: CredentialsOwner): Promise<PlatformCredentials> {
  const box = sealed.parse(JSON.parse(stored));
  const key = await openDataKey(box.kek, box.edk, owner);
  try {
    const plain = gcmOpen(key, { iv: bytes(box.iv), tag: bytes(box.tag), data: bytes(box.data) }, aad(owner));
    return credentialsSchema.parse(JSON.parse(plain.toString('utf8')));
  } finally {
    key.fill(0);
  }
}
