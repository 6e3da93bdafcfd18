import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import type { Campaign } from '../../../../shared/schemas/send-email';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { showDate } from '../../lib/format';
import { useCampaignPages } from './api';
import { CampaignModal } from './CampaignModal';
import { plural } from '../../../../shared/domain/format';

const COLUMNS: DataColumn<Campaign>[] = [
  { id: 'subject', header: 'Subject', value: (c) => c.subject },
  { id: 'sentAt', header: 'Sent', value: (c) => c.sentAt, cell: (c) => showDate(c.sentAt) },
  { id: 'recipients', header: 'Sent to', value: (c) => c.recipients },
  { id: 'skipped', header: 'Skipped', value: (c) => c.skipped },
];
const NONE: Campaign[] = [];

/** Campaigns on the Email Campaigns tab: New Campaign, and what was sent and to how many (newest first). */
export function CampaignsSection() {
  const { result, pages } = useCampaignPages();
  const [composing, setComposing] = useState(false);
  const [notice, setNotice] = useState<string>();
  return (
    <section className="mt-4" aria-labelledby="campaigns-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 className="h5 mb-0" id="campaigns-title">
          Campaigns
        </h2>
        <Button onClick={() => setComposing(true)}>New Campaign</Button>
      </div>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(undefined)} data-testid="campaign-notice">
          {notice}
        </Alert>
      )}
      {result.error ? (
        <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <DataTable
          name="campaigns"
          label="Campaigns"
          columns={COLUMNS}
          rows={result.data?.campaigns ?? NONE}
          rowKey={(c) => c.campaignId}
          loading={result.isFetching && !result.data}
          loadingMessage="Loading campaigns..."
          emptyMessage="No campaigns sent yet."
          pages={pages}
        />
      )}
      {composing && (
        <CampaignModal
          onHide={() => setComposing(false)}
          onSent={(c) => {
            setNotice(`Campaign sent to ${plural(c.recipients, 'customer')}${c.skipped ? `; ${c.skipped} skipped` : ''}.`);
            setComposing(false);
          }}
        />
      )}
    </section>
  );
}
