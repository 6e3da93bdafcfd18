import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Automation, EmailTemplateRow, TemplatesAnswer } from '../../../../shared/schemas/marketing';
import { api } from '../../lib/api';
import { templatesKey, useTemplates } from '../../lib/marketing';

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
