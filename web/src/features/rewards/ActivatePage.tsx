import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useState } from 'react';
import { Navigate } from 'react-router';
import type { Plan } from '../../../../shared/domain/plans';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useRewardSettings } from './api';
import { ICON_EMOJI } from './reward-icons';
import { RewardsGate } from './RewardsGate';
import { SettingsForm } from './SettingsForm';

const TITLE = 'Inspire Customer Happiness';

function Setup({ plan }: { plan: Plan }) {
  const settings = useRewardSettings(true);
  // Set once the program is started here: the dashboard then opens with the server's notice ('Reward Settings saved.').
  const [started, setStarted] = useState<string>();
  if (started !== undefined) return <Navigate to="/rewards" replace state={{ notice: started }} />;
  if (settings.isPending) return <Loading />;
  if (settings.error) return <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />;
  // A program that runs is changed from the dashboard's settings panel.
  if (settings.data.state === 'active' || settings.data.state === 'scheduled') return <Navigate to="/rewards" replace />;
  return (
    <Row className="g-3">
      <Col lg={5}>
        <Card body className="shadow-sm h-100">
          <p className="display-6" aria-hidden="true">
            {ICON_EMOJI.star}
            {ICON_EMOJI.gift}
            {ICON_EMOJI.heart}
          </p>
          <p>
            Thank your best customers: every order earns points, and when a customer reaches your goal they earn the reward you choose. You see who
            is almost there, who has earned a reward, and redeem it with one click.
          </p>
          <p className="mb-0 text-body-secondary small">
            Points count every order from the start date on, whether you entered it, imported it or synced it from your store.
          </p>
        </Card>
      </Col>
      <Col lg={7}>
        <Card className="shadow-sm">
          <Card.Header as="h2" className="h6 mb-0">
            {settings.data.state === 'cancelled' ? 'Start a new rewards program' : 'Set up your rewards program'}
          </Card.Header>
          <Card.Body>
            <SettingsForm
              settings={settings.data.state === 'cancelled' ? undefined : settings.data}
              plan={plan}
              submitLabel="Start Rewards Program"
              onSaved={(notice) => setStarted(notice)}
            />
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}

/** /rewards/activate (spec section 2): the setup page of a program not started (or ended), to start one. */
export function ActivatePage() {
  return (
    <RewardsGate title={TITLE}>
      {(plan) => (
        <>
          <PageHeader title={TITLE} />
          <Setup plan={plan} />
        </>
      )}
    </RewardsGate>
  );
}
