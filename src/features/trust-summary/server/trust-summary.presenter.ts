import type { TrustSummary, TrustSummarySource } from '../trust-summary.schema';
import type { GroundingPage } from './gemini';

/** What the platform itself knows of the provider, stated apart from the web's claims. */
export interface PlatformFacts {
  rating: { average: number | null; total: number };
  completedJobs: number;
  memberSince: Date;
}

const MAX_TITLE = 200;

/**
 * The grounding pages as links: only http(s) addresses, each once (first title wins), each with
 * a title — the host name where the model gave none.
 */
export function presentSources(pages: GroundingPage[]): TrustSummarySource[] {
  const seen = new Set<string>();
  const sources: TrustSummarySource[] = [];
  for (const page of pages) {
    if (!page.uri || !URL.canParse(page.uri)) continue;
    const url = new URL(page.uri);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const title = page.title?.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE) || url.hostname;
    sources.push({ url: url.href, title });
  }
  return sources;
}

/** The model's answer as one paragraph: line breaks and runs of spaces become single spaces. */
export function presentStatement(text: string) {
  return text.replace(/\s+/g, ' ').trim();
}

export function presentTrustSummary(
  answer: { text: string; pages: GroundingPage[] },
  facts: PlatformFacts,
  generatedAt: Date,
): TrustSummary {
  return {
    statement: presentStatement(answer.text),
    sources: presentSources(answer.pages),
    facts: {
      average_rating:
        facts.rating.average === null ? null : Math.round(facts.rating.average * 10) / 10,
      review_count: facts.rating.total,
      completed_jobs: facts.completedJobs,
      member_since: facts.memberSince.toISOString(),
    },
    generated_at: generatedAt.toISOString(),
  };
}
