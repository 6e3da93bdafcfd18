/**
 * The help center's articles: short answers about this product's own screens, searchable in the app (no outside
 * service). Each says where to go and what to click, in the words the screens use.
 */
export interface Article {
  id: string;
  title: string;
  category: 'Getting started' | 'Orders and shipping' | 'Customers' | 'Rewards and marketing' | 'Account and billing' | 'Support';
  /** Paragraphs. */
  body: readonly string[];
  /** Other words a seller may search for. */
  keywords?: readonly string[];
}

export const ARTICLES: readonly Article[] = [
  {
    id: 'import-orders',
    title: 'Import orders from a CSV file',
    category: 'Getting started',
    body: [
      'On Orders, choose Upload Orders (CSV) and pick one or more .csv files exported from your store. The screen shows the upload, then the sync, and tells you when every file is done.',
      'A file you already uploaded is refused with "A matching file has already been uploaded." A file in a format we do not read is refused with "A CSV in an unsupported format has been uploaded."',
    ],
    keywords: ['csv', 'upload', 'import', 'spreadsheet'],
  },
  {
    id: 'connect-store',
    title: 'Connect your store to sync orders',
    category: 'Getting started',
    body: [
      'Go to Settings and open Integrations. Choose your platform (Shopify, WooCommerce, Etsy, eBay, Square, PayPal, Squarespace, Wix, TikTok and others), sign in there and allow access.',
      'Then click Sync Orders. A waiting dialog shows while we fetch them, then Sync Has Finished. If a platform reports problems, set it up again from the same place.',
    ],
    keywords: ['shopify', 'woocommerce', 'etsy', 'ebay', 'sync', 'integration', 'platform'],
  },
  {
    id: 'new-order',
    title: 'Create an order by hand',
    category: 'Orders and shipping',
    body: [
      'On Orders, click New Order. Find the customer (type at least 2 characters) or add a new one, choose the products and quantities, and save.',
      'Discounts that are running apply as the order is priced. Live selling (the Live Selling walkthrough) starts from the same New Order dialog.',
    ],
    keywords: ['order', 'live selling', 'manual'],
  },
  {
    id: 'buy-label',
    title: 'Buy a shipping label',
    category: 'Orders and shipping',
    body: [
      'Open an order, enter the parcel size and weight, choose a service from the rates shown and buy the label. Your postage balance pays for it; the label opens as a PDF in the format you chose in Settings (4x6 or letter).',
      'Before your first label, add your return address in Settings: it is the from address on every label. A label can be voided from the order if you have not shipped it.',
    ],
    keywords: ['label', 'postage', 'usps', 'ups', 'print', 'void'],
  },
  {
    id: 'batch-purchase',
    title: 'Buy many labels at once (Batch Purchase)',
    category: 'Orders and shipping',
    body: [
      'On Orders, choose Batch Purchase, tick the orders, check the total and buy. Each order gets its own label; one that fails never stops the others, and the batch shows which ones need attention.',
      'When it is finished, download all the labels of the batch as one PDF.',
    ],
    keywords: ['batch', 'bulk', 'labels'],
  },
  {
    id: 'shipping-quote-pickup',
    title: 'Get a shipping quote or request a USPS pickup',
    category: 'Orders and shipping',
    body: [
      'Shipping Quote on Orders prices a parcel without an order: enter the ZIP codes, size and weight.',
      'Request USPS Pickup asks the carrier to collect your parcels from your return address on a day from tomorrow on.',
    ],
    keywords: ['quote', 'rates', 'pickup', 'usps'],
  },
  {
    id: 'delivery-claim',
    title: 'A parcel was lost or damaged',
    category: 'Orders and shipping',
    body: [
      'Open the shipped order and file a delivery claim: describe what happened. We open it with the carrier and email you within 3 business days. One claim can be filed per order.',
    ],
    keywords: ['claim', 'lost', 'damaged', 'missing', 'insurance'],
  },
  {
    id: 'postage-recharge',
    title: 'Postage balance and auto-recharge',
    category: 'Account and billing',
    body: [
      'Labels are paid from your postage balance. Choose an auto-recharge amount in Settings (Billing): when the balance runs low it is topped up by that amount.',
      'An amount of $0 turns postage off, and you will not be able to buy labels until you choose another amount.',
    ],
    keywords: ['balance', 'recharge', 'postage', 'top up'],
  },
  {
    id: 'customers',
    title: 'Add, find and merge customers',
    category: 'Customers',
    body: [
      'On Customers, click New Customer (first and last name are required), or upload a customer CSV. Search by name or email.',
      'When one person appears twice, open the customer and merge the duplicates: their orders and reward points move to the one you keep. A customer with pending orders cannot be deleted until those orders ship or are cancelled.',
    ],
    keywords: ['customer', 'merge', 'duplicate', 'delete'],
  },
  {
    id: 'rewards',
    title: 'Set up a rewards program',
    category: 'Rewards and marketing',
    body: [
      'Rewards are part of the Growth plan and up. On Rewards, start a new program: the start date, the goal (items or dollars, 10 by default) and the reward text your customers see.',
      'Customers earn points as their orders come in. When one reaches the goal, redeem the reward from the rewards dashboard. Automatic reward emails come with the Executive plan.',
    ],
    keywords: ['rewards', 'points', 'loyalty', 'redeem'],
  },
  {
    id: 'email-campaigns',
    title: 'Email your customers',
    category: 'Rewards and marketing',
    body: [
      'On Marketing, Email Campaigns sends one email to the customers you choose; customers who unsubscribed or bought on a marketplace are left out for you. Templates keep the messages you send often.',
      'Automated Emails (Growth and up) sends a follow-up when an order ships, is delivered, or some days after the order.',
    ],
    keywords: ['email', 'campaign', 'template', 'follow-up', 'automated', 'marketing'],
  },
  {
    id: 'discounts',
    title: 'Run a discount',
    category: 'Rewards and marketing',
    body: [
      'Add Discount lets you give an amount or a percent off chosen items, buy one get one, or a discount on an exact or minimum quantity. Give it a name (up to 20 characters) and dates, or make it continuous.',
    ],
    keywords: ['discount', 'sale', 'bogo', 'coupon'],
  },
  {
    id: 'settings-email-shipping',
    title: 'Your business details, email sender and shipping defaults',
    category: 'Account and billing',
    body: [
      'Settings holds your business name, logo and colours (used on labels and emails), your return address, and the sender name and reply-to address of your emails.',
      'Under Shipping, choose the default parcel, the default service and the label format (4x6 or letter) so each label needs fewer clicks.',
    ],
    keywords: ['settings', 'logo', 'return address', 'reply-to', 'sender'],
  },
  {
    id: 'plans',
    title: 'Plans: what Starter, Growth and Executive include',
    category: 'Account and billing',
    body: [
      'Starter is simple shipping (20 shipments a month included). Growth adds professional shipping (500 shipments), rewards and automated emails. Executive adds unlimited discounted shipping, automatic reward emails, live chat and phone support.',
      'Change plan on Upgrade. An upgrade starts at once; a downgrade takes effect at your next charge. When something needs a higher plan, the Upgrade Required dialog offers Upgrade Now.',
    ],
    keywords: ['plan', 'upgrade', 'downgrade', 'price', 'starter', 'growth', 'executive', 'upgrade required'],
  },
  {
    id: 'support-hours',
    title: 'How to reach support',
    category: 'Support',
    body: [
      'Email Ticket, on every plan: we confirm by email at once and reply within 1 business day.',
      'Live Chat (Executive) is open 14:00-22:00 UTC; outside those hours you are offered a ticket instead. Phone Support (Executive): choose a time and we call you.',
    ],
    keywords: ['support', 'chat', 'phone', 'ticket', 'contact', 'hours'],
  },
  {
    id: 'service-status',
    title: 'Service status and outages',
    category: 'Support',
    body: [
      'When part of Consultant Desk or a carrier is having problems, a red notice at the top of every screen says what is affected. It goes away by itself when the problem is fixed, and a green notice tells you so.',
      'Your orders and labels are safe during an outage. If something you did failed, try again once the notice is gone, or open a ticket.',
    ],
    keywords: ['outage', 'down', 'status', 'not working', 'error'],
  },
  {
    id: 'update-banner',
    title: 'The "new version" banner',
    category: 'Support',
    body: [
      'When we release a new version, a banner appears at the bottom of the screen. Click it to load the new version. Save what you are typing first.',
    ],
    keywords: ['update', 'new version', 'reload', 'refresh'],
  },
];

/** Articles whose title, text or keywords contain every word of `query` (case-insensitive); all of them for none. */
export function searchArticles(query: string, articles: readonly Article[] = ARTICLES): Article[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  return articles.filter((a) => {
    const text = [a.title, a.category, ...a.body, ...(a.keywords ?? [])].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
