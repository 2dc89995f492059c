import { Briefcase, CalendarDays, MessageCircle } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { MARKET_TIME_ZONE } from '../../../shared/format';
import { LOCALE_OF, type Language } from '../../../shared/languages';
import type { AnswerTime } from '../provider-stats.rules';

/** "March 2024" in the page's language, by the marketplace's clock. */
export function formatMonthYear(value: string, language: Language) {
  return new Intl.DateTimeFormat(LOCALE_OF[language], {
    month: 'long',
    year: 'numeric',
    timeZone: MARKET_TIME_ZONE,
  }).format(new Date(value));
}

/**
 * A provider's figures as the server computed them (docs/work-photos.md "Figures"): how soon
 * they usually answer (nothing while too few answers say it), their finished jobs (left out
 * where the card shows them already) and the month they joined.
 */
export function ProviderFigures({
  answerTime,
  completedJobs,
  memberSince,
  compact = false,
}: {
  answerTime: AnswerTime | null;
  completedJobs?: number | undefined;
  memberSince: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('showcase');
  const language = i18n.language as Language;
  const icon = compact ? 'size-4' : 'size-5';
  return (
    <ul
      aria-label={t('figures.label')}
      className={`flex flex-wrap gap-x-4 gap-y-1 ${compact ? 'text-sm' : 'text-sm sm:text-base'} text-stone-700`}
    >
      {answerTime && (
        <li className="flex items-center gap-1.5">
          <MessageCircle aria-hidden="true" className={`${icon} shrink-0 text-brand-700`} />
          {t(`figures.answers.${answerTime.unit}`, { count: answerTime.count })}
        </li>
      )}
      {completedJobs !== undefined && (
        <li className="flex items-center gap-1.5">
          <Briefcase aria-hidden="true" className={`${icon} shrink-0 text-brand-700`} />
          {t('figures.jobs', { count: completedJobs })}
        </li>
      )}
      <li className="flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className={`${icon} shrink-0 text-brand-700`} />
        {t('figures.memberSince', { month: formatMonthYear(memberSince, language) })}
      </li>
    </ul>
  );
}
