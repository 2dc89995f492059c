import { useTranslation } from '../../../client/i18n/react';
import { ACCOUNT_STATUSES, type AccountStatus } from '../../../shared/statuses';
import { AccountStatusBadge } from './parts';
import type { AdminReport, ReportStatus } from './reports.api';

/** The report's wire shape names the status as any text; an unknown one shows as "N/A". */
const accountStatusOf = (value: string): AccountStatus | null =>
  (ACCOUNT_STATUSES as readonly string[]).includes(value) ? (value as AccountStatus) : null;

/** A person of a report: name and role, with the account's status for the reported one. */
export function ReportPersonCell({
  person,
  withStatus = false,
}: {
  person: AdminReport['reporter'];
  withStatus?: boolean;
}) {
  const { t } = useTranslation('admin');
  if (!person) return <span className="text-stone-600">{t('reports.gone')}</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-semibold break-words">{person.name}</span>
      <span className="text-stone-600">{t(`reports.role.${person.role}`)}</span>
      {withStatus && <AccountStatusBadge status={accountStatusOf(person.accountStatus)} />}
    </span>
  );
}

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${
        status === 'open'
          ? 'bg-amber-50 text-amber-900 ring-amber-300'
          : 'bg-stone-100 text-stone-800 ring-stone-300'
      }`}
    >
      {t(`reports.statuses.${status}`)}
    </span>
  );
}
