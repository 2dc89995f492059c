import { ExternalLink, LoaderCircle, ShieldCheck, Sparkles } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { ApiError } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { usePublicConfig } from '../../../client/usePublicConfig';
import { formatDate } from '../../../shared/format';
import { LOCALE_OF, isLanguage, DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import { useSession } from '../../accounts/ui/session';
import {
  useGenerateTrustSummary,
  type TrustSummary,
  type TrustSummaryFacts,
  type TrustSummarySource,
} from './trust-summary.api';

/** Error codes of the trust-summary call that have their own text in the trustSummary namespace. */
const OWN_ERRORS = new Set([
  'ai_api_key',
  'ai_permission_denied',
  'ai_unknown',
  'trust_summary_unavailable',
  'invalid_provider',
  'not_authenticated',
]);

/** Only web addresses become links: a `javascript:` or `data:` source is never clickable. */
function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The AI trust-summary panel of a provider page (spec core §2, §3, §8): for signed-in viewers, a
 * generate button, a loading state, then the platform's own facts, the AI paragraph and its
 * sources; or a banner with no statement when the call is refused. No panel when the server has
 * no model.
 */
export function TrustSummaryPanel({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation('trustSummary');
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { user } = useSession();
  const config = usePublicConfig();
  const generate = useGenerateTrustSummary(providerId);
  const errorText = useApiErrorText();

  // Without a model (no GEMINI_API_KEY) there is nothing to offer: no panel at all.
  if (!user || config.data?.trustSummaryEnabled !== true) return null;

  const describeError = (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code === 'rate_limited')
        return t('errors.rate_limited', {
          count: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)),
        });
      if (OWN_ERRORS.has(error.code)) return t(`errors.${error.code}`);
    }
    return errorText(error);
  };

  return (
    <section className="card p-6" aria-labelledby="trust-summary-title">
      <h2 id="trust-summary-title" className="flex items-center gap-2 text-lg font-semibold">
        <Sparkles aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        {t('title')}
      </h2>
      <p className="mt-2 text-sm text-stone-700">{t('intro')}</p>
      <button
        type="button"
        className="btn-primary mt-4 w-full sm:w-auto"
        disabled={generate.isPending}
        onClick={() => generate.mutate(language)}
      >
        <Sparkles aria-hidden="true" className="size-5 shrink-0" />
        {generate.data || generate.isError ? t('generateAgain') : t('generate')}
      </button>
      <div role="status" aria-live="polite" className="mt-4 empty:hidden">
        {generate.isPending && (
          <p className="flex items-start gap-2 text-stone-700">
            <LoaderCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 animate-spin" />
            {t('loading')}
          </p>
        )}
      </div>
      {generate.isError && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
        >
          {describeError(generate.error)}
        </p>
      )}
      {generate.data && !generate.isPending && (
        <SummaryResult summary={generate.data} language={language} />
      )}
    </section>
  );
}

function SummaryResult({ summary, language }: { summary: TrustSummary; language: Language }) {
  const { t } = useTranslation('trustSummary');
  const sources = summary.sources.filter((source) => isWebAddress(source.url));
  const generatedAt = new Intl.DateTimeFormat(LOCALE_OF[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(summary.generatedAt));

  return (
    <div className="mt-4 flex flex-col gap-5">
      <PlatformFacts facts={summary.facts} language={language} />
      <div>
        <h3 className="font-semibold">{t('ai.title')}</h3>
        <p className="mt-1 text-sm text-stone-700">{t('ai.label')}</p>
        <p className="mt-1 text-sm text-stone-700">
          <time dateTime={summary.generatedAt}>{t('ai.generatedAt', { date: generatedAt })}</time>
        </p>
        <p className="mt-2 text-stone-800">{summary.statement}</p>
      </div>
      <div>
        <h3 className="font-semibold">{t('sources.title')}</h3>
        {sources.length === 0 ? (
          <p className="mt-1 text-sm text-stone-700">{t('sources.none')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {sources.map((source) => (
              <SourceLink key={source.url} source={source} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function PlatformFacts({ facts, language }: { facts: TrustSummaryFacts; language: Language }) {
  const { t } = useTranslation('trustSummary');
  const number = new Intl.NumberFormat(LOCALE_OF[language]);
  const rating = new Intl.NumberFormat(LOCALE_OF[language], {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (
    <div className="rounded-lg border border-brand-100 bg-brand-50 p-4">
      <h3 className="flex items-center gap-2 font-semibold text-brand-900">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
        {t('facts.title')}
      </h3>
      <p className="mt-1 text-sm text-stone-700">{t('facts.label')}</p>
      <dl className="mt-3 grid grid-cols-1 gap-2 text-sm">
        <div className="flex flex-wrap justify-between gap-x-2">
          <dt className="text-stone-700">{t('facts.averageRating')}</dt>
          <dd className="font-medium">
            {facts.averageRating === null
              ? t('facts.noRating')
              : t('facts.ratingValue', { rating: rating.format(facts.averageRating) })}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-2">
          <dt className="text-stone-700">{t('facts.reviewCount')}</dt>
          <dd className="font-medium">{number.format(facts.reviewCount)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-2">
          <dt className="text-stone-700">{t('facts.completedJobs')}</dt>
          <dd className="font-medium">{number.format(facts.completedJobs)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-2">
          <dt className="text-stone-700">{t('facts.memberSince')}</dt>
          <dd className="font-medium">{formatDate(facts.memberSince, language)}</dd>
        </div>
      </dl>
    </div>
  );
}

function SourceLink({ source }: { source: TrustSummarySource }) {
  const { t } = useTranslation('trustSummary');
  const title = source.title.trim() || new URL(source.url).hostname;
  return (
    <li className="flex items-start gap-2 text-sm">
      <ExternalLink aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-500" />
      <a
        href={source.url}
        target="_blank"
        rel="noopener noreferrer"
        className="text-brand-700 underline [overflow-wrap:anywhere]"
      >
        {title} <span className="sr-only">{t('sources.newTab')}</span>
      </a>
    </li>
  );
}
