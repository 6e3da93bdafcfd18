/**
 * Images a seller may put in an email (issue 15): PNG, JPEG or GIF, at most 5 MB, recognised by their first bytes
 * (a renamed file or a false Content-Type is not an image to us).
 */
export const MAX_EMAIL_IMAGE_BYTES = 5 * 1_000_000;
export const MAX_EMAIL_IMAGE_LABEL = '5 MB';

/** Where email images live: `email-images/<sellerId>/<sha256>.<ext>`, served publicly at the same path. */
export const EMAIL_IMAGE_PREFIX = 'email-images/';

/** Whether `key` is an email image's key as we make them (the public path serves nothing else). */
export function isEmailImageKey(key: string): boolean {
  return /^email-images\/[A-Za-z0-9-]{1,200}\/[0-9a-f]{64}\.(png|jpg|gif)$/.test(key);
}

export const EMAIL_IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
} as const;
export type EmailImageExtension = keyof typeof EMAIL_IMAGE_TYPES;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

/** The image type the bytes are, by their signature; undefined for anything else (whatever the file is called). */
export function imageTypeOf(bytes: Uint8Array): EmailImageExtension | undefined {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  return undefined;
}

export type ImageCheck = { ok: true; extension: EmailImageExtension; contentType: string } | { ok: false; reason: 'empty' | 'tooLarge' | 'notImage' };

/** Whether the bytes may be stored as an email image: the size first, then the content. */
export function checkEmailImage(bytes: Uint8Array): ImageCheck {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > MAX_EMAIL_IMAGE_BYTES) return { ok: false, reason: 'tooLarge' };
  const extension = imageTypeOf(bytes);
  if (!extension) return { ok: false, reason: 'notImage' };
  return { ok: true, extension, contentType: EMAIL_IMAGE_TYPES[extension] };
}
