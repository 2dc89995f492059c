import { useId } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import type { AdminMetrics } from './admin.api';
import { integerTicks } from './chart-ticks';
import { formatDateTime } from './parts';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 12, right: 12, bottom: 22, left: 32 };

/**
 * 4xx and 5xx answers per minute over the last hour, in plain SVG (no chart library, so nothing
 * reaches the home page's bundle). Told apart without colour: 4xx is a solid line, 5xx dashed.
 * Screen readers get a title, a summary and the figures as a visually hidden table.
 */
export function MetricsChart({ perMinute }: { perMinute: AdminMetrics['perMinute'] }) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const ticks = integerTicks(Math.max(0, ...perMinute.flatMap((p) => [p['4xx'], p['5xx']])));
  const top = ticks.at(-1)!;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (perMinute.length <= 1 ? innerW / 2 : (index / (perMinute.length - 1)) * innerW);
  const y = (value: number) => PAD.top + innerH - (value / top) * innerH;
  const line = (key: '4xx' | '5xx') =>
    perMinute.map((point, index) => `${x(index).toFixed(1)},${y(point[key]).toFixed(1)}`).join(' ');
  const total = (key: '4xx' | '5xx') => perMinute.reduce((sum, point) => sum + point[key], 0);
  const peak = (key: '4xx' | '5xx') => Math.max(0, ...perMinute.map((point) => point[key]));
  const time = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(value));
  const summary = t('chart.summary', {
    total4xx: total('4xx'),
    peak4xx: peak('4xx'),
    total5xx: total('5xx'),
    peak5xx: peak('5xx'),
  });

  return (
    <figure className="card p-4">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{t('chart.title')}</span>
        <span className="flex items-center gap-4 text-sm text-stone-700" aria-hidden="true">
          <span className="inline-flex items-center gap-1.5">
            <svg width="24" height="8" aria-hidden="true">
              <line x1="0" y1="4" x2="24" y2="4" className="stroke-amber-700" strokeWidth="2.5" />
            </svg>
            {t('chart.series4xx')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <svg width="24" height="8" aria-hidden="true">
              <line
                x1="0"
                y1="4"
                x2="24"
                y2="4"
                className="stroke-red-700"
                strokeWidth="2.5"
                strokeDasharray="5 3"
              />
            </svg>
            {t('chart.series5xx')}
          </span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{t('chart.title')}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-stone-200"
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              className="fill-stone-600 text-[11px]"
            >
              {new Intl.NumberFormat(i18n.language).format(tick)}
            </text>
          </g>
        ))}
        {perMinute.length > 0 && (
          <>
            <text x={PAD.left} y={HEIGHT - 4} className="fill-stone-600 text-[11px]">
              {time(perMinute[0]!.minute)}
            </text>
            <text
              x={WIDTH - PAD.right}
              y={HEIGHT - 4}
              textAnchor="end"
              className="fill-stone-600 text-[11px]"
            >
              {time(perMinute.at(-1)!.minute)}
            </text>
            <polyline
              points={line('4xx')}
              fill="none"
              className="stroke-amber-700"
              strokeWidth="2.5"
              strokeLinejoin="round"
            />
            <polyline
              points={line('5xx')}
              fill="none"
              className="stroke-red-700"
              strokeWidth="2.5"
              strokeDasharray="5 3"
              strokeLinejoin="round"
            />
          </>
        )}
      </svg>
      <table className="sr-only">
        <caption>{t('chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.minute')}</th>
            <th scope="col">{t('chart.series4xx')}</th>
            <th scope="col">{t('chart.series5xx')}</th>
          </tr>
        </thead>
        <tbody>
          {perMinute.map((point) => (
            <tr key={point.minute}>
              <th scope="row">{formatDateTime(point.minute, i18n.language)}</th>
              <td>{point['4xx']}</td>
              <td>{point['5xx']}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
