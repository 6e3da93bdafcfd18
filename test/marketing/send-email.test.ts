import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { setSellerPlan } from '../../functions/data/sellers.js';
import { suppressAddress, unsubscribeCustomer } from '../../functions/data/email-sends.js';
import { getOrder } from '../../functions/data/orders.js';
import { customerOf, emailSeller, SELLER_ADDRESS } from '../email/support.js';
import { emailsTo, waitForEmailsTo } from '../support/outbox.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/**
 * Sending from an order or a customer, and campaigns, against the local cloud: the request queues the email, the
 * cloud's `emails` worker sends it through the local SES, and the outbox shows what the customer got.
 */

const SEND = '/consultantemailmarketing/sendemail';
const CAMPAIGN = '/consultantemailmarketing/campaigns/send';

async function orderOf(sellerId: string, customerId: string, extra: { carrier?: string; trackingNumber?: string } = {}) {
  const { createOrder } = await import('../../functions/data/orders.js');
  const orderNumber = `N-${crypto.randomUUID().slice(0, 6)}`;
  const orderId = await createOrder(sellerId, {
    orderNumber,
    customerId,
    customerName: 'Ada Lovelace',
    orderDate: new Date().toISOString(),
    status: 'shipped',
    items: [{ name: 'Soy Candle', quantity: 1, price: 25 }],
    subtotal: 25,
    total: 25,
    ...extra,
  });
  return { orderId, orderNumber };
}

/** A 1×1 PNG. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const followUp = { subject: 'Thanks, {{firstName}}!', message: 'Order {{orderNumber}} is on its way: {{trackingLink}}\n{{sellerName}}' };

const send = (seller: TestSeller, body: Record<string, unknown>) => seller.api('POST', SEND, { body: { ...followUp, ...body } });

/** Lets the worker take whatever was queued before asserting that nothing was. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('sendemail', () => {
  it('sends one rendered email from an order, with the footer and one-click unsubscribe, and marks the order; a double click is still one', async () => {
    const seller = await emailSeller();
    const ada = await customerOf(seller.sellerId, { firstName: 'Ada' });
    const order = await orderOf(seller.sellerId, ada.customerId, { carrier: 'USPS', trackingNumber: '9400111' });

    const [first, second] = await Promise.all([
      send(seller, { customerID: ada.customerId, orderID: order.orderId }),
      send(seller, { customerID: ada.customerId, orderID: order.orderId }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.json).toEqual({ success: true, followUpEmailSent: true, templateSaved: false });
    const again = await send(seller, { customerID: ada.customerId, orderID: order.orderId });
    expect(again.status).toBe(200);

    const [email] = await waitForEmailsTo(ada.email);
    expect(email!.subject).toBe('Thanks, Ada!');
    expect(email!.text).toContain(`Order ${order.orderNumber} is on its way: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111`);
    expect(email!.text).toContain(seller.businessName);
    expect(email!.text).toContain(SELLER_ADDRESS.address1);
    expect(email!.headers['list-unsubscribe']).toMatch(/^<https?:\/\/.+token=/);
    expect(email!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect((await getOrder(seller.sellerId, order.orderId))?.followUpEmailSent).toBe(true);
    const listed = await seller.api('GET', '/orders/get', { query: { id: order.orderId } });
    expect(listed.json.followUpEmailSent).toBe(true);

    // Another message to the same order is another email; merge fields without a value read their defaults.
    expect((await send(seller, { customerID: ada.customerId, subject: 'One more thing', message: 'Hi {{firstName}}, {{orderNumber}}' })).status).toBe(200);
    const both = await waitForEmailsTo(ada.email, 2);
    expect(both.find((e) => e.subject === 'One more thing')!.text).toMatch(/^Hi Ada, your order/);
    await settle();
    expect(await emailsTo(ada.email)).toHaveLength(2);
  });

  it('sends an HTML part beside the text: an uploaded image shows as the image, an address as a link, nothing typed as markup', async () => {
    const seller = await emailSeller();
    const ada = await customerOf(seller.sellerId, { firstName: 'Ada' });
    const form = new FormData();
    form.append('file', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), 'logo.png');
    const upload = await seller.api('POST', '/ConsultantEmailMarketing/UploadImage', { body: form });
    expect(upload.status).toBe(200);
    const image: string = upload.json.url;

    const message = `Hi {{firstName}} <b>&</b>,\n\n${image}\n\nNew scents: https://shop.example.com/new.\nSee you soon`;
    expect((await send(seller, { customerID: ada.customerId, subject: 'Our new scents', message })).status).toBe(200);
    const [email] = await waitForEmailsTo(ada.email);
    // The text keeps the image's address (a reader without HTML can still open it).
    expect(email!.text).toContain(image);
    expect(email!.html).toContain(`<p><img src="${image}" alt=""`);
    expect(email!.html).toContain('<p>Hi Ada &lt;b&gt;&amp;&lt;/b&gt;,</p>');
    expect(email!.html).toContain('New scents: <a href="https://shop.example.com/new">https://shop.example.com/new</a>.<br>See you soon');
    expect(email!.html).toContain(seller.businessName);
    expect(email!.html).toMatch(/<a href="https?:\/\/[^"]+\/unsubscribe\?token=[^"]+"[^>]*>Unsubscribe<\/a>/);
  });

  it('refuses an unsubscribed, suppressed, marketplace or address-less customer: nothing sent, the order not marked', async () => {
    const seller = await emailSeller();
    const unsubscribed = await customerOf(seller.sellerId);
    await unsubscribeCustomer(seller.sellerId, unsubscribed.customerId);
    const suppressed = await customerOf(seller.sellerId);
    await suppressAddress(seller.sellerId, suppressed.email, 'complained');
    const etsy = await customerOf(seller.sellerId, { source: 'etsy', marketingAllowed: false });
    const noAddress = await customerOf(seller.sellerId, { email: null });

    for (const c of [unsubscribed, suppressed, etsy]) {
      const order = await orderOf(seller.sellerId, c.customerId);
      const res = await send(seller, { customerID: c.customerId, orderID: order.orderId });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(MESSAGES.customerNoMarketing);
      expect((await getOrder(seller.sellerId, order.orderId))?.followUpEmailSent).toBe(false);
    }
    const res = await send(seller, { customerID: noAddress.customerId });
    expect(res.json.message).toBe(MESSAGES.customerNoEmail);
    await settle();
    for (const c of [unsubscribed, suppressed, etsy]) expect(await emailsTo(c.email)).toEqual([]);
  });

  it("another seller's customer or order is not found, and an order of another customer is refused", async () => {
    const seller = await emailSeller();
    const other = await emailSeller();
    const mine = await customerOf(seller.sellerId);
    const theirs = await customerOf(other.sellerId);
    const theirOrder = await orderOf(other.sellerId, theirs.customerId);
    const notMine = await send(seller, { customerID: theirs.customerId });
    expect(notMine.status).toBe(404);
    expect(notMine.json.message).toBe(MESSAGES.customerNotFound);
    const foreignOrder = await send(seller, { customerID: mine.customerId, orderID: theirOrder.orderId });
    expect(foreignOrder.status).toBe(404);
    expect(foreignOrder.json.message).toBe(MESSAGES.orderNotFound);
    const sibling = await customerOf(seller.sellerId);
    const siblingOrder = await orderOf(seller.sellerId, sibling.customerId);
    expect((await send(seller, { customerID: mine.customerId, orderID: siblingOrder.orderId })).json.message).toBe(MESSAGES.orderOfAnotherCustomer);
    await settle();
    expect(await emailsTo(mine.email)).toEqual([]);
    expect(await emailsTo(theirs.email)).toEqual([]);
    expect((await getOrder(other.sellerId, theirOrder.orderId))?.followUpEmailSent).toBe(false);
  });

  it('saves the template when asked; on base saving is refused with 403 and nothing is sent', async () => {
    const seller = await emailSeller();
    const ada = await customerOf(seller.sellerId);
    const saved = await send(seller, { customerID: ada.customerId, saveTemplate: true, templateName: 'Thanks' });
    expect(saved.json).toMatchObject({ templateSaved: true });
    const templates = await seller.api('GET', '/consultantemailmarketing/GetMarketingEmailTemplates');
    expect(templates.json.templates).toContainEqual(expect.objectContaining({ name: 'Thanks', subject: followUp.subject }));
    await waitForEmailsTo(ada.email);

    const base = await createTestSeller();
    await setSellerPlan(base.sellerId, 'base');
    const grace = await customerOf(base.sellerId);
    const order = await orderOf(base.sellerId, grace.customerId);
    const refused = await send(base, { customerID: grace.customerId, orderID: order.orderId, saveTemplate: true, templateName: 'Thanks' });
    expect(refused.status).toBe(403);
    expect((await getOrder(base.sellerId, order.orderId))?.followUpEmailSent).toBe(false);
    await settle();
    expect(await emailsTo(grace.email)).toEqual([]);
  });

  it('subject and message are required', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', SEND, { body: { customerID: 'c1', subject: ' ', message: '' } });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({ subject: 'Subject is required.', message: 'Message is required.' });
  });
});

describe('campaigns', () => {
  it('sends to the customers who may receive marketing, records what was sent and to how many, once per request key', async () => {
    const seller = await emailSeller();
    const [ada, grace, gone] = [await customerOf(seller.sellerId, { firstName: 'Ada' }), await customerOf(seller.sellerId, { firstName: 'Grace' }), await customerOf(seller.sellerId)];
    await unsubscribeCustomer(seller.sellerId, gone.customerId);
    const body = {
      requestKey: crypto.randomUUID(),
      subject: 'Spring sale, {{firstName}}',
      message: 'Everything 20% off.\n{{sellerName}}',
      customerIDs: [ada.customerId, grace.customerId, gone.customerId],
    };
    // A double click: the same key twice at once, then once more.
    const [a, b] = await Promise.all([seller.api('POST', CAMPAIGN, { body }), seller.api('POST', CAMPAIGN, { body })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json).toMatchObject({ campaignId: body.requestKey, subject: body.subject, recipients: 2, skipped: 1 });
    expect(b.json).toEqual(a.json);
    expect((await seller.api('POST', CAMPAIGN, { body })).json).toEqual(a.json);

    const [toAda] = await waitForEmailsTo(ada.email);
    expect(toAda!.subject).toBe('Spring sale, Ada');
    expect(toAda!.text).toContain(`Everything 20% off.\n${seller.businessName}`);
    expect(toAda!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect((await waitForEmailsTo(grace.email))[0]!.subject).toBe('Spring sale, Grace');
    await settle();
    expect(await emailsTo(ada.email)).toHaveLength(1);
    expect(await emailsTo(grace.email)).toHaveLength(1);
    expect(await emailsTo(gone.email)).toEqual([]);

    const later = await seller.api('POST', CAMPAIGN, { body: { ...body, requestKey: crypto.randomUUID(), subject: 'Summer' } });
    expect(later.json).toMatchObject({ recipients: 2, skipped: 1 });
    const list = await seller.api('GET', '/consultantemailmarketing/campaigns');
    expect(list.status).toBe(200);
    expect(list.json.campaigns.map((c: { subject: string }) => c.subject)).toEqual(['Summer', body.subject]);
  });

  it('sends one email to an address two chosen customers share (the same person entered twice), counting the other as skipped', async () => {
    const seller = await emailSeller();
    const ada = await customerOf(seller.sellerId, { firstName: 'Ada' });
    const twin = await customerOf(seller.sellerId, { firstName: 'Ada', email: ` ${ada.email.toUpperCase()}` });
    const body = { requestKey: crypto.randomUUID(), subject: 'Spring sale', message: 'Everything 20% off.', customerIDs: [ada.customerId, twin.customerId] };
    const res = await seller.api('POST', CAMPAIGN, { body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ recipients: 1, skipped: 1 });
    await waitForEmailsTo(ada.email);
    await settle();
    expect(await emailsTo(ada.email)).toHaveLength(1);
  });

  it("counts another seller's customers as skipped and refuses a campaign no one may receive", async () => {
    const seller = await emailSeller();
    const other = await emailSeller();
    const theirs = await customerOf(other.sellerId);
    const etsy = await customerOf(seller.sellerId, { source: 'etsy' });
    const res = await seller.api('POST', CAMPAIGN, {
      body: { requestKey: crypto.randomUUID(), subject: 'Hi', message: 'Hello', customerIDs: [theirs.customerId, etsy.customerId] },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MESSAGES.campaignNoRecipients);
    expect((await seller.api('GET', '/consultantemailmarketing/campaigns')).json.campaigns).toEqual([]);
    await settle();
    expect(await emailsTo(theirs.email)).toEqual([]);
  });
});
