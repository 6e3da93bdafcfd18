import { createCustomer, findCustomerFor, updateCustomer } from '../data/customers.js';
import { fieldsToFill } from '../domain/customer-merge.js';
import type { CsvImporter } from './csv-job.js';
import { rowOf } from './csv-reader.js';
import { customerColumns, customerFromRow } from './customer-csv.js';

/**
 * A customer list: each good row becomes a customer, or fills the empty fields of the customer it already is
 * (same email, or same name), so uploading overlapping lists never adds anyone twice. A bad row is reported by
 * its line and the others go on.
 */
export const importCustomers: CsvImporter = (sellerId, header) => {
  const columns = customerColumns(header);
  if (!columns) return undefined;
  return {
    format: 'customers',
    async add({ line, cells }, progress) {
      const result = customerFromRow(rowOf(header, cells), columns);
      if (!result.ok) {
        progress.errors.push({ line, reason: result.reason });
      } else {
        const fields = result.customer;
        const existing = await findCustomerFor(sellerId, fields);
        if (!existing) {
          await createCustomer(sellerId, fields, { source: 'csv' });
          progress.customersCreated++;
        } else {
          const fill = fieldsToFill(existing, fields);
          if (Object.keys(fill).length > 0) {
            const { customerId: _id, ...kept } = existing;
            await updateCustomer(sellerId, existing.customerId, { ...kept, ...fill, country: existing.country ?? fields.country });
            progress.customersUpdated++;
          }
        }
      }
      progress.rowsDone++;
    },
    async finish() {},
  };
};
