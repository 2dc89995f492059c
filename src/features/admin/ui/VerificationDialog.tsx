import { FileText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDay } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { documentUrl } from '../../verifications/ui/verifications.api';
import { REJECTION_REASONS, type RejectionReason } from '../../verifications/verifications.rules';
import { REJECTION_NOTE } from '../../verifications/verifications.schema';
import { AdminDialog, Field, formatDateTime } from './parts';
import {
  useAdminVerification,
  useDecideVerification,
  type AdminVerification,
  type VerificationDecision,
} from './verifications.api';
import { AuditedDetail } from './AuditedDetail';

/** Approve until a date, or reject with a reason the provider reads in their language, and a note. */
function DecisionForm({ document }: { document: AdminVerification }) {
  const { t } = useTranslation('verifications');
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const decide = useDecideVerification();
  const [expiresOn, setExpiresOn] = useState(document.claimedUntil ?? '');
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [note, setNote] = useState('');
  // The form goes once the decision is shown (no actions left): told through the promise, which
  // settles whether or not the form is still there.
  const send = (decision: VerificationDecision) =>
    decide.mutateAsync(decision).then(
      () => notify('success', t('admin.saved')),
      (error: unknown) => notify('error', errorText(error)),
    );
  const approve = (event: FormEvent) => {
    event.preventDefault();
    void send({ id: document.id, approve: true, expiresOn });
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (reason) void send({ id: document.id, approve: false, reason, note });
  };
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <form onSubmit={approve} className="flex flex-col gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('admin.expiresOn')}
          <input
            type="date"
            required
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
          />
        </label>
        <button type="submit" className="btn-primary" disabled={decide.isPending}>
          {t('admin.approve')}
        </button>
      </form>
      <form onSubmit={reject} className="flex flex-col gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('admin.reason')}
          <select
            required
            value={reason}
            onChange={(event) => setReason(event.target.value as RejectionReason)}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
          >
            <option value="" disabled>
              {t('admin.chooseReason')}
            </option>
            {REJECTION_REASONS.map((code) => (
              <option key={code} value={code}>
                {t(`reasons.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('admin.note')}
          <textarea
            required={reason === 'other'}
            minLength={REJECTION_NOTE.min}
            maxLength={REJECTION_NOTE.max}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className="min-h-20 rounded-lg border border-stone-300 bg-white px-3 py-2"
          />
        </label>
        <button type="submit" className="btn-secondary" disabled={decide.isPending}>
          {t('admin.reject')}
        </button>
      </form>
    </div>
  );
}

/**
 * One document (docs/admin.md "Verifications"): what the provider entered, the file to open, and
 * the decision. The server records every look and every decision in the audit trail.
 */
export function VerificationDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(['verifications', 'admin']);
  const language = i18n.language as Language;
  const detail = useAdminVerification(id);
  return (
    <AdminDialog title={t('admin.title')} onClose={onClose}>
      <AuditedDetail query={detail} loadFailed={t('admin.loadFailed')} audited={t('admin.audited')}>
        {(data) => (
          <>
            <dl className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              <Field label={t('admin.provider')} className="[overflow-wrap:anywhere]">
                {data.providerName}
              </Field>
              <Field label={t('admin.ico')}>{data.ico ?? t('admin.noIco')}</Field>
              <Field label={t('admin.document')}>{t(`kindTitles.${data.kind}`)}</Field>
              <Field label={t('admin.claimedUntil')}>
                {data.claimedUntil ? formatDay(data.claimedUntil, language) : '–'}
              </Field>
              <Field label={t('admin.uploadedAt')}>
                {formatDateTime(data.uploadedAt, i18n.language)}
              </Field>
            </dl>
            <a
              className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline [overflow-wrap:anywhere]"
              href={documentUrl(data.id)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <FileText aria-hidden="true" className="size-4 shrink-0" />
              {t('admin.open')} ({data.filename})
            </a>
            {data.allowedActions.length > 0 ? (
              <DecisionForm document={data} />
            ) : (
              <p className="text-sm text-stone-700">
                {t('admin.decided', { status: t(`admin.status.${data.status}`) })}
                {data.expiresOn && ` · ${formatDay(data.expiresOn, language)}`}
                {data.reason && ` · ${t(`reasons.${data.reason}`)}`}
                {data.note && ` · ${data.note}`}
              </p>
            )}
            <div className="flex justify-end">
              <button type="button" className="btn-secondary" onClick={onClose}>
                {t('admin.close')}
              </button>
            </div>
          </>
        )}
      </AuditedDetail>
    </AdminDialog>
  );
}
