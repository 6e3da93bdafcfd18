import { describe, expect, it } from 'vitest';
import { createTestSeller } from '../support/sellers.js';
import { csvForm, upload } from './upload-support.js';

const LIST = [
  'First Name,Last Name,E-mail Address,Phone Number,Street Address,City,State,Zip Code,Birthday',
  'Ada,Lovelace,ada@example.com,(512) 555-0101,12 Oak Ave,Austin,TX,78701,12/10',
  'Grace,Hopper,grace@example,555-0102,,,,,',
  'Alan,Turing,alan@example.com,,"1 Bletchley Park, Unit 2",Dallas,TX,75201,06/23/1912',
  ',Nameless,nobody@example.com,,,,,,',
  'Katherine,Johnson,,,,,,,13/45',
  'Mary,Jackson,mary@example.com,,,,,,',
].join('\n');

async function customersNamed(seller: Awaited<ReturnType<typeof createTestSeller>>, q: string) {
  const res = await seller.api('GET', '/customers/search', { query: { q } });
  return res.json.customers as { customerID: string; firstName: string; lastName: string; email?: string; phone?: string; birthday?: string; city?: string; state?: string; zip?: string }[];
}

describe('customer CSV upload', () => {
  it('imports the good rows, reports each bad row by its line with the form\'s message, and counts them', async () => {
    const seller = await createTestSeller();
    const { res, job } = await upload(seller, '/customers/upload', 'customers.csv', LIST);
    expect(res.status).toBe(200);
    expect(job).toMatchObject({ status: 'complete', format: 'customers', rowsDone: 6, rowsTotal: 6, customersCreated: 3 });
    expect(job?.errors).toEqual([
      { line: 3, reason: 'Please enter a valid email address.' },
      { line: 5, reason: 'First name is required.' },
      { line: 6, reason: 'Birthday must be MM/DD or MM/DD/YYYY.' },
    ]);
    const [ada] = await customersNamed(seller, 'ada');
    expect(ada).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(512) 555-0101', birthday: '12/10', city: 'Austin' });
    const [alan] = await customersNamed(seller, 'turing');
    expect(alan).toMatchObject({ birthday: '06/23' });
    expect(await customersNamed(seller, 'grace')).toEqual([]);
    const dash = await seller.api('GET', '/consultant/dashboard');
    expect(dash.json.customerCount).toBe(3);
  });

  it('reads a spreadsheet\'s ZIPs and states as the form keeps them, and names the field a too-long cell is in', async () => {
    const seller = await createTestSeller();
    const file = [
      'First Name,Last Name,Email,City,State,Zip,Company',
      "Ann,Quoted,ann@example.com,Boston,Massachusetts,'02134,",
      'Bea,Number,bea@example.com,Boston,ma,2134,',
      'Cy,Plus,cy@example.com,Newark,NJ,7102-1234,',
      `Dee,Long,dee@example.com,${'C'.repeat(61)},TX,78701,${'Co'.repeat(60)}`,
    ].join('\n');
    const { job } = await upload(seller, '/customers/upload', 'spreadsheet.csv', file);
    expect(job).toMatchObject({ status: 'complete', customersCreated: 3 });
    expect(job?.errors).toEqual([{ line: 5, reason: 'City can be at most 60 characters. Company can be at most 100 characters.' }]);
    const [ann] = await customersNamed(seller, 'quoted');
    expect(ann).toMatchObject({ state: 'MA', zip: '02134' });
    const [bea] = await customersNamed(seller, 'bea@example.com');
    expect(bea).toMatchObject({ state: 'MA', zip: '02134' });
    const [cy] = await customersNamed(seller, 'cy@example.com');
    expect(cy).toMatchObject({ state: 'NJ', zip: '07102-1234' });
  });

  it('reads a list saved with semicolons or tabs (a spreadsheet in another language, a copy out of one), BOM and all', async () => {
    const seller = await createTestSeller();
    const semicolons = ['\uFEFFFirst Name;Last Name;Email;Street Address', 'Ann;Semi;ann.semi@example.com;"12 Oak Ave; Unit 2"', 'Bob;Colon;bob.colon@example.com;'].join('\r\n');
    const { job } = await upload(seller, '/customers/upload', 'semicolons.csv', semicolons);
    expect(job).toMatchObject({ status: 'complete', customersCreated: 2, errors: [] });
    const [ann] = await customersNamed(seller, 'ann.semi@example.com');
    expect(ann).toMatchObject({ firstName: 'Ann', lastName: 'Semi', email: 'ann.semi@example.com' });
    const tabs = ['First Name\tLast Name\tEmail', 'Cy\tTab\tcy.tab@example.com'].join('\n');
    expect((await upload(seller, '/customers/upload', 'tabs.csv', tabs)).job).toMatchObject({ status: 'complete', customersCreated: 1 });
    // A comma list whose cells hold semicolons is still read by its commas.
    const commas = ['First Name,Last Name,Email,Company', 'Di,Comma,di.comma@example.com,Candles; Soap; More'].join('\n');
    expect((await upload(seller, '/customers/upload', 'commas.csv', commas)).job).toMatchObject({ status: 'complete', customersCreated: 1 });
    const [di] = await customersNamed(seller, 'di.comma@example.com');
    expect(di).toMatchObject({ lastName: 'Comma' });
  });

  it('the same file twice: "A matching file has already been uploaded." and nothing changes', async () => {
    const seller = await createTestSeller();
    await upload(seller, '/customers/upload', 'customers.csv', LIST);
    const again = await seller.api('POST', '/customers/upload', { body: csvForm('renamed.csv', LIST) });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('A matching file has already been uploaded.');
    expect(await customersNamed(seller, 'lovelace')).toHaveLength(1);
  });

  it('an overlapping list finds the customers it already has: nobody twice, empty fields filled', async () => {
    const seller = await createTestSeller();
    await upload(seller, '/customers/upload', 'first.csv', LIST);
    const overlap = ['name,email,phone', 'Ada Lovelace,ada@example.com,', 'Mary Jackson,MARY@example.com,512-555-0199', 'Dorothy Vaughan,,'].join('\n');
    const { job } = await upload(seller, '/customers/upload', 'second.csv', overlap);
    expect(job).toMatchObject({ status: 'complete', customersCreated: 1, customersUpdated: 1, errors: [] });
    expect(await customersNamed(seller, 'lovelace')).toHaveLength(1);
    const [mary] = await customersNamed(seller, 'jackson');
    expect(mary).toMatchObject({ phone: '512-555-0199' });
    expect(await customersNamed(seller, 'dorothy')).toHaveLength(1);
  });

  it('a header without a name column: 400 "A CSV in an unsupported format has been uploaded." and no job', async () => {
    const seller = await createTestSeller();
    const { res, job } = await upload(seller, '/customers/upload', 'odd.csv', 'sku,quantity\nA1,2\n');
    expect(res.status).toBe(400);
    expect(res.json.errors.files).toBe('A CSV in an unsupported format has been uploaded.');
    expect(job).toBeUndefined();
  });

  it('accepts .csv files only', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/customers/upload', { body: csvForm('customers.xlsx', LIST) });
    expect(res.status).toBe(400);
    expect(res.json.errors.files).toBe('Please choose a .csv file.');
  });

  it("another seller's job ids are not found", async () => {
    const [a, b] = await Promise.all([createTestSeller(), createTestSeller()]);
    const { job } = await upload(a, '/customers/upload', 'customers.csv', LIST);
    const res = await b.api('GET', '/upload/csvSyncStatus', { query: { ids: job!.id } });
    expect(res.json.jobs[0]).toMatchObject({ id: job!.id, status: 'failed', failureReason: 'That upload was not found.' });
    expect(res.json.jobs[0].fileName).toBeUndefined();
  });
});
