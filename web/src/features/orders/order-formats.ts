/**
 * What the Import Orders panel tells the seller it reads: the exports of issues 5 and 19 and our template. The worker
 * recognises a file by its header (functions/imports/formats); test/imports/order-format-labels.test.ts keeps this
 * list naming every format registered there.
 */
export const ORDER_FORMAT_LABELS = [
  'Shopify orders export',
  'WooCommerce orders export',
  'Etsy sold orders',
  'Square orders export',
  'Square transactions export',
  'Square item details export',
  'PayPal activity download',
  'eBay orders report',
  'eBay Selling Manager sales history',
  'Consultant Desk orders template',
] as const;
