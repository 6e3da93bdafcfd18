import { describe, expect, it } from 'vitest';
import { customerColumns, customerFromRow } from './customer-csv.js';
import { CUSTOMER_TEMPLATE_COLUMNS, CUSTOMER_TEMPLATE_CSV } from '../../shared/domain/customer-template.js';

describe('the customers CSV template the upload offers (issue 17)', () => {
  it('is a header the import reads, every column found', () => {
    const header = CUSTOMER_TEMPLATE_CSV.trim().split(',');
    expect(header).toEqual([...CUSTOMER_TEMPLATE_COLUMNS]);
    const columns = customerColumns(header);
    expect(columns).toBeDefined();
    expect(Object.values(columns ?? {}).sort()).toEqual([...CUSTOMER_TEMPLATE_COLUMNS].sort());
    const row = Object.fromEntries(header.map((h, i) => [h, ['Ada', 'Lovelace', 'ada@example.com', '', '12/10', '', '1 Main St', '', 'Austin', 'TX', '78701', 'US'][i] ?? '']));
    expect(customerFromRow(row, columns!)).toMatchObject({ ok: true });
  });
});
