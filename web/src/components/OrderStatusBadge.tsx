import Badge from 'react-bootstrap/Badge';
import type { OrderStatus } from '../../../shared/domain/orders';

/**
 * An order's state as a coloured badge (issue 17), the same on every screen. The word is always shown, so colour is
 * never the only signal; background and text pairs keep 4.5:1 (design tokens in tokens.scss).
 */
const LOOK: Record<OrderStatus, { bg: string; text?: 'dark' }> = {
  pending: { bg: 'secondary' },
  unshipped: { bg: 'warning', text: 'dark' },
  shipped: { bg: 'primary' },
  delivered: { bg: 'success' },
  cancelled: { bg: 'danger' },
};

export function OrderStatusBadge({ status, className, testId = 'order-status' }: { status: OrderStatus; className?: string; testId?: string }) {
  const look = LOOK[status];
  return (
    <Badge bg={look.bg} text={look.text} className={`text-capitalize ${className ?? ''}`.trim()} data-testid={testId} data-status={status}>
      {status}
    </Badge>
  );
}
