import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { Plan } from '../../../../shared/domain/plans';
import { NEVER, plural } from '../../../../shared/domain/format';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorAlert, errorMessage, shownError } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { ListHeader } from '../../components/ListHeader';
import { RewardsAdjustmentModal } from '../../components/RewardsAdjustmentModal';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import {
  type FulfilledReward,
  type RewardCustomerRow,
  type RewardSettings,
  useDisableProgram,
  useGiftsEarned,
  useLastFulfilled,
  useRefreshRewards,
  useRestartPrevious,
  useRewardPages,
  useRewardSettings,
  useSendAlmostCompleted,
} from './api';
import { AnnouncementCard } from './AnnouncementCard';
import { CustomerStateBadge, customerStateLabel, ProgramStateBadge, REWARD_COLUMNS } from './labels';
import { RedeemModal } from './RedeemModal';
import { ReminderModal } from './ReminderModal';
import { ICON_EMOJI, iconLabel } from './reward-icons';
import { formatPoints } from './rewards-form';
import { RewardsGate } from './RewardsGate';
import { SettingsForm } from './SettingsForm';

const TITLE = 'Rewards';
const NONE: RewardCustomerRow[] = [];

/** The /rewards/history address of one customer. */
export const historyPath = (customerID: string) => `/rewards/history?customerId=${encodeURIComponent(customerID)}`;

function columns(settings: RewardSettings | undefined): DataColumn<RewardCustomerRow>[] {
  const goalType = settings?.goalType ?? 'items';
  return [
    {
      id: 'customer',
      header: 'Customer',
      value: (r) => r.name.toLowerCase(),
      cell: (r) => (
        <>
          <strong>{r.name}</strong>
          {r.email && <div className="small text-body-secondary text-break">{r.email}</div>}
        </>
      ),
    },
    {
      id: 'points',
      header: 'Points',
      value: (r) => r.points,
      cell: (r) => (settings ? `${formatPoints(r.points, goalType)} of ${formatPoints(settings.goalCount, goalType)}` : formatPoints(r.points, goalType)),
    },
    // MM/DD/YYYY sorts by month first: sort by year, month, day instead.
    { id: 'earned', header: 'Date Earned', value: (r) => (r.dateEarned ? r.dateEarned.replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3$1$2') : null), cell: (r) => r.dateEarned ?? NEVER },
    { id: 'status', header: 'Status', value: (r) => customerStateLabel(r.status), cell: (r) => <CustomerStateBadge state={r.status} redeemCount={r.redeemCount} /> },
  ];
}

const FULFILLED_COLUMNS: DataColumn<FulfilledReward>[] = [{ id: 'customer', header: 'Customer', value: (r) => r.name }, ...REWARD_COLUMNS];

type Dialog = { kind: 'redeem' | 'adjust' | 'reminder'; row: RewardCustomerRow } | { kind: 'disable' } | undefined;

/** The program at a glance: its state, the gifts earned so far, and ending or restarting it. */
function ProgramCard({ settings, onNotice, onDisable }: { settings: RewardSettings; onNotice: (m: string) => void; onDisable: () => void }) {
  const gifts = useGiftsEarned(true);
  const restart = useRestartPrevious();
  const ended = settings.state === 'cancelled';
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <div className="d-flex align-items-center gap-3">
          <span className="display-6" role="img" aria-label={iconLabel(settings.icon)}>
            {ICON_EMOJI[settings.icon]}
          </span>
          <div>
            <div className="fw-semibold" data-testid="program-reward">
              {settings.rewardText}
            </div>
            <div className="small text-body-secondary">
              after {formatPoints(settings.goalCount, settings.goalType)} {settings.goalType === 'items' ? 'items' : 'spent'} · from {settings.startDate}{' '}
              <ProgramStateBadge state={settings.state} />
            </div>
          </div>
        </div>
        <div className="text-center">
          <div className="h3 mb-0" data-testid="gifts-earned">
            {gifts.data ? gifts.data.count : '…'}
          </div>
          <div className="small text-body-secondary">{gifts.data?.count === 1 ? 'gift earned' : 'gifts earned'}</div>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {ended ? (
            <>
              <Button
                onClick={() => restart.mutate(undefined, { onSuccess: (a) => onNotice(a.message) })}
                disabled={restart.isPending}
              >
                Restart Previous Program
              </Button>
              <Link to="/rewards/activate" className="btn btn-outline-primary">
                Start a New Program
              </Link>
            </>
          ) : (
            <Button variant="outline-danger" onClick={onDisable}>
              Disable Program
            </Button>
          )}
        </div>
      </Card.Body>
      {shownError(restart.error) && (
        <Card.Footer>
          <span className="text-danger small">{errorMessage(restart.error)}</span>
        </Card.Footer>
      )}
    </Card>
  );
}

function LastFulfilled() {
  const fulfilled = useLastFulfilled(true);
  return (
    <Card className="shadow-sm">
      <Card.Header as="h2" className="h6 mb-0">
        Last Fulfilled Rewards
      </Card.Header>
      <Card.Body>
        {fulfilled.error ? (
          <ErrorAlert error={fulfilled.error} onRetry={() => void fulfilled.refetch()} />
        ) : (
          <DataTable
            name="fulfilled-rewards"
            label="Last Fulfilled Rewards"
            columns={FULFILLED_COLUMNS}
            rows={(fulfilled.data?.rewards ?? []).map((r, i) => ({ ...r, n: String(i) }))}
            // A fulfilled reward has no id in the answer, and a customer may redeem the same reward twice a day.
            rowKey={(r) => r.n}
            loading={fulfilled.isPending}
            loadingMessage="Loading rewards..."
            emptyMessage="No rewards have been redeemed yet."
          />
        )}
      </Card.Body>
    </Card>
  );
}

function Dashboard({ plan }: { plan: Plan }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const { result, pages } = useRewardPages(q, true);
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState<string | undefined>((location.state as { notice?: string } | null)?.notice);
  const disable = useDisableProgram();
  const almost = useSendAlmostCompleted();
  const refresh = useRefreshRewards();
  const close = () => setDialog(undefined);
  const done = (message: string) => {
    setNotice(message);
    close();
  };

  // The program's settings lay out the page; the table's pages (which carry them too) only fill the table, so a
  // search keeps the page and its search box in place.
  const program = useRewardSettings(true);
  const loaded = program.data;
  // A program not started is set up on /rewards/activate; a cached answer from before it started is fetched again first.
  if (loaded?.state === 'notStarted' && !program.isFetching) return <Navigate to="/rewards/activate" replace />;
  const settings = loaded?.state === 'notStarted' ? undefined : loaded;
  const rows = result.data?.customers ?? NONE;
  const rewardText = settings?.rewardText ?? '';

  const actions = (r: RewardCustomerRow) => [
    { label: 'Redeem', onClick: () => setDialog({ kind: 'redeem', row: r }), disabled: r.redeemCount < 1 },
    { label: 'Adjust Balance', onClick: () => setDialog({ kind: 'adjust', row: r }) },
    { label: 'History', onClick: () => navigate(historyPath(r.customerID)) },
    { label: 'Reminder Email', onClick: () => setDialog({ kind: 'reminder', row: r }), disabled: r.email === '' },
    ...(r.status === 'almost'
      ? [
          {
            label: 'Almost There Email',
            onClick: () => almost.mutate(r.customerID, { onSuccess: (a) => setNotice(a.message) }),
            disabled: r.email === '' || almost.isPending,
          },
        ]
      : []),
  ];

  return (
    <>
      <ListHeader title={TITLE} />
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(undefined)} data-testid="rewards-notice">
          {notice}
        </Alert>
      )}
      {shownError(almost.error) && (
        <Alert variant="danger" dismissible onClose={() => almost.reset()}>
          {errorMessage(almost.error)}
        </Alert>
      )}
      {program.error ? (
        <ErrorAlert error={program.error} onRetry={() => void program.refetch()} />
      ) : !settings ? (
        <Loading label="Loading rewards..." />
      ) : (
        <Row className="g-3">
          {/* Below the side navigation's 992 px (phones, tablets) the customers come first, then the program and its last rewards (issue 17). */}
          <Col xl={8} className="d-flex flex-column">
            <div className="order-1 order-lg-0">
              <ProgramCard settings={settings} onNotice={setNotice} onDisable={() => setDialog({ kind: 'disable' })} />
            </div>
            <Card className="shadow-sm mb-3">
              <Card.Body>
                {result.error && <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />}
                {settings.catchingUp && <Loading label="Counting the points of the orders placed since the start date..." />}
                <DataTable
                  name="rewards"
                  label="Customer Points"
                  columns={columns(settings)}
                  rows={rows}
                  rowKey={(r) => r.customerID}
                  rowLabel={(r) => r.name}
                  search={{ placeholder: 'Search customers', onSearch: setQ }}
                  actions={actions}
                  loading={result.isFetching && rows.length === 0}
                  loadingMessage={q ? 'Searching...' : 'Loading customers...'}
                  emptyMessage="No customer has points yet. Orders from the start date on earn them."
                  noMatchMessage={`No customers match "${q}".`}
                  pages={pages}
                />
              </Card.Body>
            </Card>
            <div className="order-2 order-lg-0">
              <LastFulfilled />
            </div>
          </Col>
          <Col xl={4}>
            <Card className="shadow-sm mb-3">
              <Card.Header as="h2" className="h6 mb-0">
                Reward Settings
              </Card.Header>
              <Card.Body>
                <SettingsForm key={JSON.stringify(settings)} settings={settings} plan={plan} submitLabel="Save Settings" onSaved={(m) => setNotice(m)} />
              </Card.Body>
            </Card>
            <AnnouncementCard plan={plan} sent={settings.announcementSent} onSent={setNotice} />
          </Col>
        </Row>
      )}

      {dialog?.kind === 'redeem' && <RedeemModal customer={dialog.row} rewardText={rewardText} onHide={close} onRedeemed={done} />}
      {dialog?.kind === 'reminder' && <ReminderModal customer={dialog.row} rewardText={rewardText} onHide={close} onSent={done} />}
      {dialog?.kind === 'adjust' && (
        <RewardsAdjustmentModal
          customer={{ customerID: dialog.row.customerID, name: dialog.row.name, balance: dialog.row.points }}
          onHide={close}
          onSaved={(balance) => {
            refresh();
            done(`${dialog.row.name} now has ${plural(balance, 'point')}.`);
          }}
        />
      )}
      {dialog?.kind === 'disable' && (
        <ConfirmDialog
          title="Disable Rewards Program"
          action="Disable Program"
          busy={disable.isPending}
          error={disable.error}
          onHide={close}
          onConfirm={() => disable.mutate(undefined, { onSuccess: (a) => done(a.message) })}
        >
          <p className="mb-0">End the rewards program? Orders stop earning points; the history stays, and you can restart the program later.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** /rewards (spec section 2): the customers' points and rewards, the program's settings and its announcement. */
export function RewardsPage() {
  return <RewardsGate title={TITLE}>{(plan) => <Dashboard plan={plan} />}</RewardsGate>;
}
