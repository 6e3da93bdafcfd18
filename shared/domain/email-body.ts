import { isEmailImageKey } from './email-images.js';

/**
 * How an email's plain-text message reads as a page (the HTML part of the sent email, and the editors' preview): its
 * paragraphs, the web addresses in them as links, and an image the seller uploaded, on a line of its own, as the
 * image itself. One reading for both, so the preview shows what the customer gets.
 */

/** A piece of a line: words as typed, or a web address the reader can follow. */
export type Inline = { text: string } | { link: string };
/** A paragraph (its lines), or one of the seller's uploaded images on a line of its own. */
export type Block = { lines: Inline[][] } | { image: string };

const ADDRESS = /https?:\/\/[^\s<>"]+/g;
/** Punctuation that ends a sentence rather than the address ("see https://x.com/a."). */
const TRAILING = /[.,;:!?'"\]]+$/;

/** The address without the sentence's punctuation after it; a closing parenthesis stays when the address opened one. */
function trimAddress(found: string): string {
  let url = found;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    if (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) url = url.slice(0, -1);
    if (url === before) return url;
  }
}

/** A line as words and links. */
export function inlinesOf(line: string): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  for (const match of line.matchAll(ADDRESS)) {
    const link = trimAddress(match[0]);
    const start = match.index;
    if (start > at) out.push({ text: line.slice(at, start) });
    out.push({ link });
    at = start + link.length;
  }
  if (at < line.length) out.push({ text: line.slice(at) });
  return out;
}

/**
 * Whether `url` is one of the seller's uploaded images: an image key (`email-images/<seller>/<sha256>.<ext>`) under
 * the address images are served from (the upload answers exactly that). Any other address stays a link: we show as
 * an image only what we checked was one.
 */
export function isUploadedImage(url: string, imageBaseUrl: string | undefined): boolean {
  if (!imageBaseUrl) return false;
  const prefix = `${imageBaseUrl.replace(/\/+$/, '')}/`;
  return url.startsWith(prefix) && isEmailImageKey(url.slice(prefix.length));
}

/** The message as paragraphs (split at blank lines) and images (an uploaded image's address alone on its line). */
export function emailBlocks(message: string, imageBaseUrl: string | undefined): Block[] {
  const blocks: Block[] = [];
  let paragraph: Inline[][] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ lines: paragraph });
    paragraph = [];
  };
  for (const raw of message.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') endParagraph();
    else if (isUploadedImage(line.trim(), imageBaseUrl)) {
      endParagraph();
      blocks.push({ image: line.trim() });
    } else paragraph.push(inlinesOf(line));
  }
  endParagraph();
  return blocks;
}
