import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Automation, EmailTemplateRow, TemplatesAnswer } from '../../../../shared/schemas/marketing';
import type { SendCampaignBody } from '../../../../shared/schemas/send-email';
import { api } from '../../lib/api';
import { templatesKey, useTemplates } from '../../lib/marketing';
import { useCursorPages } from '../../lib/useCursorPages';

export type { Automation, EmailTemplateRow, TemplatesAnswer };

export { templatesKey, useTemplates };
export const automationsKey = ['marketing', 'automations'] as const;

/** Saves (or renames, with `originalName`) a template; the answer is the list as it now is. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; subject: string; message: string; originalName?: string }) => api('marketing.saveTemplate', { body }),
    onSuccess: (list) => client.setQueryData(templatesKey, list),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api('marketing.deleteTemplate', { body: { name } }),
    onSuccess: (list) => client.setQueryData(templatesKey, list),
  });
}

/** Uploads one image for an email; the answer's `url` is what the message shows. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api('marketing.uploadImage', { body });
    },
  });
}

/** Automated emails (growth and up; a 403 below). */
export function useAutomations() {
  return useQuery({ queryKey: automationsKey, queryFn: ({ signal }) => api('marketing.getAutomations', { signal }), retry: false });
}

export function useSaveAutomations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (automations: Automation[]) => api('marketing.saveAutomations', { body: { automations } }),
    onSuccess: (saved) => client.setQueryData(automationsKey, saved),
  });
}

export const campaignsKey = ['marketing', 'campaigns'] as const;

/** What was sent and to how many, newest first, 20 a page. */
export function useCampaignPages() {
  return useCursorPages([...campaignsKey], (cursor, signal) => api('marketing.listCampaigns', { query: { cursor }, signal }), (page) => page.campaigns);
}

/** One Send of the campaign form: `requestKey` is the same for every click of it, so the server keeps one campaign. */
export function useSendCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendCampaignBody) => api('marketing.sendCampaign', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignsKey }),
  });
}

/** Customers to choose from: the seller's list by name, or matches of `q` (2 characters and more). */
export function useCampaignCustomers(q: string) {
  return useInfiniteQuery({
    queryKey: ['customers', 'campaign', q],
    queryFn: ({ pageParam, signal }) =>
      q.length >= 2 ? api('customers.search', { query: { q, cursor: pageParam }, signal }) : api('customers.list', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}
