import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TemplatesAnswer } from '../../../shared/schemas/marketing';
import type { SendEmailInput } from '../../../shared/schemas/send-email';
import { api } from './api';

/**
 * Email marketing for every screen that sends (issue 15): the template list (/marketing and the send email modal of
 * the orders and customers screens) and sending one email from an order or a customer.
 */

export const templatesKey = ['marketing', 'templates'] as const;

/** `GET GetMarketingEmailTemplates`: templateNames, templates, disableNewTemplate. */
export function useTemplates() {
  return useQuery<TemplatesAnswer>({ queryKey: templatesKey, queryFn: ({ signal }) => api('marketing.getTemplates', { signal }) });
}

/**
 * What the send email modal needs of the seller: the package (legacy ones included, as the server's gate reads it:
 * may it save templates) and the names its {{sellerName}} reads.
 */
export function useSenderInfo() {
  const info = useQuery({ queryKey: ['consultant', 'info'], queryFn: ({ signal }) => api('consultant.getConsultantInfo', { signal }) });
  const settings = useQuery({ queryKey: ['settings'], queryFn: ({ signal }) => api('settings.getSettingsJson', { signal }) });
  return {
    pkg: info.data?.package,
    names: { name: info.data?.name, businessName: settings.data?.businessName ?? info.data?.businessName, senderName: settings.data?.senderName },
  };
}

/** `sendemail`: queued once per message; the order is marked followUpEmailSent; a saved template joins the list. */
export function useSendEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendEmailInput) => api('marketing.sendEmail', { body }),
    onSuccess: (answer) =>
      Promise.all([
        answer.followUpEmailSent ? client.invalidateQueries({ queryKey: ['orders'] }) : undefined,
        answer.templateSaved ? client.invalidateQueries({ queryKey: templatesKey }) : undefined,
      ]),
  });
}
