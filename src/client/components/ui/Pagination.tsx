import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../../i18n/react';

/**
 * Previous / next with "page X of Y"; shown only when there is more than one page. Below 640 px
 * the buttons show only their arrows (the words stay for screen readers), so the row fits 360 px;
 * `compact` does so at every width, for a narrow column such as the list beside a thread.
 */
export function Pagination({
  page,
  totalPages,
  onPage,
  compact = false,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const word = compact ? 'sr-only' : 'max-sm:sr-only';
  return (
    <nav
      aria-label={t('pagination.label')}
      className="mt-8 flex items-center justify-center gap-2 sm:gap-3"
    >
      <button
        type="button"
        className="btn-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        <span className={word}>{t('pagination.previous')}</span>
      </button>
      <span className="text-sm text-stone-700" aria-current="page">
        {t('pagination.pageOf', { page, total: totalPages })}
      </span>
      <button
        type="button"
        className="btn-secondary"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        <span className={word}>{t('pagination.next')}</span>
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
