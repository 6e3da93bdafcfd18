import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { chatBody, phoneMeetingBody, ticketBody } from '../../../../shared/schemas/help';
import { api } from '../../lib/api';

/** The seller's plan: live chat and phone support are executive only (the server refuses others with 403 too). */
export function useSellerPlan() {
  return useQuery({
    queryKey: ['consultant', 'lite'],
    queryFn: ({ signal }) => api('consultant.getConsultantInfoLite', { signal }),
    select: (d) => d.plan,
  });
}

export function useSendChat() {
  return useMutation({ mutationFn: (body: z.output<typeof chatBody>) => api('help.liveChat', { body }) });
}

export function useSendTicket() {
  return useMutation({ mutationFn: (body: z.output<typeof ticketBody>) => api('help.ticket', { body }) });
}

export function usePhoneSlots(enabled: boolean) {
  return useQuery({
    queryKey: ['help', 'phoneSlots'],
    queryFn: ({ signal }) => api('help.phoneSlots', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useBookPhoneMeeting() {
  return useMutation({ mutationFn: (body: z.output<typeof phoneMeetingBody>) => api('help.phoneMeeting', { body }) });
}
