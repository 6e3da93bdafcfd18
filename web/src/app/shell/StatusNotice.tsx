import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Link } from 'react-router';
import { OUTAGE_RESOLVED_MS } from '../../../../shared/domain/support';
import { useStatusFeed } from '../../lib/status-feed';

/**
 * The outage notice (spec section 4): while the feed names an outage, a persistent error notice with its message
 * and 'Click here for more info'; when the outage clears, a success notice for 30 seconds.
 */
export function StatusNotice() {
  const feed = useStatusFeed();
  const outage = feed.data?.outageMessage;
  const hadOutage = useRef(false);
  const [resolved, setResolved] = useState(false);

  useEffect(() => {
    if (outage) {
      hadOutage.current = true;
      setResolved(false);
      return;
    }
    if (!hadOutage.current || feed.data === undefined) return;
    hadOutage.current = false;
    setResolved(true);
    const t = setTimeout(() => setResolved(false), OUTAGE_RESOLVED_MS);
    return () => clearTimeout(t);
  }, [outage, feed.data]);

  if (outage)
    return (
      <Alert variant="danger" className="mb-0 rounded-0 border-0" data-testid="outage-notice" role="alert">
        <span className="fw-semibold">{outage}</span>{' '}
        <Link to="/help#service-status" className="alert-link">
          Click here for more info
        </Link>
      </Alert>
    );
  if (resolved)
    return (
      <Alert variant="success" className="mb-0 rounded-0 border-0" data-testid="outage-resolved" dismissible onClose={() => setResolved(false)}>
        The problem has been resolved. Thank you for your patience.
      </Alert>
    );
  return null;
}
