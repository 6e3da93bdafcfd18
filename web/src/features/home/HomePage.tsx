import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import Button from 'react-bootstrap/Button';
import { type HomepageAnswer, useDismissFailedJob, useHomepage } from './api';
import { todosOf } from './todos';

function Needs({ data }: { data: HomepageAnswer }) {
  const todos = todosOf(data);
  const dismiss = useDismissFailedJob();
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
                <span className="d-flex gap-2">
                  <Link to={t.to} className="btn btn-sm btn-outline-primary">
                    {t.action}
                  </Link>
                  {t.dismiss && (
                    <Button size="sm" variant="outline-secondary" disabled={dismiss.isPending} onClick={() => dismiss.mutate(t.dismiss!)}>
                      Dismiss
                    </Button>
                  )}
                </span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        {dismiss.error && <ErrorAlert error={dismiss.error} />}
      </Card>
      <Card className="shadow-sm">
        <Card.Body className="d-flex flex-wrap gap-3">
          <Link to="/dashboard">Dashboard</Link>
          <Link to="/reports">Reports</Link>
          <Link to="/supplies">Free shipping supplies</Link>
        </Card.Body>
      </Card>
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
