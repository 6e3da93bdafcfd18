import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { MARKETPLACE_SOURCES } from '../../shared/domain/consent.js';
import { type Block, emailBlocks, type Inline } from '../../shared/domain/email-body.js';
import type { PostalAddress } from '../../shared/domain/orders.js';
import { MAX_UNSUBSCRIBE_TOKEN } from '../../shared/schemas/email.js';

/**
 * The pure rules of sending email (functions/email uses them): consent, the footer and headers every email carries,
 * the unsubscribe token, and which SES failures are throttling.
 */

/** Marketplaces whose terms forbid marketing email to their buyers (issue 15): one list with the screens' badge. */
export { MARKETPLACE_SOURCES };

export type EmailCategory = 'marketing' | 'transactional';
export type Suppression = 'bounced' | 'complained' | 'unsubscribed';

/** How /customers shows a customer's address: a bounce or complaint first (nothing reaches it), then an unsubscribe. */
export function emailStatusOf(customer: { unsubscribedAt?: string }, suppression: Suppression | undefined): 'ok' | 'unsubscribed' | 'bounced' | 'complained' {
  if (suppression === 'bounced' || suppression === 'complained') return suppression;
  return customer.unsubscribedAt || suppression === 'unsubscribed' ? 'unsubscribed' : 'ok';
}

/**
 * Whether an address's suppression may become `next` where it is `current` (none: undefined): a bounce or complaint
 * replaces anything (it also stops transactional mail), an unsubscribe never replaces a bounce or complaint. The
 * ledger's rule (suppressAddress) and its copy's on the customer item.
 */
export function suppressionReplaces(next: Suppression, current: Suppression | undefined): boolean {
  return next !== 'unsubscribed' || current === undefined || current === 'unsubscribed';
}

export interface Consent {
  /** The customer's record, when the email goes to a customer. */
  customer?: { source: string; marketingAllowed: boolean; unsubscribedAt?: string };
  /** The address's suppression for this seller, if any. */
  suppression?: Suppression;
}

/**
 * Why an email must not go out, or undefined when it may. A bounced or complained address gets nothing at all;
 * marketing also needs a customer who may receive it (not unsubscribed, not a marketplace's buyer) and an address
 * that did not unsubscribe.
 */
export function blockedBecause(category: EmailCategory, consent: Consent): string | undefined {
  if (consent.suppression === 'bounced' || consent.suppression === 'complained') return consent.suppression;
  if (category === 'transactional') return undefined;
  if (consent.suppression === 'unsubscribed') return 'unsubscribed';
  const c = consent.customer;
  if (!c) return undefined;
  if (MARKETPLACE_SOURCES.includes(c.source)) return 'marketplace';
  if (c.unsubscribedAt) return 'unsubscribed';
  if (!c.marketingAllowed) return 'marketingNotAllowed';
  return undefined;
}

/** Who the unsubscribe link unsubscribes: a customer of the seller, or an address with no customer record. */
export type UnsubscribeTarget = { sellerId: string; customerId: string } | { sellerId: string; address: string };

const TOKEN_VERSION = 1;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,700}\.[A-Za-z0-9_-]{43}$/;

/** The secret's key object, made once per process (a container has one secret, two while it rotates). */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

const mac = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(`unsubscribe.${payload}`).digest();

/** `<payload>.<HMAC-SHA256>`, both base64url: the payload names seller and customer (or address), the HMAC binds them. */
export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const body = 'customerId' in target ? { v: TOKEN_VERSION, s: target.sellerId, c: target.customerId } : { v: TOKEN_VERSION, s: target.sellerId, a: target.address };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

const nonEmpty = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** The target of a token this secret signed, or undefined for anything else (shape, signature, content). */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | undefined {
  if (token.length > MAX_UNSUBSCRIBE_TOKEN || !TOKEN_SHAPE.test(token)) return undefined;
  const [payload = '', signature = ''] = token.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { v, s, c, a } = body as Record<string, unknown>;
  if (v !== TOKEN_VERSION || !nonEmpty(s, 200)) return undefined;
  if (nonEmpty(c, 200) && a === undefined) return { sellerId: s, customerId: c };
  if (nonEmpty(a, 254) && c === undefined) return { sellerId: s, address: a };
  return undefined;
}

/** The path of the unsubscribe call (shared/api/routes.ts `customers.unsubscribe`), under the web app's origin. */
export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';
/** The web app's page that shows the outcome (web/src/app/router.tsx). */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

export function unsubscribeUrls(baseUrl: string, token: string): { oneClick: string; page: string } {
  const base = baseUrl.replace(/\/+$/, '');
  const t = encodeURIComponent(token);
  return { oneClick: `${base}${UNSUBSCRIBE_PATH}?token=${t}`, page: `${base}${UNSUBSCRIBE_PAGE}?token=${t}` };
}

export interface Sender {
  /** The seller's business name (or name): the footer's first line and the From display name. */
  name: string;
  /** The seller's postal address, lines as printed; CAN-SPAM requires one in every commercial email. */
  address: string[];
}

export interface Composed {
  subject: string;
  text: string;
  /** The same email as a page: paragraphs, links, the seller's images shown (shared/domain/email-body.ts). */
  html: string;
  headers: { name: string; value: string }[];
}

/** Header values are one line: no CR or LF can smuggle another header in. */
const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ').trim();

/**
 * The email as sent: the text, then the footer (the seller's name and postal address on every email; for
 * marketing the unsubscribe link), the same as HTML (where an uploaded image's address shows the image), and the
 * headers: RFC 8058 one-click unsubscribe for marketing, the correlation id on every email.
 */
export function composeEmail(input: {
  subject: string;
  text: string;
  sender: Sender;
  category: EmailCategory;
  unsubscribe?: { oneClick: string; page: string };
  correlationId?: string;
  /** Where the seller's uploaded images are served (their addresses in the text become images in the HTML). */
  imageBaseUrl?: string;
}): Composed {
  if (input.category === 'marketing' && !input.unsubscribe) throw new Error('A marketing email needs its unsubscribe link');
  const signature = withoutRepeats([input.sender.name, ...input.sender.address]);
  const footer = ['--', ...signature];
  const headers: Composed['headers'] = [];
  const why = `You get this email because you are a customer of ${input.sender.name}.`;
  if (input.category === 'marketing' && input.unsubscribe) {
    footer.push('', why, `Unsubscribe: ${input.unsubscribe.page}`);
    headers.push({ name: 'List-Unsubscribe', value: `<${oneLine(input.unsubscribe.oneClick)}>` });
    headers.push({ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' });
  }
  if (input.correlationId) headers.push({ name: 'X-Correlation-Id', value: oneLine(input.correlationId) });
  const html = htmlEmail({
    subject: oneLine(input.subject),
    blocks: emailBlocks(input.text, input.imageBaseUrl),
    signature,
    ...(input.category === 'marketing' && input.unsubscribe ? { unsubscribe: { why, page: input.unsubscribe.page } } : {}),
  });
  return { subject: oneLine(input.subject), text: `${input.text.trimEnd()}\n\n${footer.join('\n')}\n`, html, headers };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML text or an attribute's value: nothing the seller or a customer typed is read as markup. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

const inlineHtml = (part: Inline) => ('link' in part ? `<a href="${escapeHtml(part.link)}">${escapeHtml(part.link)}</a>` : escapeHtml(part.text));

const blockHtml = (block: Block) =>
  'image' in block
    ? `<p><img src="${escapeHtml(block.image)}" alt="" style="display:block;max-width:100%;height:auto;border:0"></p>`
    : `<p>${block.lines.map((line) => line.map(inlineHtml).join('')).join('<br>')}</p>`;

/** One column, system font, inline styles (mail clients drop style sheets), the footer small and grey. */
function htmlEmail(email: { subject: string; blocks: Block[]; signature: string[]; unsubscribe?: { why: string; page: string } }): string {
  const small = 'font-size:12px;color:#6c757d';
  const footer = [`<p style="${small}">${email.signature.map(escapeHtml).join('<br>')}</p>`];
  if (email.unsubscribe) {
    footer.push(`<p style="${small}">${escapeHtml(email.unsubscribe.why)}<br><a href="${escapeHtml(email.unsubscribe.page)}" style="color:#6c757d">Unsubscribe</a></p>`);
  }
  return [
    '<!DOCTYPE html>',
    `<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(email.subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#212529">',
    '<div style="max-width:600px;margin:0 auto">',
    ...email.blocks.map(blockHtml),
    '<hr style="border:0;border-top:1px solid #dee2e6;margin:24px 0 8px">',
    ...footer,
    '</div></body></html>',
    '',
  ].join('\n');
}

/** "Dana's Direct Sales" <no-reply@…>: the display name quoted, its quotes and backslashes escaped. */
export function fromHeader(name: string, address: string): string {
  const display = oneLine(name).replace(/[\\"]/g, (c) => `\\${c}`).slice(0, 100);
  return display ? `"${display}" <${address}>` : address;
}

/** An SES EmailTag value: letters, digits, '_', '-', '.', '@'; at most 256. */
export const tagValue = (v: string) => v.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 256) || '_';

const THROTTLING = new Set(['TooManyRequestsException', 'Throttling', 'ThrottlingException', 'LimitExceededException', 'SlowDown']);

/** SES said "slow down": the email is retried after a wait, never dropped. */
export function isThrottling(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } } | null | undefined;
  if (!e) return false;
  return THROTTLING.has(e.name ?? '') || THROTTLING.has(e.Code ?? '') || e.$metadata?.httpStatusCode === 429;
}

/**
 * The lines trimmed, blank ones and each one that repeats the line above it (ignoring case) left out: a return
 * address's company is often the business name the footer has just written.
 */
function withoutRepeats(lines: (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const raw of lines) {
    const line = (raw ?? '').trim();
    if (line && line.toLowerCase() !== out.at(-1)?.toLowerCase()) out.push(line);
  }
  return out;
}

/** A postal address as footer lines: the company, street lines, "City, ST ZIP", the country when not the US. */
export function formatAddressLines(a: Partial<PostalAddress> | undefined): string[] {
  if (!a) return [];
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [a.company, a.address1, a.address2, a.address3, cityLine, a.country && a.country !== 'US' ? a.country : undefined];
  return withoutRepeats(lines);
}
