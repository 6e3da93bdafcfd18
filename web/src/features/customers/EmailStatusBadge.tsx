import Badge from 'react-bootstrap/Badge';
import { emailBadge } from '../../../../shared/domain/consent';
import type { Customer } from './api';

/** Why email may not reach the customer (issue 15): Bounced, Complained, Unsubscribed or No marketing; else nothing. */
export function EmailStatusBadge({ customer, className }: { customer: Customer; className?: string }) {
  const badge = emailBadge(customer);
  if (!badge) return null;
  return (
    <Badge
      bg={badge.variant}
      text={badge.variant === 'warning' ? 'dark' : undefined}
      title={badge.title}
      className={className}
      data-testid="email-status"
    >
      {badge.label}
    </Badge>
  );
}
