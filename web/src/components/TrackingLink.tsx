import type { ReactNode } from 'react';
import { shortTracking, trackingUrl } from '../../../shared/domain/tracking';

/**
 * A tracking number as a link to the carrier's tracking page (a new tab); plain text when the carrier has none.
 * `short`: a table's cell, showing a long number by its last characters on one line; the whole number is its
 * tooltip and what a screen reader reads.
 */
export function TrackingLink({ carrier, trackingNumber, short = false }: { carrier?: string | null; trackingNumber?: string | null; short?: boolean }) {
  if (!trackingNumber) return null;
  const url = trackingUrl(carrier, trackingNumber);
  const shown = short ? shortTracking(trackingNumber) : trackingNumber;
  const shortened = shown !== trackingNumber;
  const content: ReactNode = shortened ? (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{trackingNumber}</span>
    </>
  ) : (
    trackingNumber
  );
  const look = { className: short ? 'text-nowrap' : undefined, title: shortened ? trackingNumber : undefined };
  if (!url) return <span {...look}>{content}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" data-testid="tracking-link" onClick={(e) => e.stopPropagation()} {...look}>
      {content}
    </a>
  );
}
