import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerInput } from '../../../../shared/schemas/customer';
import { api } from '../../lib/api';
import { useCursorPages } from '../../lib/useCursorPages';

export type { Customer, CustomerOrder, CustomerPage } from '../../../../shared/schemas/customer';
export type { Region } from '../../../../shared/schemas/consultant';

export const customersKey = ['customers'] as const;

/** The seller's plan, to offer only what it includes; the server enforces it again (403). */
export function useSellerPlan() {
  return useQuery({
    queryKey: ['consultant', 'lite'],
    queryFn: ({ signal }) => api('consultant.getConsultantInfoLite', { signal }),
    select: (d) => d.plan,
  });
}

/** Pages of customers: everyone by name, or those matching `q` (at least 2 characters). */
export function useCustomerPages(q: string, dir?: 'asc' | 'desc') {
  return useCursorPages([...customersKey, 'page', q, dir], (cursor, signal) =>
    q.length >= 2 ? api('customers.search', { query: { q, cursor }, signal }) : api('customers.list', { query: { cursor, dir }, signal }),
    (page) => page.customers,
  );
}

/** For the typeahead: the first page of matches. */
export async function searchCustomers(q: string, signal: AbortSignal): Promise<Customer[]> {
  return (await api('customers.search', { query: { q }, signal })).customers;
}

/** The customer's orders, newest first, 20 a page. */
export function useCustomerOrderPages(customerID: string) {
  return useCursorPages([...customersKey, 'orders', customerID], (cursor, signal) =>
    api('customers.listOrders', { query: { customerID, cursor }, signal }),
    (page) => page.orders,
  );
}

export function useMatchingForMerge(id: string | undefined) {
  return useQuery({
    queryKey: [...customersKey, 'matching', id],
    queryFn: ({ signal }) => api('customers.getMatchingForMerge', { query: { id: id! }, signal }),
    enabled: !!id,
  });
}

/** A pasted US address read into its fields (GET /orders/parseAddress). */
export function useParseAddress() {
  return useMutation({ mutationFn: (address: string) => api('orders.parseAddress', { query: { address } }) });
}

export function useCountries() {
  return useQuery({
    queryKey: ['geo', 'countries'],
    queryFn: ({ signal }) => api('consultant.getCountries', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStates(country: string) {
  return useQuery({
    queryKey: ['geo', 'states', country],
    queryFn: ({ signal }) => api('consultant.getStates', { query: { country }, signal }),
    enabled: country.length === 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every write changes lists, searches and details: they are all fetched again. */
function useCustomerMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: customersKey }),
  });
}

export function useSaveCustomer() {
  return useCustomerMutation((body: CustomerInput) => api('customers.save', { body }));
}

export function useRemoveCustomer() {
  return useCustomerMutation((customerID: string) => api('customers.removeCustomers', { body: { customerID } }));
}

export function useMergeCustomers() {
  return useCustomerMutation((body: { id: string; mergeIds: string[] }) => api('customers.merge', { body }));
}
