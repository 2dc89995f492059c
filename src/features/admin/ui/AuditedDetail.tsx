import { ClipboardCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';

/**
 * What a console dialog opened (a case, a report, a document): a spinner while it loads, its
 * error, or the notice that the look is in the audit trail and then `children(data)`.
 */
export function AuditedDetail<T>({
  query,
  loadFailed,
  audited,
  children,
}: {
  query: { isPending: boolean; data: T | undefined; error: unknown };
  loadFailed: string;
  audited: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const errorText = useApiErrorText();
  if (query.isPending) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (!query.data) {
    return (
      <p role="alert" className="mt-4 text-red-800">
        {`${loadFailed} ${errorText(query.error)}`}
      </p>
    );
  }
  return (
    <div className="mt-3 flex flex-col gap-4">
      <p className="flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
        <ClipboardCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {audited}
      </p>
      {children(query.data)}
    </div>
  );
}
