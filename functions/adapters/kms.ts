import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { config } from '../config.js';

/** One client per container; only the functions that hold platform credentials import it. */
export const kms = new KMSClient({ region: config.AWS_REGION });

/** A new AES-256 data key: in plain text to use now, wrapped by the key to store beside what it encrypts. */
export async function generateDataKey(keyId: string, context: Record<string, string>): Promise<{ plaintext: Uint8Array; wrapped: Uint8Array }> {
  const out = await kms.send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }));
  if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
  return { plaintext: out.Plaintext, wrapped: out.CiphertextBlob };
}

/** Unwraps a data key; the context must be the one it was generated with. */
export async function decryptDataKey(wrapped: Uint8Array, context: Record<string, string>, keyId?: string): Promise<Uint8Array> {
  const out = await kms.send(new DecryptCommand({ CiphertextBlob: wrapped, EncryptionContext: context, KeyId: keyId }));
  if (!out.Plaintext) throw new Error('KMS returned no data key');
  return out.Plaintext;
}
