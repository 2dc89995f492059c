import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { LeadFrequency, leadAlertsResponse } from '../leads.schema';
import type { Category } from '../../../shared/categories';

export type LeadAlerts = CamelCased<z.infer<typeof leadAlertsResponse>>;
export type LeadAlert = LeadAlerts['alerts'][number];

/** One alert as the form writes it: a kept one carries its id. */
export interface LeadAlertDraft {
  id?: string | undefined;
  categories: Category[];
  placeId: number;
  radiusKm: number;
  words: string[];
  frequency: LeadFrequency;
}

export const leadKeys = {
  alerts: () => ['lead-alerts'] as const,
};

/** The provider's job alerts, with their places named in the page's language. */
export function useLeadAlerts() {
  return useQuery({
    queryKey: leadKeys.alerts(),
    queryFn: ({ signal }) => api<LeadAlerts>('/users/lead-alerts', { signal }),
  });
}

/** Replaces the whole list; the answer (the list as stored) becomes the cached one. */
export function useSaveLeadAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alerts: LeadAlertDraft[]) =>
      api<LeadAlerts>('/users/lead-alerts', { method: 'PUT', body: { alerts } }),
    onSuccess: (saved) => queryClient.setQueryData(leadKeys.alerts(), saved),
  });
}

/** An alert as stored, as the form's starting point. */
export const draftOf = (alert: LeadAlert): LeadAlertDraft => ({
  id: alert.id,
  categories: [...alert.categories],
  placeId: alert.placeId,
  radiusKm: alert.radiusKm,
  words: [...alert.words],
  frequency: alert.frequency,
});
