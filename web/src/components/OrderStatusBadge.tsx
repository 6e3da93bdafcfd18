import Badge from 'react-bootstrap/Badge';
import type { OrderStatus } from '../../../shared/domain/orders';

/**
 * An order's state as a coloured badge (issue 17), the same on every screen. The word is always shown: colour is
 * never the only signal. Background and text pairs keep 4.5:1 (design tokens in tokens.scss).
 */
const LOOK: Record<OrderStatus, { label: string; bg: string; text?: 'dark' }> = {
  pending: { label: 'Pending', bg: 'secondary' },
  unshipped: { label: 'Unshipped', bg: 'warning', text: 'dark' },
  shipped: { label: 'Shipped', bg: 'primary' },
  delivered: { label: 'Delivered', bg: 'success' },
  cancelled: { label: 'Cancelled', bg: 'danger' },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const look = LOOK[status];
  return (
    <Badge bg={look.bg} text={look.text} data-testid="order-status" data-status={status}>
      {look.label}
    </Badge>
  );
}
