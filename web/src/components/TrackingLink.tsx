import { trackingUrl } from '../../../shared/domain/tracking';

/** A tracking number as a link to the carrier's tracking page (a new tab); plain text when the carrier has none. */
export function TrackingLink({ carrier, trackingNumber }: { carrier?: string | null; trackingNumber?: string | null }) {
  if (!trackingNumber) return null;
  const url = trackingUrl(carrier, trackingNumber);
  if (!url) return <span>{trackingNumber}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" data-testid="tracking-link" onClick={(e) => e.stopPropagation()}>
      {trackingNumber}
    </a>
  );
}
