import { describe, expect, it } from 'vitest';
import {
  blockedBecause,
  composeEmail,
  emailStatusOf,
  formatAddressLines,
  fromHeader,
  isThrottling,
  suppressionReplaces,
  tagValue,
  unsubscribeToken,
  unsubscribeUrls,
  verifyUnsubscribeToken,
} from './email.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!!';
const sender = { name: "Dana's Direct Sales", address: ['12 Oak Ave', 'Denver, CO 80202'] };
const links = unsubscribeUrls('https://desk.example.com/', 'tok.en');

describe('unsubscribe token', () => {
  it('names the seller and customer it was made for, and nothing else verifies', () => {
    const token = unsubscribeToken(SECRET, { sellerId: 's-1', customerId: 'c-1' });
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ sellerId: 's-1', customerId: 'c-1' });
    expect(verifyUnsubscribeToken(`${SECRET}x`, token)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, `${token}x`)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, '')).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, 'x'.repeat(5000))).toBeUndefined();
  });

  it('cannot be turned into another customer\'s: the payload is signed', () => {
    const token = unsubscribeToken(SECRET, { sellerId: 's-1', customerId: 'c-1' });
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ v: 1, s: 's-1', c: 'c-2' })).toString('base64url');
    expect(verifyUnsubscribeToken(SECRET, `${forged}.${signature}`)).toBeUndefined();
    const other = unsubscribeToken(SECRET, { sellerId: 's-2', customerId: 'c-1' });
    expect(verifyUnsubscribeToken(SECRET, other)).toEqual({ sellerId: 's-2', customerId: 'c-1' });
    expect(other).not.toBe(token);
  });

  it('an address with no customer record has a token of its own', () => {
    const token = unsubscribeToken(SECRET, { sellerId: 's-1', address: 'friend@example.com' });
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ sellerId: 's-1', address: 'friend@example.com' });
  });
});

describe('consent', () => {
  const customer = { source: 'manual', marketingAllowed: true };
  it('marketing needs a customer who may receive it and an address that did not bounce, complain or unsubscribe', () => {
    expect(blockedBecause('marketing', { customer })).toBeUndefined();
    expect(blockedBecause('marketing', { customer: { ...customer, marketingAllowed: false } })).toBe('marketingNotAllowed');
    expect(blockedBecause('marketing', { customer: { ...customer, unsubscribedAt: '2026-11-01T00:00:00Z' } })).toBe('unsubscribed');
    for (const source of ['etsy', 'ebay', 'amazon']) expect(blockedBecause('marketing', { customer: { source, marketingAllowed: true } })).toBe('marketplace');
    expect(blockedBecause('marketing', { customer, suppression: 'bounced' })).toBe('bounced');
    expect(blockedBecause('marketing', { suppression: 'unsubscribed' })).toBe('unsubscribed');
    expect(blockedBecause('marketing', {})).toBeUndefined();
  });

  it('transactional mail reaches an unsubscribed or marketplace customer, never a bounced or complained address', () => {
    expect(blockedBecause('transactional', { customer: { source: 'etsy', marketingAllowed: false, unsubscribedAt: 'x' } })).toBeUndefined();
    expect(blockedBecause('transactional', { customer, suppression: 'unsubscribed' })).toBeUndefined();
    expect(blockedBecause('transactional', { customer, suppression: 'bounced' })).toBe('bounced');
    expect(blockedBecause('transactional', { customer, suppression: 'complained' })).toBe('complained');
  });

  it('/customers shows a bounce or complaint before an unsubscribe', () => {
    expect(emailStatusOf({}, undefined)).toBe('ok');
    expect(emailStatusOf({ unsubscribedAt: 'x' }, undefined)).toBe('unsubscribed');
    expect(emailStatusOf({ unsubscribedAt: 'x' }, 'complained')).toBe('complained');
    expect(emailStatusOf({}, 'bounced')).toBe('bounced');
  });

  it('a bounce or complaint replaces any suppression; an unsubscribe only none or another unsubscribe', () => {
    for (const current of [undefined, 'unsubscribed', 'bounced', 'complained'] as const) {
      expect(suppressionReplaces('bounced', current)).toBe(true);
      expect(suppressionReplaces('complained', current)).toBe(true);
    }
    expect(suppressionReplaces('unsubscribed', undefined)).toBe(true);
    expect(suppressionReplaces('unsubscribed', 'unsubscribed')).toBe(true);
    expect(suppressionReplaces('unsubscribed', 'bounced')).toBe(false);
    expect(suppressionReplaces('unsubscribed', 'complained')).toBe(false);
  });
});

describe('footer and headers', () => {
  it('marketing: the seller\'s name and postal address, the unsubscribe link, RFC 8058 one-click headers', () => {
    const email = composeEmail({ subject: 'Hi', text: 'Hello there.\n', sender, category: 'marketing', unsubscribe: links, correlationId: 'req-1' });
    expect(email.text).toBe(
      "Hello there.\n\n--\nDana's Direct Sales\n12 Oak Ave\nDenver, CO 80202\n\nYou get this email because you are a customer of Dana's Direct Sales.\nUnsubscribe: https://desk.example.com/unsubscribe?token=tok.en\n",
    );
    expect(email.headers).toEqual([
      { name: 'List-Unsubscribe', value: '<https://desk.example.com/api/email/unsubscribe?token=tok.en>' },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      { name: 'X-Correlation-Id', value: 'req-1' },
    ]);
  });

  it('transactional: the footer without an unsubscribe; marketing without a link is a bug', () => {
    const email = composeEmail({ subject: 'Shipped', text: 'On its way.', sender, category: 'transactional' });
    expect(email.text).toBe("On its way.\n\n--\nDana's Direct Sales\n12 Oak Ave\nDenver, CO 80202\n");
    expect(email.headers).toEqual([]);
    expect(() => composeEmail({ subject: 'x', text: 'y', sender, category: 'marketing' })).toThrow();
  });

  it('writes the business name once when the return address\'s company repeats it', () => {
    const address = formatAddressLines({ company: " dana's direct sales ", address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' });
    const email = composeEmail({ subject: 'Shipped', text: 'On its way.', sender: { ...sender, address }, category: 'transactional' });
    expect(email.text).toBe("On its way.\n\n--\nDana's Direct Sales\n500 Congress Ave\nAustin, TX 78701\n");
    const other = composeEmail({ subject: 'Shipped', text: 'x', sender: { ...sender, address: ['Dana Co', '500 Congress Ave'] }, category: 'transactional' });
    expect(other.text).toBe("x\n\n--\nDana's Direct Sales\nDana Co\n500 Congress Ave\n");
  });

  it('the HTML part: paragraphs, links, our images shown, the footer and unsubscribe; nothing typed is markup', () => {
    const image = `https://desk.example.com/email-images/s-1/${'b'.repeat(64)}.jpg`;
    const email = composeEmail({
      subject: '<Sale> & more',
      text: `Hi <Ada> & "friends",\n\n${image}\n\nShop: https://shop.example.com/a?b=1&c=2`,
      sender: { name: 'Dana & Co', address: ['12 Oak Ave'] },
      category: 'marketing',
      unsubscribe: links,
      imageBaseUrl: 'https://desk.example.com',
    });
    expect(email.html).toContain('<title>&lt;Sale&gt; &amp; more</title>');
    expect(email.html).toContain('<p>Hi &lt;Ada&gt; &amp; &quot;friends&quot;,</p>');
    expect(email.html).toContain(`<p><img src="${image}" alt="" style=`);
    expect(email.html).toContain('<p>Shop: <a href="https://shop.example.com/a?b=1&amp;c=2">https://shop.example.com/a?b=1&amp;c=2</a></p>');
    expect(email.html).toContain('Dana &amp; Co<br>12 Oak Ave</p>');
    expect(email.html).toContain('You get this email because you are a customer of Dana &amp; Co.<br><a href="https://desk.example.com/unsubscribe?token=tok.en"');
    expect(email.html).not.toMatch(/<(?!\/?(?:html|head|meta|title|body|div|p|br|a|img|hr)\b)[a-z]/i);
    // Without the images' address, an image's address is a link like any other.
    const plain = composeEmail({ subject: 'x', text: image, sender, category: 'transactional' });
    expect(plain.html).toContain(`<p><a href="${image}">${image}</a></p>`);
    expect(plain.html).not.toContain('Unsubscribe');
  });

  it('no header or subject can carry a line break', () => {
    const email = composeEmail({ subject: 'a\r\nBcc: x@y', text: 't', sender, category: 'transactional', correlationId: 'a\nb' });
    expect(email.subject).toBe('a Bcc: x@y');
    expect(email.headers[0]!.value).toBe('a b');
    expect(fromHeader('Dana "the" \\ Seller\r\n', 'no-reply@x.test')).toBe('"Dana \\"the\\" \\\\ Seller" <no-reply@x.test>');
  });

  it('addresses print as footer lines; tags hold only what SES allows', () => {
    expect(formatAddressLines({ name: 'Dana', address1: '1 Main St', city: 'Toronto', state: 'ON', zip: 'M5V', country: 'CA' })).toEqual(['1 Main St', 'Toronto, ON M5V', 'CA']);
    expect(formatAddressLines(undefined)).toEqual([]);
    expect(formatAddressLines({ company: 'Suite Co', address1: ' suite co ', address2: 'Suite Co Annex', city: 'Austin' })).toEqual(['Suite Co', 'Suite Co Annex', 'Austin']);
    expect(tagValue('req:1/2 é')).toBe('req_1_2__');
  });
});

describe('SES throttling', () => {
  it('is recognised by name or status, and nothing else is', () => {
    for (const name of ['TooManyRequestsException', 'Throttling', 'ThrottlingException', 'LimitExceededException']) {
      expect(isThrottling(Object.assign(new Error('slow down'), { name }))).toBe(true);
    }
    expect(isThrottling({ name: 'Unknown', $metadata: { httpStatusCode: 429 } })).toBe(true);
    expect(isThrottling(Object.assign(new Error('bad'), { name: 'MessageRejected', $metadata: { httpStatusCode: 400 } }))).toBe(false);
    expect(isThrottling(undefined)).toBe(false);
  });
});
