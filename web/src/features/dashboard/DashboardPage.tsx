import { memo, useDeferredValue } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { type Dashboard, useDashboard } from './api';
import { MonthCompare } from './MonthCompare';

const count = new Intl.NumberFormat('en-US');

function Figure({ label, value, to, linkText }: { label: string; value: number; to: string; linkText: string }) {
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body>
        <Card.Subtitle className="text-body-secondary text-uppercase small mb-2">{label}</Card.Subtitle>
        <div className="display-6 fw-semibold" data-testid={`count-${label.toLowerCase()}`}>
          {count.format(value)}
        </div>
        <Link to={to} className="stretched-link small">
          {linkText}
        </Link>
      </Card.Body>
    </Card>
  );
}

const Summary = memo(function Summary({ data, live }: { data: Dashboard; live: boolean }) {
  return (
    <>
      <Card className="mb-3 shadow-sm">
        <Card.Body className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <div>
            <div className="h5 mb-1" data-testid="seller-name">
              Welcome back, {data.name}
            </div>
            {data.businessName && <div className="text-body-secondary">{data.businessName}</div>}
          </div>
          <div className="d-flex align-items-center gap-2">
            <Badge bg="primary" className="fs-6" data-testid="seller-plan">
              {data.planLabel} plan
            </Badge>
            {data.plan !== 'executive' && (
              <Link to="/upgrade" className="small">
                Upgrade
              </Link>
            )}
          </div>
        </Card.Body>
      </Card>
      <Row xs={1} sm={2} className="g-3">
        <Col>
          <Figure label="Customers" value={data.customerCount} to="/customers" linkText="Manage customers" />
        </Col>
        <Col>
          <Figure label="Orders" value={data.orderCount} to="/orders" linkText="Manage orders" />
        </Col>
      </Row>
      <MonthCompare data={data} live={live} />
    </>
  );
});

export function DashboardPage() {
  // Until the live answer comes, the one kept at the seller's last visit (placeholder data). The live answer replaces
  // it as a deferred render, in slices between which the page stays responsive, not in one long task.
  const { data: now, error, isPending, isPlaceholderData, refetch } = useDashboard();
  const data = useDeferredValue(now);
  const live = !isPlaceholderData && data === now;
  return (
    <>
      <PageHeader title="Dashboard" />
      {isPending ? (
        <Loading />
      ) : error ? (
        <ErrorAlert error={error} onRetry={() => void refetch()} />
      ) : data ? (
        <Summary data={data} live={live} />
      ) : (
        <Loading />
      )}
    </>
  );
}
