import { useTranslation } from '../../../client/i18n/react';
import { useHomeStats, type HomeFigures as Figures } from './home.api';

const FIGURES: { key: keyof Figures; label: string }[] = [
  { key: 'openRequestsThisWeek', label: 'figures.openRequests' },
  { key: 'providers', label: 'figures.providers' },
  { key: 'reviews', label: 'figures.reviews' },
];

/**
 * Three counts from the database: open requests posted this week, active providers, their
 * reviews. Nothing is shown rather than a made-up number when they cannot be loaded.
 */
export function HomeFigures() {
  const { t, i18n } = useTranslation('home');
  const stats = useHomeStats();
  if (stats.isError) return null;
  const format = new Intl.NumberFormat(i18n.language);

  return (
    <section
      aria-label={t('figures.label')}
      aria-busy={stats.isPending}
      className="card grid grid-cols-1 gap-px overflow-hidden bg-stone-200 p-0 sm:grid-cols-3 lg:grid-cols-1"
    >
      {FIGURES.map(({ key, label }) => (
        <div key={key} className="bg-white p-5">
          <p className="text-3xl font-bold text-brand-700">
            {stats.data ? format.format(stats.data[key]) : '–'}
          </p>
          <p className="mt-1 text-sm text-stone-700">{t(label)}</p>
        </div>
      ))}
    </section>
  );
}
