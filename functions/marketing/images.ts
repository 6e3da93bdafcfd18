import { createHash } from 'node:crypto';
import { MESSAGES } from '../../shared/api/messages.js';
import { checkEmailImage, EMAIL_IMAGE_PREFIX, MAX_EMAIL_IMAGE_LABEL } from '../../shared/domain/email-images.js';
import type { UploadedFile } from '../../shared/schemas/common.js';
import { putEmailImage } from '../adapters/s3.js';
import { required } from '../config.js';
import { InvalidInput } from '../domain/errors.js';

const REFUSAL = {
  empty: MESSAGES.chooseFile,
  tooLarge: MESSAGES.fileTooLarge(MAX_EMAIL_IMAGE_LABEL),
  notImage: MESSAGES.imageNotImage,
} as const;

/**
 * An image for an email (issue 15): PNG, JPEG or GIF by its content, at most 5 MB, stored under the seller by its
 * SHA-256 (the same image twice is one object), answered with the public URL an email can show. Anything else is
 * refused before anything is written.
 */
export async function uploadEmailImage(sellerId: string, files: UploadedFile[]): Promise<{ success: true; url: string; key: string }> {
  const file = files[0];
  if (!file) throw new InvalidInput({ files: MESSAGES.chooseFile });
  const check = checkEmailImage(file.content);
  if (!check.ok) throw new InvalidInput({ files: REFUSAL[check.reason] });
  const hash = createHash('sha256').update(file.content).digest('hex');
  const key = `${EMAIL_IMAGE_PREFIX}${sellerId}/${hash}.${check.extension}`;
  // The same bytes make the same key: a second upload of an image rewrites the identical object.
  await putEmailImage(key, file.content, check.contentType);
  return { success: true, url: `${required('EMAIL_IMAGE_BASE_URL').replace(/\/$/, '')}/${key}`, key };
}
