import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { formatDate } from '../../../../shared/domain/format';
import { needsStoreAddress } from '../../../../shared/domain/platforms';
import type { IntegrationStatus } from '../../../../shared/schemas/integrations';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConnectPlatform, useDisconnectPlatform } from './api';
import { StoreUrlForm } from './StoreUrlForm';

/** Dates on screen are the seller's own calendar days. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

interface Props {
  integration: IntegrationStatus;
  /** A sync is being asked for or waited on: one at a time. */
  syncBusy: boolean;
  onSync: () => void;
}

/** One platform: its state, Connect (or Set up again), and Sync Orders once connected. */
export function PlatformRow({ integration: i, syncBusy, onSync }: Props) {
  const connect = useConnectPlatform(i.platform);
  const disconnect = useDisconnectPlatform(i.platform);
  const [asking, setAsking] = useState(false);
  const connectLabel = i.problems ? `Set up ${i.name} again` : i.haveSync ? 'Reconnect' : `Connect ${i.name}`;
  const failure = connect.error instanceof ApiError ? connect.error : connect.error ? new ApiError(500, GENERIC_ERROR) : undefined;

  return (
    <ListGroup.Item data-testid={`integration-${i.platform}`} className="d-flex flex-wrap gap-2 justify-content-between align-items-start">
      <div className="me-auto">
        <div className="fw-semibold">
          {i.name}{' '}
          {i.haveSync && !i.problems && (
            <Badge bg="success" pill>
              Connected
            </Badge>
          )}
          {i.problems && (
            <Badge bg="warning" text="dark" pill>
              Needs attention
            </Badge>
          )}
        </div>
        <div className="small text-body-secondary">
          {i.problems ? i.problemMessage : i.haveSync ? `${i.storeUrl ? `${i.storeUrl} · ` : ''}Last sync: ${formatDate(i.lastSyncAt, timeZone)}${i.lastSyncStatus === 'failed' ? ' (failed)' : ''}` : 'Not connected'}
        </div>
        {needsStoreAddress(i.platform) && (
          <StoreUrlForm
            platform={i.platform}
            initial={i.storeUrl}
            label={connectLabel}
            busy={connect.isPending}
            serverError={failure?.errors.storeUrl}
            onSubmit={(url) => connect.mutate(url)}
          />
        )}
        {failure && !failure.errors.storeUrl && <div className="small text-danger mt-1">{failure.message}</div>}
      </div>
      <div className="d-flex gap-2">
        {!needsStoreAddress(i.platform) && (
          <Button size="sm" variant={i.haveSync && !i.problems ? 'outline-secondary' : 'primary'} disabled={connect.isPending} onClick={() => connect.mutate(undefined)}>
            {connect.isPending && <Spinner size="sm" className="me-1" aria-hidden />}
            {connectLabel}
          </Button>
        )}
        {i.haveSync && !i.problems && (
          <Button size="sm" variant="primary" disabled={syncBusy || i.syncing} onClick={onSync} aria-label={`Sync ${i.name} orders`}>
            Sync Orders
          </Button>
        )}
        {(i.haveSync || i.problems) && (
          <Button size="sm" variant="outline-danger" disabled={disconnect.isPending} onClick={() => setAsking(true)} aria-label={`Disconnect ${i.name}`}>
            Disconnect
          </Button>
        )}
      </div>
      {asking && (
        <ConfirmDialog
          title={`Disconnect ${i.name}?`}
          action="Disconnect"
          busy={disconnect.isPending}
          error={disconnect.error}
          onHide={() => setAsking(false)}
          onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setAsking(false) })}
        >
          <p className="mb-0">
            Orders stop coming in from {i.name}, and we delete the access it gave us. The orders already here stay. You can connect it again at any
            time.
          </p>
        </ConfirmDialog>
      )}
    </ListGroup.Item>
  );
}
