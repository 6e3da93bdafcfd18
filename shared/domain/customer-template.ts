/**
 * Our customers CSV (the template the customer upload offers, issue 17): one customer a row. The import finds
 * columns by name (functions/imports/customer-csv.ts), so a seller's own export works too; these are the names it
 * reads, First Name and Last Name (or Name) required.
 */
export const CUSTOMER_TEMPLATE_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Birthday',
  'Company',
  'Address 1',
  'Address 2',
  'City',
  'State',
  'Zip',
  'Country',
] as const;

/** What the upload panel says of each column. */
export const CUSTOMER_COLUMN_NOTES: Partial<Record<(typeof CUSTOMER_TEMPLATE_COLUMNS)[number], string>> = {
  'First Name': 'required',
  'Last Name': 'required',
  Birthday: 'MM/DD or MM/DD/YYYY',
  Zip: '5 digits or ZIP+4 for US customers',
  Country: 'two letters, US when empty',
};

export const CUSTOMER_TEMPLATE_CSV = `${CUSTOMER_TEMPLATE_COLUMNS.join(',')}\r\n`;
export const CUSTOMER_TEMPLATE_FILE_NAME = 'consultant-desk-customers-template.csv';
