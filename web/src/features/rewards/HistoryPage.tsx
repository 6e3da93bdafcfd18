import Card from 'react-bootstrap/Card';
import { Link, useSearchParams } from 'react-router';
import { NEVER } from '../../../../shared/domain/format';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { showDate } from '../../lib/format';
import type { GoalType } from '../../../../shared/domain/rewards-constants';
import { type RewardCustomerRow, type RewardHistoryEntry, useCustomerHistory, useRewardSettings } from './api';
import { formatPoints } from './rewards-form';
import { CustomerStateBadge, REWARD_COLUMNS } from './labels';
import { RewardsGate } from './RewardsGate';

const TITLE = 'Reward History';

const KIND_LABELS: Record<RewardHistoryEntry['kind'], string> = {
  order: 'Order',
  adjustment: 'Adjustment',
  redeem: 'Redeemed',
  reversal: 'Order taken back',
};

/** Points in the program's unit (dollars with cents for a dollars goal), as the dashboard shows them. */
function historyColumns(goalType: GoalType): DataColumn<RewardHistoryEntry>[] {
  return [
    { id: 'at', header: 'Date', value: (h) => h.at, cell: (h) => showDate(h.at) },
    { id: 'kind', header: 'Change', value: (h) => KIND_LABELS[h.kind] },
    { id: 'points', header: 'Points', value: (h) => h.points, cell: (h) => `${h.points > 0 ? '+' : ''}${formatPoints(h.points, goalType)}` },
    { id: 'description', header: 'Description', value: (h) => h.description, sortable: false },
  ];
}


function CustomerCard({ customer, goalType }: { customer: RewardCustomerRow; goalType: GoalType }) {
  return (
    <Card body className="shadow-sm mb-3" data-testid="history-customer">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <div className="text-break">
          <div className="h5 mb-0">{customer.name}</div>
          {customer.email && <div className="text-body-secondary">{customer.email}</div>}
        </div>
        <CustomerStateBadge state={customer.status} redeemCount={customer.redeemCount} />
      </div>
      <dl className="row mb-0 mt-2 small">
        <dt className="col-6 col-sm-3 fw-normal text-body-secondary">Points</dt>
        <dd className="col-6 col-sm-3 mb-0">{formatPoints(customer.points, goalType)}</dd>
        <dt className="col-6 col-sm-3 fw-normal text-body-secondary">Date Earned</dt>
        <dd className="col-6 col-sm-3 mb-0">{customer.dateEarned ?? NEVER}</dd>
      </dl>
    </Card>
  );
}

/**
 * A fulfilled reward has no id of its own in the answer, and one customer may redeem the same reward twice a day:
 * rows are keyed by their place in the page.
 */
const numbered = <T,>(rows: readonly T[]) => rows.map((r, i) => ({ ...r, n: String(i) }));

/**
 * The answer's one cursor pages the fulfilled rewards (the point history is the latest changes on every page), so
 * the pager is the Fulfilled Rewards table's.
 */
function History({ customerId }: { customerId: string }) {
  const { result, pages } = useCustomerHistory(customerId, true);
  const settings = useRewardSettings(true);
  const goalType = settings.data?.goalType ?? 'items';
  if (result.error) return <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />;
  // The unit comes with the program: points are not shown before it is known (12.5 then $12.50).
  if (!result.data || settings.isPending) return <Loading />;
  const { customer, history = [], rewards } = result.data;
  return (
    <>
      {customer && <CustomerCard customer={customer} goalType={goalType} />}
      <Card className="shadow-sm mb-3">
        <Card.Header as="h2" className="h6 mb-0">
          Point History
        </Card.Header>
        <Card.Body>
          <DataTable
            name="point-history"
            label="Point History"
            columns={historyColumns(goalType)}
            rows={history}
            rowKey={(h) => `${h.at}:${h.kind}:${h.orderID ?? ''}:${h.points}`}
            loading={result.isFetching && history.length === 0}
            emptyMessage="No points yet."
          />
        </Card.Body>
      </Card>
      <Card className="shadow-sm">
        <Card.Header as="h2" className="h6 mb-0">
          Fulfilled Rewards
        </Card.Header>
        <Card.Body>
          <DataTable
            name="customer-rewards"
            label="Fulfilled Rewards"
            columns={REWARD_COLUMNS}
            rows={numbered(rewards)}
            rowKey={(r) => r.n}
            emptyMessage="No rewards redeemed yet."
            pages={pages}
          />
        </Card.Body>
      </Card>
    </>
  );
}

/** /rewards/history?customerId=... (spec section 2): one customer's row, point history and fulfilled rewards. */
export function HistoryPage() {
  const [params] = useSearchParams();
  const customerId = params.get('customerId') ?? '';
  return (
    <RewardsGate title={TITLE}>
      {() => (
        <>
          <PageHeader title={TITLE}>
            <Link to="/rewards" className="btn btn-outline-secondary btn-sm">
              Back to Rewards
            </Link>
          </PageHeader>
          {customerId === '' ? (
            <Card body>
              Choose a customer on the <Link to="/rewards">Rewards</Link> page to see their history.
            </Card>
          ) : (
            <History customerId={customerId} />
          )}
        </>
      )}
    </RewardsGate>
  );
}
