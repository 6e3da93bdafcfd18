import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../../../shared/domain/format';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { showDate } from '../../lib/format';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/domain/orders';
import { type Order, useBalance, useOrderPages, useSellerInfo } from './api';
import { BatchModal } from './BatchModal';
import { ImportOrders } from './ImportOrders';
import { NewOrderModal } from './NewOrderModal';
import { OrderDetailsModal } from './OrderDetailsModal';
import { OrdersTour } from './OrdersTour';
import { PickupModal } from './PickupModal';
import { QuoteModal } from './QuoteModal';
import { ShippingUsage } from './ShippingUsage';

const COLUMNS: DataColumn<Order>[] = [
  { id: 'status', header: 'Status', value: (o) => o.status, cell: (o) => <span className="text-capitalize">{o.status}</span> },
  { id: 'customer', header: 'Customer', value: (o) => o.customerName, cell: (o) => <strong>{o.customerName}</strong> },
  { id: 'date', header: 'Date', value: (o) => o.orderDate, cell: (o) => showDate(o.orderDate) },
  { id: 'items', header: 'Items', value: (o) => o.items.reduce((n, i) => n + i.quantity, 0) },
  { id: 'total', header: 'Total', value: (o) => o.total, cell: (o) => formatMoney(o.total) },
  { id: 'carrier', header: 'Carrier', value: (o) => o.carrier },
  { id: 'tracking', header: 'Tracking', value: (o) => o.trackingNumber },
  {
    id: 'followUp',
    header: 'Follow-up Email Sent',
    value: (o) => (o.followUpEmailSent ? 'Yes' : 'No'),
    cell: (o) =>
      o.followUpEmailSent ? (
        <Badge bg="success" data-testid="order-follow-up-sent">
          Follow-up sent
        </Badge>
      ) : (
        'No'
      ),
  },
];

const NONE: Order[] = [];
type Dialog = { kind: 'new' | 'quote' | 'batch' | 'pickup' } | { kind: 'details'; order: Order } | undefined;

/** Manage Orders, with Shipping Quote (?quote), Batch Purchase and Request USPS Pickup (?pickup). */
/** `postageBilling`: the control that turns postage on (the billing feature's, placed here by the app). */
export function OrdersPage({ postageBilling }: { postageBilling?: ReactNode }) {
  const [params] = useSearchParams();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [q, setQ] = useState('');
  const { result, pages } = useOrderPages(status, q);
  const [dialog, setDialog] = useState<Dialog>(() => (params.has('quote') ? { kind: 'quote' } : params.has('pickup') ? { kind: 'pickup' } : params.has('new') ? { kind: 'new' } : undefined));
  const [notice, setNotice] = useState<string>();
  const balance = useBalance();
  const info = useSellerInfo();
  const rows = result.data?.orders ?? NONE;
  const close = () => setDialog(undefined);

  return (
    <>
      <PageHeader title="Orders" />
      {balance.data?.postageOff && (
        <Alert variant="warning" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          {balance.data.warning} {postageBilling}
        </Alert>
      )}
      {balance.data && !balance.data.postageOff && <p className="small text-body-secondary" data-testid="postage-balance">Postage balance: {formatMoney(balance.data.balanceCents / 100)}</p>}
      <ShippingUsage />
      <OrdersTour startOpen={params.has('walkthrough')} onLiveSelling={() => setDialog({ kind: 'new' })} />
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(undefined)}>
          {notice}
        </Alert>
      )}
      <ImportOrders />
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Form.Select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | '')} style={{ maxWidth: 200 }}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s} className="text-capitalize">
              {s}
            </option>
          ))}
        </Form.Select>
        <Button variant="outline-secondary" onClick={() => setDialog({ kind: 'quote' })}>
          Shipping Quote
        </Button>
        <Button variant="outline-secondary" onClick={() => setDialog({ kind: 'batch' })}>
          Batch Purchase
        </Button>
        <Button variant="outline-secondary" onClick={() => setDialog({ kind: 'pickup' })}>
          Request USPS Pickup
        </Button>
      </div>
      {result.error ? (
        <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <DataTable
          name="orders"
          columns={COLUMNS}
          rows={rows}
          rowKey={(o) => o.orderId}
          rowLabel={(o) => `${o.orderNumber} ${o.customerName}`}
          search={{ placeholder: 'Search by customer or order number', onSearch: setQ }}
          buttons={<Button onClick={() => setDialog({ kind: 'new' })}>New Order</Button>}
          actions={(o) => [{ label: 'Details', onClick: () => setDialog({ kind: 'details', order: o }) }]}
          onRowClick={(o) => setDialog({ kind: 'details', order: o })}
          loading={result.isFetching && rows.length === 0}
          loadingMessage={q ? 'Searching...' : 'Loading orders...'}
          emptyMessage="You have no orders yet. Add one with New Order."
          noMatchMessage={`No orders match "${q}".`}
          pages={pages}
        />
      )}
      {dialog?.kind === 'new' && (
        <NewOrderModal
          onHide={close}
          onSaved={(o) => {
            setNotice(`Order ${o.orderNumber} for ${o.customerName} was saved.`);
            setDialog({ kind: 'details', order: o });
          }}
        />
      )}
      {dialog?.kind === 'details' && <OrderDetailsModal order={dialog.order} fromZip={info.data?.returnAddress?.zip ?? undefined} onHide={close} />}
      {dialog?.kind === 'quote' && <QuoteModal onHide={close} />}
      {dialog?.kind === 'batch' && <BatchModal orders={rows} onHide={close} />}
      {dialog?.kind === 'pickup' && <PickupModal onHide={close} />}
    </>
  );
}
