import { useTranslation } from '../../../client/i18n/react';
import { useHomeStats, type HomeFigures as Figures } from './home.api';

const FIGURES: { key: keyof Figures; label: string }[] = [
  { key: 'openRequestsThisWeek', label: 'figures.openRequests' },
  { key: 'providers', label: 'figures.providers' },
  { key: 'reviews', label: 'figures.reviews' },
];

/** Literal class names, so that Tailwind sees each one. */
const COLUMNS = ['', 'sm:grid-cols-1', 'sm:grid-cols-2', 'sm:grid-cols-3'];

/**
 * Up to three counts from the database: open requests posted this week, active providers, their
 * reviews. The server leaves out (null) a count too small to show (home.rules.ts); nothing is
 * shown rather than a made-up number when they cannot be loaded.
 */
export function HomeFigures() {
  const { t, i18n } = useTranslation('home');
  const stats = useHomeStats();
  if (stats.isError) return null;
  const format = new Intl.NumberFormat(i18n.language);
  const shown = stats.data ? FIGURES.filter(({ key }) => stats.data[key] !== null) : FIGURES;
  if (shown.length === 0) return null;

  return (
    <section
      aria-label={t('figures.label')}
      aria-busy={stats.isPending}
      className={`card grid grid-cols-1 gap-px overflow-hidden bg-stone-200 p-0 lg:grid-cols-1 ${COLUMNS[shown.length]}`}
    >
      {shown.map(({ key, label }) => (
        <div key={key} className="bg-white p-5">
          <p className="text-3xl font-bold text-brand-700">
            {stats.data ? format.format(stats.data[key]!) : '–'}
          </p>
          <p className="mt-1 text-sm text-stone-700">{t(label)}</p>
        </div>
      ))}
    </section>
  );
}
