/**
 * Our own orders CSV (the template the upload screen offers): one row per item, the rows of one order share its
 * Order Number and are consecutive. Order-level columns (date, status, buyer, address, shipping, tax, total) are
 * read from the order's first row; later rows of the order may leave them empty.
 * functions/imports/formats/template.ts reads it.
 */
export const TEMPLATE_COLUMNS = [
  'Order Number',
  'Order Date',
  'Status',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Company',
  'Address 1',
  'Address 2',
  'City',
  'State',
  'Zip',
  'Country',
  'SKU',
  'Item Name',
  'Quantity',
  'Unit Price',
  'Shipping',
  'Tax',
  'Total',
] as const;

export type TemplateColumn = (typeof TEMPLATE_COLUMNS)[number];

/** Columns a template file must have; the others may be left out. */
export const TEMPLATE_REQUIRED: readonly TemplateColumn[] = [
  'Order Number',
  'Order Date',
  'First Name',
  'Last Name',
  'Item Name',
  'Quantity',
  'Unit Price',
];

/** The file the upload screen offers for download: the header row. */
export const TEMPLATE_CSV = `${TEMPLATE_COLUMNS.join(',')}\r\n`;

/** File name of the download. */
export const TEMPLATE_FILE_NAME = 'consultant-desk-orders-template.csv';
