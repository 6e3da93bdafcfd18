import { type ReactNode, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { formatMoney } from '../../../../shared/domain/format';
import { type DayFigures, monthRange, type Period, rollUp } from '../../../../shared/domain/reports';
import { Chart } from '../../components/Chart';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { downloadCsv } from '../../lib/download';
import { type ReportAnswer, useReport } from './api';

const dollars = (cents: number) => formatMoney(cents / 100);
const count = new Intl.NumberFormat('en-US');
const moneyAxis = (dollarsValue: number) => formatMoney(dollarsValue);

/** Report days are UTC days, as the aggregates keep them. */
const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const PRESETS: { label: string; range: () => { from: string; to: string } }[] = [
  { label: 'This month', range: () => ({ from: monthRange(todayUtc()).from, to: todayUtc() }) },
  { label: 'Last month', range: () => monthRange(todayUtc(), 1) },
  { label: 'Last 30 days', range: () => ({ from: daysAgo(29), to: todayUtc() }) },
  { label: 'This year', range: () => ({ from: `${todayUtc().slice(0, 4)}-01-01`, to: todayUtc() }) },
];

const PERIODS: { value: Period; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

const periodLabel = (start: string, period: Period) =>
  period === 'month'
    ? new Date(`${start}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : period === 'week'
      ? `Week of ${start}`
      : start;

type Cell = string | number;

/** A report's section: its chart, its table, and its CSV (the table's own rows). */
function Section({
  name,
  title,
  chart,
  header,
  rows,
  csv,
  empty,
}: {
  name: string;
  title: string;
  chart: ReactNode;
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
  csv: () => (readonly Cell[])[];
  empty: string;
}) {
  return (
    <Card className="shadow-sm h-100" data-testid={`report-${name}`}>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{title}</h2>
        <Button size="sm" variant="outline-dark" disabled={rows.length === 0} onClick={() => downloadCsv(`${name}.csv`, [header, ...csv()])}>
          Export CSV
        </Button>
      </Card.Header>
      <Card.Body>
        {rows.length === 0 ? (
          <p className="text-body-secondary mb-0">{empty}</p>
        ) : (
          <>
            {chart}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to scroll it (WCAG 2.1.1; axe scrollable-region-focusable) */}
            <section className="mt-3 report-rows" tabIndex={0} aria-label={`${title} table`}>
              <ResponsiveTable
                label={title}
                size="sm"
                striped
                columns={header.map((h, i) => ({ id: h, header: h, numeric: i > 0, cell: (r: readonly Cell[]) => r[i] }))}
                rows={rows}
                rowKey={(r) => String(r[0])}
              />
            </section>
          </>
        )}
      </Card.Body>
    </Card>
  );
}

function Totals({ totals }: { totals: DayFigures }) {
  const figures = [
    ['Orders', count.format(totals.orders)],
    ['Sales', dollars(totals.salesCents)],
    ['Shipments', count.format(totals.shipments)],
    ['Postage spent', dollars(totals.postageCents)],
    ['Rewards earned', count.format(totals.rewardsEarned)],
    ['Rewards redeemed', count.format(totals.rewardsRedeemed)],
  ];
  return (
    <Row xs={2} md={3} xl={6} className="g-2 mb-3">
      {figures.map(([label, value]) => (
        <Col key={label}>
          <Card className="h-100 shadow-sm">
            <Card.Body className="py-2">
              <div className="small text-body-secondary">{label}</div>
              <div className="fs-5 fw-semibold" data-testid={`total-${label?.toLowerCase().replace(/ /g, '-')}`}>
                {value}
              </div>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Report({ data, period }: { data: ReportAnswer; period: Period }) {
  const periods = useMemo(
    () =>
      rollUp(
        new Map(data.days.map(({ day, ...f }) => [day, f])),
        data.from,
        data.to,
        period,
      ),
    [data, period],
  );
  const periodNames = useMemo(() => periods.map((p) => periodLabel(p.start, period)), [periods, period]);
  const salesSeries = useMemo(() => [{ label: 'Sales', data: periods.map((p) => p.salesCents / 100) }], [periods]);
  const rewardSeries = useMemo(
    () => [
      { label: 'Earned', data: periods.map((p) => p.rewardsEarned) },
      { label: 'Redeemed', data: periods.map((p) => p.rewardsRedeemed) },
    ],
    [periods],
  );
  const customerNames = useMemo(() => data.topCustomers.map((c) => c.name || 'Unnamed'), [data]);
  const customerSeries = useMemo(() => [{ label: 'Sales', data: data.topCustomers.map((c) => c.salesCents / 100) }], [data]);
  const productNames = useMemo(() => data.topProducts.map((p) => p.name), [data]);
  const productSeries = useMemo(() => [{ label: 'Sold', data: data.topProducts.map((p) => p.quantity) }], [data]);
  const carrierNames = useMemo(() => data.shipping.map((s) => `${s.carrier} ${s.service}`), [data]);
  const carrierSeries = useMemo(() => [{ label: 'Postage', data: data.shipping.map((s) => s.postageCents / 100) }], [data]);
  const hasRewards = data.totals.rewardsEarned !== 0 || data.totals.rewardsRedeemed !== 0;
  const hasSales = data.totals.orders !== 0 || data.totals.salesCents !== 0;
  const range = `${data.from} to ${data.to}`;

  return (
    <>
      <Totals totals={data.totals} />
      <Row xs={1} lg={2} className="g-3">
        <Col lg={12}>
          <Section
            name="sales"
            title={`Sales by ${period}`}
            chart={<Chart kind="bar" title={`Sales by ${period}, ${range}`} labels={periodNames} series={salesSeries} format={moneyAxis} />}
            header={['Period', 'Orders', 'Sales']}
            rows={hasSales ? periods.map((p, i) => [periodNames[i] ?? p.start, count.format(p.orders), dollars(p.salesCents)]) : []}
            csv={() => periods.map((p) => [p.start, p.orders, (p.salesCents / 100).toFixed(2)])}
            empty="No orders in this range."
          />
        </Col>
        <Col>
          <Section
            name="top-customers"
            title="Top customers"
            chart={<Chart kind="bar" horizontal title={`Top customers by sales, ${range}`} labels={customerNames} series={customerSeries} format={moneyAxis} />}
            header={['Customer', 'Orders', 'Sales']}
            rows={data.topCustomers.map((c) => [c.name || 'Unnamed', count.format(c.orders), dollars(c.salesCents)])}
            csv={() => data.topCustomers.map((c) => [c.name, c.orders, (c.salesCents / 100).toFixed(2)])}
            empty="No customers ordered in this range."
          />
        </Col>
        <Col>
          <Section
            name="top-products"
            title="Top products"
            chart={<Chart kind="bar" horizontal title={`Top products by quantity sold, ${range}`} labels={productNames} series={productSeries} />}
            header={['Product', 'Sold', 'Sales']}
            rows={data.topProducts.map((p) => [p.name, count.format(p.quantity), dollars(p.salesCents)])}
            csv={() => data.topProducts.map((p) => [p.name, p.quantity, (p.salesCents / 100).toFixed(2)])}
            empty="No products sold in this range."
          />
        </Col>
        <Col>
          <Section
            name="shipping"
            title="Shipping spend by carrier and service"
            chart={<Chart kind="doughnut" title={`Postage by carrier and service, ${range}`} labels={carrierNames} series={carrierSeries} format={moneyAxis} />}
            header={['Carrier and service', 'Shipments', 'Postage']}
            rows={data.shipping.map((s) => [`${s.carrier} ${s.service}`, count.format(s.shipments), dollars(s.postageCents)])}
            csv={() => data.shipping.map((s) => [`${s.carrier} ${s.service}`, s.shipments, (s.postageCents / 100).toFixed(2)])}
            empty="No labels bought in this range."
          />
        </Col>
        <Col>
          <Section
            name="rewards"
            title="Rewards earned and redeemed"
            chart={<Chart kind="bar" title={`Rewards earned and redeemed by ${period}, ${range}`} labels={periodNames} series={rewardSeries} />}
            header={['Period', 'Earned', 'Redeemed']}
            rows={hasRewards ? periods.map((p, i) => [periodNames[i] ?? p.start, count.format(p.rewardsEarned), count.format(p.rewardsRedeemed)]) : []}
            csv={() => periods.map((p) => [p.start, p.rewardsEarned, p.rewardsRedeemed])}
            empty="No rewards earned or redeemed in this range."
          />
        </Col>
      </Row>
    </>
  );
}

/** Why the range cannot be reported yet, or undefined when it can (a cleared date is not an inverted range). */
function rangeProblem({ from, to }: { from: string; to: string }): string | undefined {
  if (from === '' || to === '') return 'Choose a start and end date.';
  if (from > to) return 'The start date must be on or before the end date.';
  return undefined;
}

export function ReportsPage() {
  const [range, setRange] = useState(PRESETS[0]!.range);
  const [period, setPeriod] = useState<Period>('day');
  const problem = rangeProblem(range);
  const valid = problem === undefined;
  const { data, error, isPending, refetch } = useReport(range.from, range.to, valid);
  return (
    <>
      <PageHeader title="Reports" />
      <Card className="shadow-sm mb-3">
        <Card.Body className="d-flex flex-wrap align-items-end gap-3">
          <Form.Group controlId="report-from">
            <Form.Label className="small mb-1">From</Form.Label>
            <Form.Control type="date" value={range.from} max={range.to} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
          </Form.Group>
          <Form.Group controlId="report-to">
            <Form.Label className="small mb-1">To</Form.Label>
            <Form.Control type="date" value={range.to} min={range.from} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
          </Form.Group>
          <div className="d-flex flex-wrap gap-1">
            {PRESETS.map((p) => (
              <Button key={p.label} size="sm" variant="outline-primary" onClick={() => setRange(p.range())}>
                {p.label}
              </Button>
            ))}
          </div>
          <ButtonGroup size="sm" aria-label="Group sales by">
            {PERIODS.map((p) => (
              <Button key={p.value} variant={period === p.value ? 'primary' : 'outline-primary'} aria-pressed={period === p.value} onClick={() => setPeriod(p.value)}>
                {p.label}
              </Button>
            ))}
          </ButtonGroup>
        </Card.Body>
      </Card>
      {!valid ? (
        <p className="text-danger" role="alert">
          {problem}
        </p>
      ) : isPending ? (
        <Loading />
      ) : error ? (
        <ErrorAlert error={error} onRetry={() => void refetch()} />
      ) : (
        <Report data={data} period={period} />
      )}
    </>
  );
}
