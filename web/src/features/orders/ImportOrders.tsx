import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TEMPLATE_CSV, TEMPLATE_FILE_NAME } from '../../../../shared/domain/order-template';
import type { CsvJob } from '../../components/CsvUpload';
import { UploadPanel } from '../../components/UploadPanel';
import { ORDER_FORMAT_LABELS } from './order-formats';

/**
 * Import Orders on /orders: a CSV exported from a store (or our template) goes through the CSV pipeline; the panel
 * shows its progress and the rows it could not import, and the orders list is read again once the file is done.
 */
export function ImportOrders({ open }: { open: boolean }) {
  const queryClient = useQueryClient();
  const imported = useCallback(
    (jobs: CsvJob[]) => {
      if (jobs.some((j) => j.ordersCreated > 0 || j.ordersUpdated > 0)) void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    [queryClient],
  );
  return (
    <UploadPanel
      name="orders"
      open={open}
      intro="Upload a CSV of orders exported from your store. We recognise:"
      items={ORDER_FORMAT_LABELS}
      itemsKind="formats"
      note="Orders you imported before are updated, never added twice. A row that cannot be imported is listed with its line number; the other rows are imported."
      route="upload.csvSync"
      uploadLabel="Upload Orders (CSV)"
      template={{ csv: TEMPLATE_CSV, fileName: TEMPLATE_FILE_NAME }}
      onComplete={imported}
    />
  );
}
