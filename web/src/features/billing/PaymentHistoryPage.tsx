import { Spinner, Table } from 'react-bootstrap';
import { formatDate, formatMoney } from '../../../../shared/domain/format';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { usePaymentHistory } from './api';

/** /paymentHistory: every charge, its amount, fee and status, newest first. */
export function PaymentHistoryPage() {
  const history = usePaymentHistory();
  return (
    <>
      <PageHeader title="Payment History" />
      {history.isPending && <Spinner animation="border" role="status" aria-label="Loading payments" />}
      {history.isError && <ErrorAlert error={history.error} onRetry={() => history.refetch()} />}
      {history.data && history.data.charges.length === 0 && <p>No payments yet.</p>}
      {history.data && history.data.charges.length > 0 && (
        <Table responsive data-testid="payment-history">
          <thead>
            <tr>
              <th>Date</th>
              <th>Description</th>
              <th>Amount</th>
              <th>Fee</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {history.data.charges.map((c) => (
              <tr key={c.id}>
                <td>{formatDate(c.date)}</td>
                <td>
                  {c.description}
                  {c.card && <div className="small text-muted">{c.card}</div>}
                </td>
                <td>{formatMoney(c.amountCents / 100)}</td>
                <td>{formatMoney(c.feeCents / 100)}</td>
                <td className="text-capitalize">{c.status}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
