import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import {
  CUSTOMER_COLUMN_NOTES,
  CUSTOMER_TEMPLATE_COLUMNS,
  CUSTOMER_TEMPLATE_CSV,
  CUSTOMER_TEMPLATE_FILE_NAME,
} from '../../../../shared/domain/customer-template';
import { type CsvJob, CsvUpload } from '../../components/CsvUpload';

/** Our template as a file download, made in the browser: nothing to fetch. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([CUSTOMER_TEMPLATE_CSV], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = CUSTOMER_TEMPLATE_FILE_NAME;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Import Customers on /customers, as Import Orders is on /orders (issue 17): the columns the import reads and a
 * template first, then the upload with its progress and the rows it could not import.
 */
export function ImportCustomers({ onComplete }: { onComplete: (jobs: CsvJob[]) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mb-3" data-testid="import-customers">
      <Button variant="outline-primary" aria-expanded={open} aria-controls="import-customers-panel" onClick={() => setOpen((o) => !o)}>
        Import Customers
      </Button>
      {/* Hidden, not unmounted: an import keeps being followed while the panel is closed. */}
      <Card id="import-customers-panel" className="mt-2" hidden={!open}>
        <Card.Body>
          <Card.Text className="mb-1">Upload a CSV with one customer a row. We read these columns, by name:</Card.Text>
          <ul className="small mb-2" data-testid="import-customers-columns">
            {CUSTOMER_TEMPLATE_COLUMNS.map((column) => (
              <li key={column}>
                {column}
                {CUSTOMER_COLUMN_NOTES[column] ? ` (${CUSTOMER_COLUMN_NOTES[column]})` : ''}
              </li>
            ))}
          </ul>
          <Card.Text className="small text-body-secondary">
            A Name column can stand for First Name and Last Name. Customers you imported before are updated, never added twice. A
            row that cannot be imported is listed with its line number; the other rows are imported.
          </Card.Text>
          <CsvUpload route="customers.upload" label="Upload Customers (CSV)" onComplete={onComplete}>
            <Button variant="link" onClick={downloadTemplate} data-testid="import-customers-template">
              Download our template
            </Button>
          </CsvUpload>
        </Card.Body>
      </Card>
    </div>
  );
}
