import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import type { RecruitState } from '../../../../shared/domain/ambassadors';
import { formatMoney } from '../../../../shared/domain/format';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListHeader } from '../../components/ListHeader';
import { useRecruitPages, useReferralLink } from './api';

interface Recruit {
  name: string;
  joinedAt: string;
  state: RecruitState;
  paidAt: string | null;
  monthlyEarningCents: number | null;
  earningUntil: string | null;
}

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US') : '');

/** Each tab's title, which also names its table. */
const TITLES: Record<RecruitState, string> = { pending: 'Pending Recruits', paid: 'Recruits Paid' };

const COLUMNS: Record<RecruitState, DataColumn<Recruit>[]> = {
  pending: [
    { id: 'name', header: 'Seller', value: (r) => r.name },
    { id: 'joined', header: 'Signed Up', value: (r) => r.joinedAt, cell: (r) => date(r.joinedAt) },
  ],
  paid: [
    { id: 'name', header: 'Seller', value: (r) => r.name },
    { id: 'paid', header: 'First Paid', value: (r) => r.paidAt, cell: (r) => date(r.paidAt) },
    { id: 'earning', header: 'You Earn Monthly', value: (r) => r.monthlyEarningCents, cell: (r) => (r.monthlyEarningCents === null ? '' : formatMoney(r.monthlyEarningCents / 100)) },
    { id: 'until', header: 'Through', value: (r) => r.earningUntil },
  ],
};

function Recruits({ state }: { state: RecruitState }) {
  const { result, pages } = useRecruitPages(state);
  if (result.error) return <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />;
  return (
    <DataTable
      name={`recruits-${state}`}
      label={TITLES[state]}
      columns={COLUMNS[state]}
      rows={result.data?.recruits ?? []}
      rowKey={(r) => `${r.joinedAt}-${r.name}`}
      rowLabel={(r) => r.name}
      loading={!result.data}
      emptyMessage={state === 'pending' ? 'No pending recruits yet. Share your link!' : 'No paid recruits yet.'}
      pages={pages}
    />
  );
}

function ReferralLinkCard() {
  const link = useReferralLink();
  const [copied, setCopied] = useState(false);
  if (link.error) return <ErrorAlert error={link.error} onRetry={() => void link.refetch()} />;
  const url = link.data ? `${window.location.origin}${link.data.path}` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Without clipboard permission the link is selected for the seller to copy.
      (document.getElementById('referral-link') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Card className="mb-3">
      <Card.Body>
        <Form.Label htmlFor="referral-link" className="fw-semibold">
          Your referral link
        </Form.Label>
        <InputGroup>
          <Form.Control id="referral-link" readOnly value={url} onFocus={(e) => e.target.select()} />
          <Button variant="outline-primary" onClick={() => void copy()} disabled={!url}>
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </InputGroup>
        {link.data && (
          <Form.Text>
            Sellers who sign up through your link become your recruits. Once they pay their first month, you earn {link.data.sharePercent}% of their
            subscription every month for {link.data.months} months.
          </Form.Text>
        )}
      </Card.Body>
    </Card>
  );
}

/** /ambassadors (spec section 2): the referral link, pending recruits and recruits paid. */
export function AmbassadorsPage() {
  const [tab, setTab] = useState<RecruitState>('pending');
  return (
    <>
      <ListHeader title="Ambassadors" />
      <ReferralLinkCard />
      <Tabs id="ambassador-tabs" activeKey={tab} onSelect={(k) => setTab(k === 'paid' ? 'paid' : 'pending')} className="mb-3" mountOnEnter>
        <Tab eventKey="pending" title={TITLES.pending}>
          <Recruits state="pending" />
        </Tab>
        <Tab eventKey="paid" title={TITLES.paid}>
          <Recruits state="paid" />
        </Tab>
      </Tabs>
    </>
  );
}
