import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CustomerInput } from '../../../../shared/schemas/customer';
import { PLANS } from '../../../../shared/domain/plans';
import { api } from '../../lib/api';
import { useCursorPages } from '../../lib/useCursorPages';

const text = z.string().nullish();
/** A customer as the server answers (spec section 3). Lenient on purpose: input rules are checked on the way in. */
export const customerSchema = z.object({
  customerID: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: text,
  birthday: text,
  phone: text,
  address1: text,
  address2: text,
  address3: text,
  city: text,
  state: text,
  zip: text,
  country: z.string().default('US'),
  company: text,
  rewardBalance: z.number(),
  totalSpend: z.number(),
  isNew: z.boolean().optional(),
});
export type Customer = z.output<typeof customerSchema>;

const page = z.object({ customers: z.array(customerSchema), cursor: z.string().nullish() });
export type CustomerPage = z.output<typeof page>;

const order = z.object({
  orderID: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  status: z.string(),
  total: z.number(),
  items: z.number(),
  platform: z.string().optional(),
  trackingNumber: z.string().nullish(),
});
export type CustomerOrder = z.output<typeof order>;

const region = z.object({ code: z.string(), name: z.string() });
export type Region = z.output<typeof region>;

export const customersKey = ['customers'] as const;

/** The seller's plan, to offer only what it includes; the server enforces it again (403). */
export function useSellerPlan() {
  return useQuery({
    queryKey: ['consultant', 'lite'],
    queryFn: ({ signal }) => api('consultant.getConsultantInfoLite', { signal }, z.object({ plan: z.enum(PLANS) })),
    select: (d) => d.plan,
  });
}

/** Pages of customers: everyone by name, or those matching `q` (at least 2 characters). */
export function useCustomerPages(q: string) {
  return useCursorPages([...customersKey, 'page', q], (cursor, signal) =>
    q.length >= 2 ? api('customers.search', { query: { q, cursor }, signal }, page) : api('customers.list', { query: { cursor }, signal }, page),
  );
}

/** For the typeahead: the first page of matches. */
export async function searchCustomers(q: string, signal: AbortSignal): Promise<Customer[]> {
  return (await api('customers.search', { query: { q }, signal }, page)).customers;
}

const orderPage = z.object({ orders: z.array(order), cursor: z.string().nullish() });

/** The customer's orders, newest first, 20 a page. */
export function useCustomerOrderPages(customerID: string) {
  return useCursorPages([...customersKey, 'orders', customerID], (cursor, signal) =>
    api('customers.listOrders', { query: { customerID, cursor }, signal }, orderPage),
  );
}

export function useMatchingForMerge(id: string | undefined) {
  return useQuery({
    queryKey: [...customersKey, 'matching', id],
    queryFn: ({ signal }) => api('customers.getMatchingForMerge', { query: { id: id! }, signal }, z.object({ customers: z.array(customerSchema) })),
    enabled: !!id,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: ['geo', 'countries'],
    queryFn: ({ signal }) => api('consultant.getCountries', { signal }, z.object({ countries: z.array(region) })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStates(country: string) {
  return useQuery({
    queryKey: ['geo', 'states', country],
    queryFn: ({ signal }) => api('consultant.getStates', { query: { country }, signal }, z.object({ states: z.array(region) })),
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
  return useCustomerMutation((body: CustomerInput) => api('customers.save', { body }, customerSchema));
}

export function useRemoveCustomer() {
  return useCustomerMutation((customerID: string) => api('customers.removeCustomers', { body: { customerID } }));
}

export function useMergeCustomers() {
  return useCustomerMutation((body: { id: string; mergeIds: string[] }) => api('customers.merge', { body }, customerSchema));
}

export function useAdjustRewards() {
  return useCustomerMutation((body: { customerID: string; amount: number }) =>
    api('rewards.createRewardsAdjustment', { body }, z.object({ rewardBalance: z.number() })),
  );
}
