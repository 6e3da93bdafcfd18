import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscountInput, SavedDiscount } from '../../../shared/schemas/discount';
import type { Product } from '../../../shared/schemas/product';
import { api } from './api';

/**
 * The seller's discounts (issue 15), for every screen that shows or applies them: the Add Discount modal, the
 * discount list, New Order's pricing.
 */
export type { SavedDiscount };

/** The browser's time zone: the day a dated discount runs is the seller's day. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const discountsKey = ['discounts'] as const;

/** The running and scheduled discounts, and the ones ended most recently. */
export function useDiscounts() {
  return useQuery({ queryKey: discountsKey, queryFn: ({ signal }) => api('orders.listDiscounts', { signal }) });
}

/** Saves a new discount, or edits the one named by discountId. */
export function useSaveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountInput & { discountId?: string }) => api('orders.saveDiscount', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: discountsKey }),
  });
}

export function useEndDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (discountId: string) => api('orders.endDiscount', { body: { discountId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: discountsKey }),
  });
}

/** Products for a discount's item lists: every catalogue of the seller, by name or SKU. */
export async function searchDiscountProducts(q: string, signal: AbortSignal): Promise<Product[]> {
  return (await api('products.search', { query: { q }, signal })).products;
}
