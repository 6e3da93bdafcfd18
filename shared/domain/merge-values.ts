import type { MergeValues } from './email-templates.js';
import { trackingUrl } from './tracking.js';

/**
 * The merge fields' real values for one email (issue 15), from the customer, the order it is about (if any) and the
 * seller: the send email modal's preview and the sent email both take them from here, so they read the same.
 */

export interface SellerNames {
  senderName?: string | null;
  businessName?: string | null;
  name?: string | null;
}

/** The name the customer knows the seller by: the sender name set in Settings, else the business's, else the seller's. */
export function sellerNameOf(seller: SellerNames): string | undefined {
  return [seller.senderName, seller.businessName, seller.name].map((n) => n?.trim()).find((n) => !!n);
}

export function mergeValuesOf(input: {
  firstName?: string | null;
  order?: { orderNumber: string; carrier?: string | null; trackingNumber?: string | null } | null;
  seller: SellerNames;
}): MergeValues {
  return {
    firstName: input.firstName,
    orderNumber: input.order?.orderNumber,
    trackingLink: input.order ? trackingUrl(input.order.carrier, input.order.trackingNumber) : undefined,
    sellerName: sellerNameOf(input.seller),
  };
}
