import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteId } from '../../../../shared/api/routes';
import { ROUTE_INDEX } from '../../../../shared/api/route-index';
import type { OrderFilter } from '../../../../shared/domain/orders';
import type { Customer, CustomerInput } from '../../../../shared/schemas/customer';
import type { Product } from '../../../../shared/schemas/product';
import { config } from '../../config';
import { ApiError, type ApiInput, api, GENERIC_ERROR } from '../../lib/api';
import { idToken } from '../../lib/session';
import { useCursorPages } from '../../lib/useCursorPages';

import type { Order } from '../../../../shared/schemas/shipping';

export type { Order, Rate } from '../../../../shared/schemas/shipping';
export type { Product };

type Body<Id extends RouteId> = NonNullable<ApiInput<Id>['body']>;

export function useOrderPages(status: OrderFilter | '', q: string, dir?: 'asc' | 'desc') {
  return useCursorPages(['orders', 'page', status, q, dir], (cursor, signal) =>
    api('orders.list', { query: { status: status || undefined, q: q || undefined, cursor, dir }, signal }),
    (page) => page.orders,
  );
}

/** One order, read again whenever the orders change (a label bought, an edit), starting from what the list showed. */
export function useOrder(initial: Order) {
  return useQuery({
    queryKey: ['orders', 'one', initial.orderId],
    queryFn: async ({ signal }): Promise<Order> => api('orders.get', { query: { id: initial.orderId }, signal }),
    placeholderData: initial,
  });
}

/** An edit of an unshipped order (its items, its ship-to): the server prices it again. */
export function useEditOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body<'orders.save'>) => {
      const saved = await api('orders.save', { body });
      if (!saved) throw new ApiError(500, GENERIC_ERROR);
      return saved;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/**
 * The shipping defaults of /settings#shipping (default parcel, default service), which the label, batch and quote
 * dialogs start from. The settings screen's own query: a save there is seen here at once.
 */
export function useShippingDefaults() {
  return useQuery({ queryKey: ['settings'], queryFn: ({ signal }) => api('settings.getSettingsJson', { signal }), select: (s) => s.shipping });
}

/** The seller's profile: the return address labels ship from, and whether the walkthrough was closed. */
export const sellerInfoKey = ['consultant', 'info'] as const;
export function useSellerInfo() {
  return useQuery({ queryKey: sellerInfoKey, queryFn: ({ signal }) => api('consultant.getConsultantInfo', { signal }) });
}

export function useCloseWalkthrough() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('orders.closeWalkthrough'),
    onSuccess: () => client.invalidateQueries({ queryKey: sellerInfoKey }),
  });
}

export function useBalance() {
  return useQuery({ queryKey: ['shipping', 'balance'], queryFn: ({ signal }) => api('shipping.balance', { signal }) });
}

export function useShippingUsage() {
  return useQuery({ queryKey: ['shipping', 'usage'], queryFn: ({ signal }) => api('shipping.usage', { signal }) });
}

/** Every service's price for a parcel. */
export function useQuote() {
  return useMutation({ mutationFn: (body: Body<'shipping.quote'>) => api('shipping.quote', { body }) });
}

/** A label bought or voided changes the orders, the postage balance and the month's shipments. */
function useShippingMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }).then(() => client.invalidateQueries({ queryKey: ['shipping'] })),
  });
}

export const useBuyLabel = () => useShippingMutation((body: Body<'shipping.buyLabel'>) => api('shipping.buyLabel', { body }));
export const useVoidLabel = () => useShippingMutation((labelId: string) => api('shipping.voidLabel', { body: { labelId } }));

export function useRequestPickup() {
  return useMutation({ mutationFn: (body: Body<'shipping.requestPickup'>) => api('shipping.requestPickup', { body }) });
}

export function useDeliveryClaim() {
  const client = useQueryClient();
  // The order now says its claim is filed: the list's copy is read again, so Order Details opened later says so.
  return useMutation({ mutationFn: (body: Body<'help.deliveryClaim'>) => api('help.deliveryClaim', { body }), onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }) });
}

export function useBatchQuote() {
  return useMutation({ mutationFn: (body: Body<'shipping.batchQuote'>) => api('shipping.batchQuote', { body }) });
}

export function useBatchPurchase() {
  return useMutation({ mutationFn: (body: Body<'shipping.batchPurchase'>) => api('shipping.batchPurchase', { body }) });
}

/** The batch's progress, every second until it is done. */
export function useBatchStatus(batchId: string | undefined) {
  return useQuery({
    queryKey: ['shipping', 'batch', batchId],
    queryFn: ({ signal }) => api('shipping.batchStatus', { query: { id: batchId! }, signal }),
    enabled: Boolean(batchId),
    refetchInterval: (q) => (q.state.data?.done ? false : 1000),
  });
}

/** New Order: the customer created first when the seller typed a new one (handed to `onCustomer`, so a retry does not add them again), then the order. */
export function useSaveOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ newCustomer, onCustomer, ...order }: NewOrder) => {
      let { customerId } = order;
      if (!customerId) {
        const created = await api('customers.save', { body: newCustomer! });
        onCustomer?.(created);
        customerId = created.customerID;
      }
      const saved = await api('orders.save', { body: { ...order, customerId } });
      if (!saved) throw new ApiError(500, GENERIC_ERROR);
      return saved;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
type NewOrder = Omit<Body<'orders.save'>, 'customerId'> & { customerId?: string; newCustomer?: CustomerInput; onCustomer?: (c: Customer) => void };

/** For the customer typeahead: the first page of matches. */
export async function searchCustomers(q: string, signal: AbortSignal): Promise<Customer[]> {
  return (await api('customers.search', { query: { q }, signal })).customers;
}

/**
 * Every catalogue of the seller (their own and the platforms'), by the start of a name word or of the SKU, priced for
 * a live sale (sales meant for every stream applied), so a product costs the same here as in the live-selling list.
 */
export async function searchProducts(q: string, signal: AbortSignal): Promise<Product[]> {
  return (await api('products.searchWithSale', { query: { q }, signal })).products;
}

/** The seller's live-selling list, first page, by name. */
export function useSellingProducts() {
  return useQuery({
    queryKey: ['products', 'selling'],
    queryFn: async ({ signal }) => (await api('products.getSellingProducts', { signal })).products,
  });
}

/** Downloads a PDF route (label, batch labels) with the session's token and saves it under `fileName`. */
export async function downloadPdf(id: Extract<RouteId, 'shipping.label' | 'shipping.batchLabels'>, labelOrBatchId: string, fileName: string) {
  const route = ROUTE_INDEX[id];
  const token = await idToken();
  const res = await fetch(`${config().apiBase}${route.path.replace(/^\/api/, '')}?id=${encodeURIComponent(labelOrBatchId)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new ApiError(res.status, GENERIC_ERROR);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadPdf(id: Extract<RouteId, 'shipping.label' | 'shipping.batchLabels'>) {
  return useMutation({ mutationFn: ({ labelOrBatchId, fileName }: { labelOrBatchId: string; fileName: string }) => downloadPdf(id, labelOrBatchId, fileName) });
}
