import { customerEntity, orderEntity } from './entities.js';
import { createWriteTransaction } from 'electrodb';
import type { PostalAddress } from '../../shared/domain/orders.js';
import { checkWritten } from './errors.js';

/**
 * Writes one address as the order's ship-to and as the customer's own address, both or neither. The customer's
 * write is conditional on it being unchanged since it was read (WriteConflict when another edit got there first).
 */
export async function saveAddressOnOrderAndCustomer(
  sellerId: string,
  order: { orderId: string; shipTo?: PostalAddress },
  customer: { customerId: string; updatedAt: string },
  address: PostalAddress,
): Promise<void> {
  const result = await createWriteTransaction(
    { order: orderEntity(), customer: customerEntity() },
    ({ order: orders, customer: customers }) => [
      orders
        .patch({ sellerId, orderId: order.orderId })
        .set({ shipTo: { ...order.shipTo, ...address } })
        .commit(),
      customers
        .patch({ sellerId, customerId: customer.customerId })
        .set(address)
        .where((a, { eq }) => eq(a.updatedAt, customer.updatedAt))
        .commit(),
    ],
  ).go();
  checkWritten(result);
}
