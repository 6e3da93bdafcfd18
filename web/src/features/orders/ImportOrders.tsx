import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { TEMPLATE_CSV, TEMPLATE_FILE_NAME } from '../../../../shared/domain/order-template';
import { type CsvJob, CsvUpload } from '../../components/CsvUpload';
import { ORDER_FORMAT_LABELS } from './order-formats';

/** Our template as a file download, made in the browser: nothing to fetch. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([TEMPLATE_CSV], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = TEMPLATE_FILE_NAME;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Import Orders on /orders: a CSV exported from a store (or our template) goes through the CSV pipeline; the panel
 * shows its progress and the rows it could not import, and the orders list is read again once the file is done.
 */
export function ImportOrders() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const imported = useCallback(
    (jobs: CsvJob[]) => {
      if (jobs.some((j) => j.ordersCreated > 0 || j.ordersUpdated > 0)) void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    [queryClient],
  );

  return (
    <div className="mb-3" data-testid="import-orders">
      <Button variant="outline-primary" aria-expanded={open} aria-controls="import-orders-panel" onClick={() => setOpen((o) => !o)}>
        Import Orders
      </Button>
      {/* Hidden, not unmounted: an import keeps being followed while the panel is closed. */}
      <Card id="import-orders-panel" className="mt-2" hidden={!open}>
        <Card.Body>
          <Card.Text className="mb-1">Upload a CSV of orders exported from your store. We recognise:</Card.Text>
          <ul className="small mb-2" data-testid="import-orders-formats">
            {ORDER_FORMAT_LABELS.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
          <Card.Text className="small text-body-secondary">
            Orders you imported before are updated, never added twice. A row that cannot be imported is listed with its line
            number; the other rows are imported.
          </Card.Text>
          <CsvUpload route="upload.csvSync" label="Upload Orders (CSV)" onComplete={imported}>
            <Button variant="link" onClick={downloadTemplate} data-testid="import-orders-template">
              Download our template
            </Button>
          </CsvUpload>
        </Card.Body>
      </Card>
    </div>
  );
}
