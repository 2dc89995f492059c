import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { Language } from '../../../shared/languages';

export interface TrustSummarySource {
  url: string;
  title: string;
}

/** What the platform itself knows about the provider, apart from the web's claims. */
export interface TrustSummaryFacts {
  averageRating: number | null;
  reviewCount: number;
  completedJobs: number;
  /** ISO date-time. */
  memberSince: string;
}

/** POST /api/providers/:id/trust-summary, camelCased. */
export interface TrustSummary {
  statement: string;
  sources: TrustSummarySource[];
  facts: TrustSummaryFacts;
  /** ISO date-time. */
  generatedAt: string;
}

/**
 * A new AI trust summary of the provider in the page's language. Each click is a new generation
 * (spec core §2), so it is a mutation with no cache entry: nothing is kept or invalidated.
 */
export function useGenerateTrustSummary(providerId: string) {
  return useMutation({
    mutationFn: (language: Language) =>
      api<TrustSummary>(`/providers/${providerId}/trust-summary`, {
        method: 'POST',
        body: { language },
      }),
  });
}
