import { Card, Spinner, Table } from 'react-bootstrap';
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
        <>
        {/* A table from 992 px; below it a card per charge, so Fee and Status never fall off a phone (issue 17). */}
        <div className="d-none d-lg-block">
        <Table data-testid="payment-history">
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
        </div>
        <div className="d-lg-none d-grid gap-2" data-testid="payment-history-cards">
          {history.data.charges.map((c) => (
            <Card key={c.id} body className="shadow-sm">
              <div className="d-flex justify-content-between gap-2">
                <strong>{c.description}</strong>
                <span>{formatMoney(c.amountCents / 100)}</span>
              </div>
              {c.card && <div className="small text-muted">{c.card}</div>}
              <div className="small text-body-secondary">
                {formatDate(c.date)} · Fee {formatMoney(c.feeCents / 100)} · <span className="text-capitalize">{c.status}</span>
              </div>
            </Card>
          ))}
        </div>
        </>
      )}
    </>
  );
}
