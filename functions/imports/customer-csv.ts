import { COUNTRIES, isCountry } from '../../shared/domain/geo.js';
import { type CustomerFields, type CustomerInput, customerFields } from '../../shared/schemas/customer.js';
import type { CsvRow } from './formats/format.js';
import { stateCode, usZipCode } from './formats/values.js';

/**
 * A customer list CSV, as sellers export it from a spreadsheet, an address book or another tool: the columns are
 * found by name (case, spaces and punctuation ignored), with the names those tools commonly use.
 */
type Field = Exclude<keyof CustomerInput, 'customerID'> | 'fullName';

const NAMES: Record<Field, readonly string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'fname', 'customerfirstname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname', 'customerlastname'],
  fullName: ['name', 'fullname', 'customername', 'customer', 'contactname'],
  email: ['email', 'emailaddress', 'customeremail', 'mail'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'cell', 'cellphone', 'telephone', 'tel', 'customerphone'],
  birthday: ['birthday', 'birthdate', 'dateofbirth', 'dob', 'bday'],
  address1: ['address', 'address1', 'addressline1', 'street', 'streetaddress', 'mailingaddress'],
  address2: ['address2', 'addressline2', 'apt', 'suite', 'unit', 'aptsuite'],
  address3: ['address3', 'addressline3'],
  city: ['city', 'town'],
  state: ['state', 'province', 'region', 'stateprovince', 'statecode'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode', 'zippostalcode'],
  country: ['country', 'countrycode'],
  company: ['company', 'companyname', 'business', 'organization'],
};

const normalize = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Which header name holds which customer field. */
export type CustomerColumns = Partial<Record<Field, string>>;

/**
 * The columns of a customer list, or undefined when the header is not one (no way to tell a customer's name):
 * the upload then answers 'A CSV in an unsupported format has been uploaded.'
 */
export function customerColumns(header: readonly string[]): CustomerColumns | undefined {
  const columns: CustomerColumns = {};
  for (const name of header) {
    const key = normalize(name);
    const field = (Object.keys(NAMES) as Field[]).find((f) => NAMES[f].includes(key));
    if (field && !columns[field]) columns[field] = name;
  }
  const named = (columns.firstName && columns.lastName) || columns.fullName;
  return named ? columns : undefined;
}

function countryCode(text: string): string | undefined {
  const t = text.trim();
  if (!t) return 'US';
  if (isCountry(t.toUpperCase())) return t.toUpperCase();
  const byName = COUNTRIES.find((c) => c.name.toLowerCase() === t.toLowerCase());
  if (byName) return byName.code;
  if (/^(usa|u\.s\.a?\.?|united states of america)$/i.test(t)) return 'US';
  return undefined;
}

export type CustomerRowResult = { ok: true; customer: CustomerFields } | { ok: false; reason: string };

/** One row to the fields of a customer, checked by the same schema (and messages) as the customer form. */
export function customerFromRow(row: CsvRow, columns: CustomerColumns): CustomerRowResult {
  const cell = (f: Field) => {
    const name = columns[f];
    return name ? (row[name] ?? '').trim() : '';
  };
  let firstName = cell('firstName');
  let lastName = cell('lastName');
  if (!firstName && !lastName && cell('fullName')) {
    const parts = cell('fullName').split(/\s+/);
    lastName = parts.length > 1 ? (parts.pop() ?? '') : '';
    firstName = parts.join(' ');
  }
  const country = countryCode(cell('country'));
  if (!country) return { ok: false, reason: `Country '${cell('country')}' is not recognised.` };
  const input: Record<string, string | undefined> = { firstName, lastName, country };
  for (const f of Object.keys(NAMES) as Field[]) {
    if (f !== 'firstName' && f !== 'lastName' && f !== 'fullName' && f !== 'country') input[f] = cell(f) || undefined;
  }
  // As the form keeps them (its state list holds codes), and as spreadsheets write them ("'02134", 2134).
  input.state = stateCode(cell('state'), country) || undefined;
  input.zip = usZipCode(cell('zip'), country) || undefined;
  const parsed = customerFields.safeParse(input);
  if (parsed.success) return { ok: true, customer: parsed.data };
  return { ok: false, reason: [...new Set(parsed.error.issues.map((i) => i.message))].join(' ') };
}
