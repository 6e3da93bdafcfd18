import { type ReactNode, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { formatMoney, orNA } from '../../../../shared/domain/format';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SendEmailModal } from '../../components/SendEmailModal';
import { type Customer, type CustomerOrder, useCustomerOrderPages } from './api';
import { EmailStatusBadge } from './EmailStatusBadge';
import { nameOf, showDate } from '../../lib/format';

const NO_ORDERS: CustomerOrder[] = [];

const ORDER_COLUMNS: DataColumn<CustomerOrder>[] = [
  { id: 'orderNumber', header: 'Order #', value: (o) => o.orderNumber },
  { id: 'orderDate', header: 'Date', value: (o) => o.orderDate, cell: (o) => showDate(o.orderDate) },
  { id: 'status', header: 'Status', value: (o) => o.status, cell: (o) => <span className="text-capitalize">{o.status}</span> },
  { id: 'items', header: 'Items', value: (o) => o.items },
  { id: 'total', header: 'Total', value: (o) => o.total, cell: (o) => formatMoney(o.total, o.currency) },
];

function Field({ label, value, extra }: { label: string; value: string | number | null | undefined; extra?: ReactNode }) {
  return (
    <Col className="mb-2">
      <div className="small text-body-secondary">{label}</div>
      <div className="text-break" data-field={label}>
        {orNA(value)}
        {extra}
      </div>
    </Col>
  );
}

/** Customer details with orders (spec section 2), and Send Email to the customer (issue 15). */
export function CustomerDetailsModal({ customer, onHide, onEdit }: { customer: Customer; onHide: () => void; onEdit: () => void }) {
  const { result: orders, pages } = useCustomerOrderPages(customer.customerID);
  const [emailing, setEmailing] = useState(false);
  const [notice, setNotice] = useState<string>();
  const address = [customer.address1, customer.address2, customer.address3, [customer.city, customer.state, customer.zip].filter(Boolean).join(' ')]
    .filter((p) => p && p.trim() !== '')
    .join(', ');
  return (
    <>
    {/* Hidden, not unmounted, while the email is written: the orders page stays where it was. */}
    <Modal show={!emailing} onHide={onHide} size="lg" aria-labelledby="customer-details-title">
      <Modal.Header closeButton>
        <Modal.Title id="customer-details-title">{nameOf(customer)}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {notice && (
          <Alert variant="success" dismissible onClose={() => setNotice(undefined)} data-testid="customer-email-notice">
            {notice}
          </Alert>
        )}
        <Row xs={1} sm={2} md={3}>
          <Field label="Email" value={customer.email} extra={<EmailStatusBadge customer={customer} className="ms-2" />} />
          <Field label="Phone" value={customer.phone} />
          <Field label="Birthday" value={customer.birthday} />
          <Field label="Company" value={customer.company} />
          <Field label="Address" value={address} />
          <Field label="Country" value={customer.country} />
          <Field label="Reward Points" value={customer.rewardBalance} />
          <Field label="Total Spend" value={formatMoney(customer.totalSpend)} />
        </Row>
        <h2 className="h6 mt-3">Orders</h2>
        {orders.error ? (
          <ErrorAlert error={orders.error} onRetry={() => void orders.refetch()} />
        ) : (
          <DataTable
            name="customer-orders"
            label="Orders"
            columns={ORDER_COLUMNS}
            rows={orders.data?.orders ?? NO_ORDERS}
            rowKey={(o) => o.orderID}
            loading={orders.isFetching && !orders.data}
            loadingMessage="Loading orders..."
            emptyMessage="This customer has no orders yet."
            pages={pages}
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={() => setEmailing(true)} disabled={!customer.email}>
          Send Email
        </Button>
        <Button variant="outline-primary" onClick={onEdit}>
          Edit Customer
        </Button>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
    {emailing && (
      <SendEmailModal
        customerId={customer.customerID}
        onHide={() => setEmailing(false)}
        onSent={() => {
          setNotice('Your email is on its way.');
          setEmailing(false);
        }}
      />
    )}
    </>
  );
}
