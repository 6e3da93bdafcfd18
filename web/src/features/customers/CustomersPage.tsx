import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Alert } from '../../components/Alert';
import { formatMoney, orNA, plural } from '../../../../shared/domain/format';
import { atLeast } from '../../../../shared/domain/plans';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListHeader } from '../../components/ListHeader';
import { UploadToggle } from '../../components/UploadPanel';
import { RewardsAdjustmentModal } from '../../components/RewardsAdjustmentModal';
import { type Customer, customersKey, useCustomerPages, useSellerPlan } from './api';
import { CustomerDetailsModal } from './CustomerDetailsModal';
import { CustomerFormModal } from './CustomerFormModal';
import { DeleteCustomerModal } from './DeleteCustomerModal';
import { EmailStatusBadge } from './EmailStatusBadge';
import { ImportCustomers } from './ImportCustomers';
import { nameOf, placeOf } from '../../lib/format';
import { MergeCustomersModal } from './MergeCustomersModal';

const COLUMNS: DataColumn<Customer>[] = [
  { id: 'name', header: 'Name', value: (c) => `${c.lastName} ${c.firstName}`.toLowerCase(), cell: (c) => <strong>{nameOf(c)}</strong> },
  {
    id: 'email',
    header: 'Email',
    value: (c) => c.email,
    cell: (c) =>
      c.email ? (
        <span className="text-break">
          {c.email} <EmailStatusBadge customer={c} className="ms-1" />
        </span>
      ) : (
        orNA(c.email)
      ),
  },
  { id: 'phone', header: 'Phone', value: (c) => c.phone },
  { id: 'place', header: 'City', value: placeOf },
  { id: 'points', header: 'Reward Points', value: (c) => c.rewardBalance },
  { id: 'spend', header: 'Total Spend', value: (c) => c.totalSpend, cell: (c) => formatMoney(c.totalSpend) },
];

const NONE: Customer[] = [];

type Dialog =
  | { kind: 'new' }
  | { kind: 'edit' | 'details' | 'merge' | 'rewards' | 'delete'; customer: Customer }
  | undefined;

export function CustomersPage() {
  const [q, setQ] = useState('');
  // The whole list sorts by name on the server (issue 17); a search's matches sort on screen once they fit one page.
  const [byName, setByName] = useState<{ id: string; desc: boolean }>();
  const listing = q.length < 2;
  const { result, pages } = useCustomerPages(q, listing && byName ? (byName.desc ? 'desc' : 'asc') : undefined);
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState<string>();
  const [importing, setImporting] = useState(false);
  const { data: plan } = useSellerPlan();
  const close = () => setDialog(undefined);
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: customersKey }), [client]);
  const done = (message: string) => {
    setNotice(message);
    close();
  };

  const rows = result.data?.customers ?? NONE;
  const actions = (c: Customer) => [
    { label: 'Details', onClick: () => setDialog({ kind: 'details', customer: c }) },
    { label: 'Edit', onClick: () => setDialog({ kind: 'edit', customer: c }) },
    { label: 'Merge', onClick: () => setDialog({ kind: 'merge', customer: c }) },
    // Rewards are not part of starter (spec section 6).
    ...(plan && atLeast(plan, 'growth') ? [{ label: 'Adjust Points', onClick: () => setDialog({ kind: 'rewards', customer: c }) }] : []),
    { label: 'Delete', onClick: () => setDialog({ kind: 'delete', customer: c }), danger: true },
  ];

  return (
    <>
      <ListHeader
        title="Customers"
        primary={{ label: 'New Customer', onClick: () => setDialog({ kind: 'new' }) }}
        toolbar={<UploadToggle name="customers" label="Import Customers" open={importing} onToggle={() => setImporting((o) => !o)} />}
      />
      <ImportCustomers open={importing} onComplete={refresh} />
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(undefined)} data-testid="customers-notice">
          {notice}
        </Alert>
      )}
      {result.error ? (
        <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <DataTable
          name="customers"
          label="Customers"
          columns={COLUMNS}
          rows={rows}
          rowKey={(c) => c.customerID}
          rowLabel={nameOf}
          search={{ placeholder: 'Search by name, email or phone', onSearch: setQ }}
          actions={actions}
          onRowClick={(c) => setDialog({ kind: 'details', customer: c })}
          loading={result.isFetching && rows.length === 0}
          loadingMessage={q ? 'Searching...' : 'Loading customers...'}
          emptyMessage="You have no customers yet. Add one with New Customer."
          noMatchMessage={q.length < 2 ? 'Type at least 2 characters to search.' : `No customers match "${q}".`}
          pages={pages}
          sort={listing ? { columns: ['name'], value: byName, onChange: setByName } : undefined}
        />
      )}

      {dialog?.kind === 'new' && <CustomerFormModal onHide={close} onSaved={(c) => done(`${nameOf(c)} was added.`)} />}
      {dialog?.kind === 'edit' && <CustomerFormModal customer={dialog.customer} onHide={close} onSaved={(c) => done(`${nameOf(c)} was saved.`)} />}
      {dialog?.kind === 'details' && (
        <CustomerDetailsModal customer={dialog.customer} onHide={close} onEdit={() => setDialog({ kind: 'edit', customer: dialog.customer })} />
      )}
      {dialog?.kind === 'merge' && (
        <MergeCustomersModal
          customer={dialog.customer}
          onHide={close}
          onMerged={(c) => {
            setNotice(`Customers were merged into ${nameOf(c)}.`);
            setDialog({ kind: 'details', customer: c });
          }}
        />
      )}
      {dialog?.kind === 'rewards' && (
        <RewardsAdjustmentModal
          customer={{ customerID: dialog.customer.customerID, name: nameOf(dialog.customer), balance: dialog.customer.rewardBalance }}
          onHide={close}
          onSaved={(balance) => {
            refresh();
            done(`${nameOf(dialog.customer)} now has ${plural(balance, 'point')}.`);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteCustomerModal customer={dialog.customer} onHide={close} onDeleted={() => done(`${nameOf(dialog.customer)} was deleted.`)} />
      )}
    </>
  );
}
