import { Alert } from '../../components/Alert';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { useIntegrations } from './api';
import { PlatformRow } from './PlatformRow';
import { NO_ORDERS, SYNC_FINISHED, SYNC_WAITING } from './sync-outcome';
import { useOAuthReturn } from './useOAuthReturn';
import { type SyncPhase, useSyncNow } from './useSyncNow';
import { plural } from '../../../../shared/domain/format';

/** How a sync went; `shown` is a message already on screen (the PayPal banner), not said twice. */
function SyncNotice({ phase, onClose, shown }: { phase: SyncPhase; onClose: () => void; shown?: string | null }) {
  if (phase.name === 'idle') {
    return phase.error ? (
      <Alert variant="danger" dismissible onClose={onClose} data-testid="sync-notice">
        {phase.error}
      </Alert>
    ) : null;
  }
  if (phase.name !== 'shown') return null;
  const { outcome } = phase;
  const errors = outcome.errors.filter((e) => e !== shown).map((e) => <div key={e}>{e}</div>);
  if (outcome.kind === 'failed') {
    if (errors.length === 0) return null;
    return (
      <Alert variant="danger" dismissible onClose={onClose} data-testid="sync-notice">
        {errors}
      </Alert>
    );
  }
  if (outcome.kind === 'no-orders') {
    return (
      <Alert variant="info" data-testid="sync-notice">
        {NO_ORDERS}
        {errors}
      </Alert>
    );
  }
  return (
    <Alert variant="success" data-testid="sync-notice">
      <strong>{SYNC_FINISHED}</strong>
      <div className="small">
        {plural(outcome.ordersCreated, 'new order')}
        {outcome.ordersUpdated ? `, ${outcome.ordersUpdated} updated` : ''}.
      </div>
      {errors}
    </Alert>
  );
}

/** /settings#integration: every platform with Connect and Sync Orders, and how the last sync went (spec 2, 4, 8). */
export function IntegrationSection() {
  const list = useIntegrations();
  const sync = useSyncNow();
  const oauth = useOAuthReturn();
  const paypal = list.data?.find((i) => i.platform === 'paypal');

  return (
    <section id="integration" aria-labelledby="integration-title" className="mb-4">
      <h2 id="integration-title" className="h5">
        Integrations
      </h2>
      <p className="text-body-secondary">Connect the platforms you sell on, then sync their orders into your account.</p>
      {oauth.notice && (
        <Alert variant={oauth.notice.variant} dismissible={oauth.notice.variant !== 'info'} onClose={oauth.dismiss} data-testid="oauth-notice">
          {oauth.notice.text}
        </Alert>
      )}
      {paypal?.problems && (
        <Alert variant="warning" data-testid="paypal-banner">
          {paypal.problemMessage}
        </Alert>
      )}
      <SyncNotice phase={sync.phase} onClose={sync.dismiss} shown={paypal?.problems ? paypal.problemMessage : null} />
      {list.isPending && <Loading />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => list.refetch()} />}
      {list.data && (
        <ListGroup>
          {list.data.map((i) => (
            <PlatformRow key={i.platform} integration={i} syncBusy={sync.syncing} onSync={() => sync.syncNow(i.platform)} />
          ))}
        </ListGroup>
      )}
      <Modal show={sync.phase.name === 'waiting'} backdrop="static" keyboard={false} centered aria-labelledby="sync-waiting">
        <Modal.Body className="d-flex align-items-center gap-3" data-testid="sync-waiting">
          <Spinner animation="border" role="status" aria-hidden />
          <span id="sync-waiting">{SYNC_WAITING}</span>
        </Modal.Body>
      </Modal>
    </section>
  );
}
