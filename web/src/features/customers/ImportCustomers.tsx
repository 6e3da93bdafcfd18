import {
  CUSTOMER_COLUMN_NOTES,
  CUSTOMER_TEMPLATE_COLUMNS,
  CUSTOMER_TEMPLATE_CSV,
  CUSTOMER_TEMPLATE_FILE_NAME,
} from '../../../../shared/domain/customer-template';
import type { CsvJob } from '../../components/CsvUpload';
import { UploadPanel } from '../../components/UploadPanel';

const COLUMNS = CUSTOMER_TEMPLATE_COLUMNS.map((c) => (CUSTOMER_COLUMN_NOTES[c] ? `${c} (${CUSTOMER_COLUMN_NOTES[c]})` : c));

/**
 * Import Customers on /customers, as Import Orders is on /orders (issue 17): the columns the import reads and a
 * template first, then the upload with its progress and the rows it could not import.
 */
export function ImportCustomers({ open, onComplete }: { open: boolean; onComplete: (jobs: CsvJob[]) => void }) {
  return (
    <UploadPanel
      name="customers"
      open={open}
      intro="Upload a CSV with one customer a row. We read these columns, by name:"
      items={COLUMNS}
      itemsKind="columns"
      note="A Name column can stand for First Name and Last Name. Customers you imported before are updated, never added twice. A row that cannot be imported is listed with its line number; the other rows are imported."
      route="customers.upload"
      uploadLabel="Upload Customers (CSV)"
      template={{ csv: CUSTOMER_TEMPLATE_CSV, fileName: CUSTOMER_TEMPLATE_FILE_NAME }}
      onComplete={onComplete}
    />
  );
}
