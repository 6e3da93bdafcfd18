import { describe, expect, it } from 'vitest';
import { checkEmailImage, imageTypeOf, MAX_EMAIL_IMAGE_BYTES } from './email-images.js';

const bytes = (...b: number[]) => new Uint8Array(b);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);

describe('email image checks', () => {
  it('recognises PNG, JPEG and both GIF versions by their first bytes', () => {
    expect(imageTypeOf(PNG)).toBe('png');
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpg');
    expect(imageTypeOf(new TextEncoder().encode('GIF87a....'))).toBe('gif');
    expect(imageTypeOf(new TextEncoder().encode('GIF89a....'))).toBe('gif');
  });

  it('refuses other content whatever it claims to be: text, SVG, WebP, a truncated signature', () => {
    expect(imageTypeOf(new TextEncoder().encode('name,email\n'))).toBeUndefined();
    expect(imageTypeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(imageTypeOf(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBeUndefined();
    expect(imageTypeOf(PNG.slice(0, 4))).toBeUndefined();
    expect(checkEmailImage(new TextEncoder().encode('%PDF-1.7'))).toEqual({ ok: false, reason: 'notImage' });
  });

  it('refuses an empty file and one over 5 MB, accepts exactly 5 MB', () => {
    expect(checkEmailImage(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
    const atLimit = new Uint8Array(MAX_EMAIL_IMAGE_BYTES);
    atLimit.set(PNG);
    expect(checkEmailImage(atLimit)).toEqual({ ok: true, extension: 'png', contentType: 'image/png' });
    const over = new Uint8Array(MAX_EMAIL_IMAGE_BYTES + 1);
    over.set(PNG);
    expect(checkEmailImage(over)).toEqual({ ok: false, reason: 'tooLarge' });
  });
});
