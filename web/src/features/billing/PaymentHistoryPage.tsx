import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { formatDate, formatMoney } from '../../../../shared/domain/format';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListHeader } from '../../components/ListHeader';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/ResponsiveTable';
import { usePaymentHistory } from './api';

type Charge = NonNullable<ReturnType<typeof usePaymentHistory>['data']>['pages'][number]['charges'][number];

/** Every charge in full; a card per charge below 992 px, so Fee and Status never fall off a phone (issue 17). */
const COLUMNS: ResponsiveColumn<Charge>[] = [
  { id: 'date', header: 'Date', cell: (c) => formatDate(c.date) },
  {
    id: 'description',
    header: 'Description',
    cell: (c) => (
      <>
        {c.description}
        {c.card && <div className="small text-muted">{c.card}</div>}
      </>
    ),
  },
  { id: 'amount', header: 'Amount', cell: (c) => formatMoney(c.amountCents / 100) },
  { id: 'fee', header: 'Fee', cell: (c) => formatMoney(c.feeCents / 100) },
  { id: 'status', header: 'Status', cell: (c) => <span className="text-capitalize">{c.status}</span> },
];

/** /paymentHistory: every charge, its amount, fee and status, newest first; a page of them at a time (Show more). */
export function PaymentHistoryPage() {
  const history = usePaymentHistory();
  const charges = history.data?.pages.flatMap((p) => p.charges) ?? [];
  return (
    <>
      <ListHeader title="Payment History" />
      {history.isPending && <Spinner animation="border" role="status" aria-label="Loading payments" />}
      {history.isError && <ErrorAlert error={history.error} onRetry={() => history.refetch()} />}
      {history.data && charges.length === 0 && <p data-testid="list-empty">No payments yet.</p>}
      {charges.length > 0 && <ResponsiveTable label="Payment History" testId="payment-history" columns={COLUMNS} rows={charges} rowKey={(c) => c.id} />}
      {history.hasNextPage && (
        <Button variant="outline-secondary" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {history.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
    </>
  );
}
