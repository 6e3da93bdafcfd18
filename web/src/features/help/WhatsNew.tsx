import { useEffect } from 'react';
import { useWhatsNew } from '../../lib/status-feed';
import { RELEASES } from './releases';

/** What's New: the releases, newest first; reading them (this section open) clears the dot. */
export function WhatsNew({ reading }: { reading: boolean }) {
  const { markSeen, release } = useWhatsNew();
  useEffect(() => {
    if (reading && release) markSeen();
  }, [reading, release, markSeen]);
  return (
    <ul className="list-unstyled mb-0">
      {RELEASES.map((r) => (
        <li key={r.date} className="mb-3">
          <div className="fw-semibold">
            {r.title} <span className="small text-body-secondary">{new Date(`${r.date}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium' })}</span>
          </div>
          <ul className="mb-0">
            {r.items.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
