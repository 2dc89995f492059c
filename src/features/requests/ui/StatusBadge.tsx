import { useTranslation } from '../../../client/i18n/react';
import type { WorkRequestStatus } from '../../../shared/statuses';

/** Open stands out; every other status is neutral, labelled by its lower-cased name (spec core §4). */
export function StatusBadge({ status }: { status: WorkRequestStatus }) {
  const { t } = useTranslation('requests');
  const style =
    status === 'OPEN'
      ? 'bg-emerald-100 text-emerald-900 ring-emerald-300'
      : 'bg-stone-100 text-stone-800 ring-stone-300';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${style}`}
    >
      {t(`status.${status.toLowerCase()}`)}
    </span>
  );
}
