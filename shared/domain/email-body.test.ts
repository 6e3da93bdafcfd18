import { describe, expect, it } from 'vitest';
import { emailBlocks, inlinesOf, isUploadedImage } from './email-body.js';

const BASE = 'https://desk.example.com';
const IMAGE = `${BASE}/email-images/seller-1/${'a'.repeat(64)}.png`;

describe('email body', () => {
  it('splits paragraphs at blank lines and keeps their lines', () => {
    expect(emailBlocks('Hi Ada,\r\n\r\nLine one\nLine two\n  \n\nBye', BASE)).toEqual([
      { lines: [[{ text: 'Hi Ada,' }]] },
      { lines: [[{ text: 'Line one' }], [{ text: 'Line two' }]] },
      { lines: [[{ text: 'Bye' }]] },
    ]);
    expect(emailBlocks('', BASE)).toEqual([]);
  });

  it('shows an uploaded image alone on its line as the image, between the paragraphs around it', () => {
    expect(emailBlocks(`Look:\n${IMAGE}\nNice?`, BASE)).toEqual([{ lines: [[{ text: 'Look:' }]] }, { image: IMAGE }, { lines: [[{ text: 'Nice?' }]] }]);
    expect(emailBlocks(`  ${IMAGE}  `, `${BASE}/`)).toEqual([{ image: IMAGE }]);
  });

  it('shows as an image only our own image addresses; any other is a link', () => {
    expect(isUploadedImage(IMAGE, BASE)).toBe(true);
    expect(isUploadedImage(IMAGE, undefined)).toBe(false);
    expect(isUploadedImage(IMAGE.replace('desk.example.com', 'evil.example.com'), BASE)).toBe(false);
    expect(isUploadedImage(`${IMAGE}?x=1`, BASE)).toBe(false);
    expect(isUploadedImage(`${BASE}/email-images/seller-1/short.png`, BASE)).toBe(false);
    expect(isUploadedImage(`${BASE}/email-images/seller-1/${'a'.repeat(64)}.svg`, BASE)).toBe(false);
    expect(emailBlocks(`See ${IMAGE}`, BASE)).toEqual([{ lines: [[{ text: 'See ' }, { link: IMAGE }]] }]);
  });

  it('links web addresses, leaving a sentence\'s punctuation out of them', () => {
    expect(inlinesOf('Track it at https://tools.usps.com/go?t=94&x=1. Thanks!')).toEqual([
      { text: 'Track it at ' },
      { link: 'https://tools.usps.com/go?t=94&x=1' },
      { text: '. Thanks!' },
    ]);
    expect(inlinesOf('(see http://a.example/b), or https://en.example.org/wiki/Soy_(wax)')).toEqual([
      { text: '(see ' },
      { link: 'http://a.example/b' },
      { text: '), or ' },
      { link: 'https://en.example.org/wiki/Soy_(wax)' },
    ]);
    expect(inlinesOf('"https://a.example/x" <https://b.example/y>')).toEqual([
      { text: '"' },
      { link: 'https://a.example/x' },
      { text: '" <' },
      { link: 'https://b.example/y' },
      { text: '>' },
    ]);
    expect(inlinesOf('javascript:alert(1) and ftp://x.example')).toEqual([{ text: 'javascript:alert(1) and ftp://x.example' }]);
  });
});
