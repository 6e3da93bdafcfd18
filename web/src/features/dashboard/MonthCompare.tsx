import { useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { formatMoney } from '../../../../shared/domain/format';
import { Chart } from '../../components/Chart';
import type { Dashboard } from './api';

const count = new Intl.NumberFormat('en-US');
const dollars = (cents: number) => formatMoney(cents / 100);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "2026-11" as "November" (a list, not toLocaleDateString: each call builds a date format, slow on a phone). */
const monthName = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1] ?? month;

/** "+12% vs October", or nothing to compare with. */
function change(now: number, before: number, lastName: string): string {
  if (before === 0) return now === 0 ? `same as ${lastName}` : `new since ${lastName}`;
  const pct = Math.round(((now - before) / Math.abs(before)) * 100);
  return `${pct >= 0 ? '+' : ''}${pct}% vs ${lastName}`;
}

function Figure({ label, value, note, id }: { label: string; value: string; note: string; id: string }) {
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body>
        <Card.Subtitle className="text-body-secondary text-uppercase small mb-2">{label}</Card.Subtitle>
        <div className="fs-3 fw-semibold" data-testid={`month-${id}`}>
          {value}
        </div>
        <div className="small text-body-secondary">{note}</div>
      </Card.Body>
    </Card>
  );
}

/** Sales added up day by day, so two months of different lengths read side by side. */
function cumulative(days: Dashboard['days'], length: number): number[] {
  const byDay = new Map(days.map((d) => [Number(d.day.slice(8, 10)), d.salesCents]));
  const out: number[] = [];
  let sum = 0;
  for (let i = 1; i <= length; i++) {
    sum += byDay.get(i) ?? 0;
    out.push(sum / 100);
  }
  return out;
}

const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/**
 * This month against last: orders, sales, shipments against the plan's allowance, postage spent, and the sales chart
 * (drawn once the data are live, not from the answer kept at the last visit: one drawing instead of two; and when it
 * comes near the viewport, as on a phone it opens below the fold: chart.js is a long task to load and to draw).
 */
export function MonthCompare({ data, live = true }: { data: Dashboard; live?: boolean }) {
  const { thisMonth: now, lastMonth: before } = data;
  const thisName = monthName(now.month);
  const lastName = monthName(before.month);
  const length = Math.max(daysIn(now.month), daysIn(before.month));
  const labels = useMemo(() => Array.from({ length }, (_, i) => String(i + 1)), [length]);
  const today = Number(new Date().toISOString().slice(8, 10));
  const series = useMemo(
    () => [
      { label: thisName, data: cumulative(data.days, Math.min(today, length)) },
      { label: lastName, data: cumulative(data.lastMonthDays, daysIn(before.month)), color: '#adb5bd' },
    ],
    [data, thisName, lastName, today, length, before.month],
  );
  const allowance = data.shipmentAllowance;
  // A dashboard kept from a visit before this figure existed has none: the reports' count stands in for it.
  const counted = (data as Partial<Dashboard>).shipmentsCounted ?? now.shipments;
  return (
    <section aria-labelledby="month-heading" className="mt-4">
      <h2 className="h5" id="month-heading">
        {thisName} so far
      </h2>
      <Row xs={1} sm={2} xl={4} className="g-3 mb-3">
        <Col>
          <Figure id="orders" label="Orders" value={count.format(now.orders)} note={change(now.orders, before.orders, lastName)} />
        </Col>
        <Col>
          <Figure id="sales" label="Sales" value={dollars(now.salesCents)} note={change(now.salesCents, before.salesCents, lastName)} />
        </Col>
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <Card.Subtitle className="text-body-secondary text-uppercase small mb-2">Shipments</Card.Subtitle>
              {/* Against the allowance, the count /orders shows (a voided label still counts); the change is the reports'. */}
              <div className="fs-3 fw-semibold" data-testid="month-shipments">
                {count.format(counted)}
                <span className="fs-6 text-body-secondary"> {allowance === null ? 'of unlimited' : `of ${count.format(allowance)} included`}</span>
              </div>
              {allowance !== null && (
                <ShipmentsBar used={counted} allowance={allowance} />
              )}
              <div className="small text-body-secondary">{change(now.shipments, before.shipments, lastName)}</div>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Figure id="postage" label="Postage spent" value={dollars(now.postageCents)} note={change(now.postageCents, before.postageCents, lastName)} />
        </Col>
      </Row>
      <Card className="shadow-sm">
        <Card.Header>
          <h3 className="h6 mb-0">Sales through the month</h3>
        </Card.Header>
        <Card.Body>
          <Chart kind="line" title={`Sales added up by day, ${thisName} against ${lastName}`} labels={labels} series={series} format={formatMoney} draw={live} whenVisible />
        </Card.Body>
      </Card>
    </section>
  );
}

/** The month's shipments against the allowance; the role and name on the bar itself, as screen readers read it. */
function ShipmentsBar({ used, allowance }: { used: number; allowance: number }) {
  const percent = Math.round(Math.min(100, (used / allowance) * 100));
  return (
    <div
      className="progress my-1"
      role="progressbar"
      aria-label="Shipments used of the plan's allowance"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className={`progress-bar ${used > allowance ? 'bg-warning' : 'bg-primary'}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
