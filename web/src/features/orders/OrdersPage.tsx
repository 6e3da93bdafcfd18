import { type ReactNode, useMemo, useState } from 'react';
import { Alert } from '../../components/Alert';
import Badge from 'react-bootstrap/Badge';
import { OrderStatusBadge } from '../../components/OrderStatusBadge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../../../shared/domain/format';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListHeader } from '../../components/ListHeader';
import { UploadToggle } from '../../components/UploadPanel';
import { TrackingLink } from '../../components/TrackingLink';
import { showDate } from '../../lib/format';
import { OPEN_ORDER_STATUSES, ORDER_FILTERS, ORDER_STATUS_NAMES, ORDER_STATUSES, type OrderFilter } from '../../../../shared/domain/orders';
import { MAX_BATCH } from '../../../../shared/schemas/shipping';
import { type Order, useBalance, useOrderPages, useSellerInfo, useShippingDefaults } from './api';
import { BatchModal } from './BatchModal';
import { ImportOrders } from './ImportOrders';
import { NewOrderModal } from './NewOrderModal';
import { OrderDetailsModal } from './OrderDetailsModal';
import { OrdersTour } from './OrdersTour';
import { PickupModal } from './PickupModal';
import { QuoteModal } from './QuoteModal';
import { ShippingUsage } from './ShippingUsage';

const COLUMNS: DataColumn<Order>[] = [
  // A number, date or amount broken over two lines reads as two values: the table's widest columns wrap instead.
  // An order number breaks only where it has a hyphen or space (a marketplace's long ones), never inside a run of digits.
  { id: 'number', header: 'Order #', value: (o) => o.orderNumber, cell: (o) => <span className="wrap-words">{o.orderNumber}</span> },
  { id: 'status', header: 'Status', value: (o) => o.status, cell: (o) => <OrderStatusBadge status={o.status} /> },
  { id: 'customer', header: 'Customer', value: (o) => o.customerName, cell: (o) => <strong>{o.customerName}</strong> },
  { id: 'date', header: 'Date', value: (o) => o.orderDate, cell: (o) => <span className="text-nowrap">{showDate(o.orderDate)}</span> },
  { id: 'items', header: 'Items', value: (o) => o.items.reduce((n, i) => n + i.quantity, 0) },
  { id: 'total', header: 'Total', value: (o) => o.total, cell: (o) => <span className="text-nowrap">{formatMoney(o.total, o.currency)}</span> },
  // The carrier beside its tracking number in one column, the number by its last characters: eleven columns and a
  // 22-digit number in four lines did not fit a laptop beside the sidebar (Order Details shows both whole).
  {
    id: 'tracking',
    header: 'Tracking',
    value: (o) => [o.carrier, o.trackingNumber].filter(Boolean).join(' '),
    cell: (o) =>
      o.carrier || o.trackingNumber ? (
        <span className="text-nowrap">
          {o.carrier && <span className="me-1">{o.carrier}</span>}
          <TrackingLink carrier={o.carrier} trackingNumber={o.trackingNumber} short />
        </span>
      ) : (
        'N/A'
      ),
  },
  {
    id: 'followUp',
    header: 'Follow-up Email Sent',
    value: (o) => (o.followUpEmailSent ? 'Yes' : 'No'),
    cell: (o) =>
      o.followUpEmailSent ? (
        <Badge bg="success" data-testid="order-follow-up-sent">
          Sent
        </Badge>
      ) : (
        'No'
      ),
  },
];

const NONE: Order[] = [];
/** An order Batch Purchase can buy a label for. */
const shippable = (o: Order) => !o.labelId && OPEN_ORDER_STATUSES.includes(o.status);

/** The tick box that chooses an order for Batch Purchase; the choice is kept across pages and searches. */
function selectColumn(selected: ReadonlyMap<string, Order>, toggle: (o: Order) => void): DataColumn<Order> {
  return {
    id: 'select',
    header: 'Batch',
    sortable: false,
    value: (o) => (selected.has(o.orderId) ? 1 : 0),
    cell: (o) =>
      shippable(o) ? (
        <Form.Check
          aria-label={`Choose order ${o.orderNumber} for Batch Purchase`}
          checked={selected.has(o.orderId)}
          onClick={(e) => e.stopPropagation()}
          onChange={() => toggle(o)}
          data-testid="batch-select"
        />
      ) : null,
  };
}
type Dialog = { kind: 'new' | 'quote' | 'batch' | 'pickup' } | { kind: 'details'; order: Order } | undefined;

/** Manage Orders, with Shipping Quote (?quote), Batch Purchase and Request USPS Pickup (?pickup). */
/** `postageBilling`: the control that turns postage on (the billing feature's, placed here by the app). */
export function OrdersPage({ postageBilling }: { postageBilling?: ReactNode }) {
  const [params] = useSearchParams();
  // ?status= chooses the filter a link opens with (the homepage's orders waiting to be shipped: ?status=open).
  const [status, setStatus] = useState<OrderFilter | ''>(() => {
    const asked = params.get('status');
    return ORDER_FILTERS.find((f) => f === asked) ?? '';
  });
  const [q, setQ] = useState('');
  // The whole list sorts by date on the server (issue 17): oldest or newest first.
  const [byDate, setByDate] = useState<{ id: string; desc: boolean }>();
  const { result, pages } = useOrderPages(status, q, byDate ? (byDate.desc ? 'desc' : 'asc') : undefined);
  const [dialog, setDialog] = useState<Dialog>(() => (params.has('quote') ? { kind: 'quote' } : params.has('pickup') ? { kind: 'pickup' } : params.has('new') ? { kind: 'new' } : undefined));
  const [notice, setNotice] = useState<string>();
  const [importing, setImporting] = useState(false);
  const balance = useBalance();
  const info = useSellerInfo();
  // Read with the page, so the label, batch and quote dialogs open already holding the seller's shipping defaults.
  useShippingDefaults();
  const rows = result.data?.orders ?? NONE;
  const close = () => setDialog(undefined);
  const [selected, setSelected] = useState<ReadonlyMap<string, Order>>(new Map());
  const columns = useMemo(
    () => [
      selectColumn(selected, (o) =>
        setSelected((before) => {
          const next = new Map(before);
          if (next.has(o.orderId)) next.delete(o.orderId);
          else if (next.size < MAX_BATCH) next.set(o.orderId, o);
          return next;
        }),
      ),
      ...COLUMNS,
    ],
    [selected],
  );

  return (
    <>
      {/* One primary action; the rest in the toolbar, balance and allowance on one line (issue 17). */}
      <ListHeader
        title="Orders"
        primary={{ label: 'New Order', onClick: () => setDialog({ kind: 'new' }) }}
        toolbarLabel="Order actions"
        figures={
          <>
            {balance.data && !balance.data.postageOff && (
              <span data-testid="postage-balance" className="me-2">
                Postage balance: {formatMoney(balance.data.balanceCents / 100)}.
              </span>
            )}
            <ShippingUsage />
          </>
        }
        toolbar={
          <>
            <Form.Select size="sm" aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as OrderFilter | '')} style={{ maxWidth: 200 }}>
              <option value="">All statuses</option>
              <option value="open">Waiting to be shipped</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_STATUS_NAMES[s]}
                </option>
              ))}
            </Form.Select>
            <UploadToggle name="orders" label="Import Orders" open={importing} onToggle={() => setImporting((o) => !o)} />
            <Button size="sm" variant="outline-secondary" onClick={() => setDialog({ kind: 'quote' })}>
              Shipping Quote
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setDialog({ kind: 'batch' })}>
              Batch Purchase{selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
            {selected.size > 0 && (
              <Button size="sm" variant="link" onClick={() => setSelected(new Map())}>
                Clear choice
              </Button>
            )}
            <Button size="sm" variant="outline-secondary" onClick={() => setDialog({ kind: 'pickup' })}>
              Request USPS Pickup
            </Button>
          </>
        }
      >
        {balance.data?.postageOff && (
          <Alert variant="warning" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            {balance.data.warning} {postageBilling}
          </Alert>
        )}
      </ListHeader>
      <OrdersTour startOpen={params.has('walkthrough')} onLiveSelling={() => setDialog({ kind: 'new' })} />
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(undefined)}>
          {notice}
        </Alert>
      )}
      <ImportOrders open={importing} />
      {result.error ? (
        <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <DataTable
          name="orders"
          label="Orders"
          columns={columns}
          rows={rows}
          rowKey={(o) => o.orderId}
          rowLabel={(o) => `${o.orderNumber} ${o.customerName}`}
          search={{ placeholder: 'Search by customer or order number', onSearch: setQ }}
          actions={(o) => [{ label: 'Details', onClick: () => setDialog({ kind: 'details', order: o }) }]}
          onRowClick={(o) => setDialog({ kind: 'details', order: o })}
          loading={result.isFetching && rows.length === 0}
          loadingMessage={q ? 'Searching...' : 'Loading orders...'}
          emptyMessage="You have no orders yet. Add one with New Order."
          noMatchMessage={`No orders match "${q}".`}
          pages={pages}
          sort={{ columns: ['date'], value: byDate, onChange: setByDate }}
          size="sm"
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
      {dialog?.kind === 'batch' && (
        <BatchModal
          selected={[...selected.values()]}
          onHide={close}
          onStarted={() => setSelected(new Map())}
        />
      )}
      {dialog?.kind === 'pickup' && <PickupModal onHide={close} />}
    </>
  );
}
