import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { formatMoney } from '../../../../shared/domain/format';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { type HomepageAnswer, useHomepage } from './api';

interface Todo {
  id: string;
  text: string;
  to: string;
  action: string;
  tone: 'warning' | 'danger' | 'info';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The things that need the seller, most urgent first; each links where it is done. */
export function todosOf(h: HomepageAnswer): Todo[] {
  const out: Todo[] = [];
  for (const s of h.failedSyncs) out.push({ id: `sync-${s.platform}`, text: s.message, to: '/settings#integration', action: 'Fix sync', tone: 'danger' });
  if (h.postage.low)
    out.push({
      id: 'postage',
      text: `Your postage balance is ${formatMoney(h.postage.balanceCents / 100)}, below ${formatMoney(h.postage.thresholdCents / 100)}.`,
      to: '/settingsbilling',
      action: 'Add postage',
      tone: 'warning',
    });
  if (h.unshippedOrders > 0)
    out.push({ id: 'unshipped', text: `${plural(h.unshippedOrders, 'order is', 'orders are')} waiting to be shipped.`, to: '/orders', action: 'Ship orders', tone: 'warning' });
  if (h.rewardsToRedeem > 0)
    out.push({
      id: 'rewards',
      text: `${h.rewardsMore ? `${h.rewardsToRedeem}+` : h.rewardsToRedeem} ${h.rewardsToRedeem === 1 && !h.rewardsMore ? 'customer has' : 'customers have'} earned a reward not yet given.`,
      to: '/rewards',
      action: 'Give rewards',
      tone: 'info',
    });
  if (h.setup.percent < 100) out.push({ id: 'setup', text: `Your setup is ${h.setup.percent}% done.`, to: '/activate', action: 'Continue Setup', tone: 'info' });
  return out;
}

function Needs({ data }: { data: HomepageAnswer }) {
  const todos = todosOf(data);
  return (
    <>
      <p className="lead">Welcome back, {data.name}.</p>
      <Card className="shadow-sm mb-3">
        <Card.Header>
          <h2 className="h6 mb-0">Needs your attention</h2>
        </Card.Header>
        {todos.length === 0 ? (
          <Card.Body data-testid="home-clear">You're all caught up: nothing needs you right now.</Card.Body>
        ) : (
          <ListGroup variant="flush" data-testid="home-todos">
            {todos.map((t) => (
              <ListGroup.Item key={t.id} className={`d-flex flex-wrap align-items-center justify-content-between gap-2 border-start border-4 border-${t.tone}`} data-testid={`todo-${t.id}`}>
                <span>{t.text}</span>
                <Link to={t.to} className="btn btn-sm btn-outline-primary">
                  {t.action}
                </Link>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card>
      <div className="d-flex flex-wrap gap-3 small">
        <Link to="/dashboard">Dashboard</Link>
        <Link to="/reports">Reports</Link>
        <Link to="/supplies">Free shipping supplies</Link>
      </div>
    </>
  );
}

export function HomePage() {
  const { data, error, isPending, refetch } = useHomepage();
  return (
    <>
      <PageHeader title="Home" />
      {isPending ? <Loading /> : error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : <Needs data={data} />}
    </>
  );
}
