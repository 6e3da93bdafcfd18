import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { settingsSaveBody } from '../../../../shared/schemas/settings';
import { api } from '../../lib/api';

export type { SettingsAnswer } from '../../../../shared/schemas/settings';
export type SettingsInput = z.input<typeof settingsSaveBody>;

const settingsKey = ['settings'] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => api('settings.getSettingsJson', { signal }) });
}

/** Saves one section; the answer is the whole settings, which becomes what every section shows. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsInput) => api('settings.save', { body }),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey, saved);
      // The onboarding banner and the seller's name read the profile the save changed.
      void client.invalidateQueries({ queryKey: ['consultant'] });
    },
  });
}

/** The seller's plan, to show what it includes; the server enforces it again (403). */
export function useSellerPlan() {
  return useQuery({
    queryKey: ['consultant', 'lite'],
    queryFn: ({ signal }) => api('consultant.getConsultantInfoLite', { signal }),
    select: (d) => d.plan,
  });
}
