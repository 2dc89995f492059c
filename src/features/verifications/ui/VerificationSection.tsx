import { FileCheck2, FileUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDay } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { VERIFICATION_KINDS, type VerificationKind } from '../verifications.rules';
import { DOCUMENT_ACCEPT } from '../verifications.schema';
import { Badges } from './Badges';
import {
  documentUrl,
  useMyVerifications,
  useUploadDocument,
  type OwnDocumentView,
} from './verifications.api';

const STATE_CLASS: Record<OwnDocumentView['state'], string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  approved: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  rejected: 'border-red-300 bg-red-50 text-red-900',
  expired: 'border-stone-300 bg-stone-100 text-stone-800',
};

/** One document as its provider sees it: its state as the server gave it, and the reason. */
function DocumentState({ document }: { document: OwnDocumentView }) {
  const { t, i18n } = useTranslation('verifications');
  const language = i18n.language as Language;
  const date = document.expiresOn ? formatDay(document.expiresOn, language) : '';
  return (
    <div
      className={`flex flex-col gap-1 rounded-lg border p-3 text-sm ${STATE_CLASS[document.state]}`}
    >
      <p className="font-semibold">{t(`states.${document.state}`, { date })}</p>
      <p className="[overflow-wrap:anywhere]">
        <a
          className="underline"
          href={documentUrl(document.id)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {document.filename}
        </a>
        {' · '}
        {t('section.uploadedOn', { date: formatDay(document.uploadedAt.slice(0, 10), language) })}
      </p>
      {document.state === 'rejected' && document.reason && (
        <p>{t('section.reason', { reason: t(`reasons.${document.reason}`) })}</p>
      )}
      {document.state === 'rejected' && document.note && (
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
          {t('section.note', { note: document.note })}
        </p>
      )}
    </div>
  );
}

/** The upload of one kind: the file, and for insurance the date on its certificate. */
function UploadForm({ kind, replacing }: { kind: VerificationKind; replacing: boolean }) {
  const { t } = useTranslation('verifications');
  const errorText = useApiErrorText();
  const { notify } = useNotify();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | undefined>();
  const [until, setUntil] = useState('');
  const id = `verification-${kind}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = new FormData();
    body.set('kind', kind);
    if (kind === 'insurance') body.set('claimed_until', until);
    if (file) body.set('file', file);
    upload.mutate(body, {
      onSuccess: () => {
        setFile(undefined);
        setUntil('');
        (event.target as HTMLFormElement).reset();
        notify('success', t('section.uploaded'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-file`} className="btn-secondary cursor-pointer">
          <FileUp aria-hidden="true" className="size-4" />
          {t('section.choose')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={DOCUMENT_ACCEPT}
          required
          aria-describedby={`${id}-file-hint`}
          className="sr-only"
          onChange={(event) => setFile(event.target.files?.[0])}
        />
        <p id={`${id}-file-hint`} className="min-w-0 text-xs break-words text-stone-600">
          {file ? file.name : t('section.file')}
        </p>
      </div>
      {kind === 'insurance' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-until`} className="text-sm font-medium text-stone-800">
            {t('section.claimedUntil')}
          </label>
          <input
            id={`${id}-until`}
            type="date"
            required
            value={until}
            onChange={(event) => setUntil(event.target.value)}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
          />
        </div>
      )}
      {upload.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(upload.error)}
        </p>
      )}
      <div>
        <button type="submit" className="btn-secondary" disabled={upload.isPending}>
          {upload.isPending
            ? t('section.uploading')
            : replacing
              ? t('section.replace')
              : t('section.upload')}
        </button>
      </div>
    </form>
  );
}

/**
 * "Verification" in a provider's profile (docs/verifications.md): the entered IČO, and for each
 * kind of document its latest state (pending, approved until, rejected with the reason, expired)
 * with an upload to send or replace it. Only the provider and administrators see the documents.
 */
export function VerificationSection() {
  const { t } = useTranslation('verifications');
  const errorText = useApiErrorText();
  const mine = useMyVerifications();
  const data = mine.data;
  return (
    <section
      id="verification"
      className="card flex flex-col gap-4 p-6"
      aria-labelledby="verification-title"
    >
      <h2 id="verification-title" className="flex items-center gap-2 text-lg font-semibold">
        <FileCheck2 aria-hidden="true" className="size-5 text-brand-700" />
        {t('section.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('section.intro')}</p>
      {mine.isPending ? (
        <Spinner label={t('section.loading')} />
      ) : !data ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-red-700">
            {errorText(mine.error)}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void mine.refetch()}>
            {t('section.retry')}
          </button>
        </div>
      ) : (
        <>
          <Badges badges={data.badges} />
          <p className="text-sm text-stone-700">
            {data.ico ? t('section.ico', { ico: data.ico }) : t('section.noIco')}
          </p>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            {VERIFICATION_KINDS.map((kind) => {
              const documents = data.documents.filter((document) => document.kind === kind);
              return (
                <section
                  key={kind}
                  className="flex flex-col gap-3"
                  aria-labelledby={`verification-${kind}-title`}
                >
                  <h3 id={`verification-${kind}-title`} className="font-semibold">
                    {t(`kindTitles.${kind}`)}
                  </h3>
                  {documents.length === 0 ? (
                    <p className="text-sm text-stone-600">{t('section.none')}</p>
                  ) : (
                    documents.map((document) => (
                      <DocumentState key={document.id} document={document} />
                    ))
                  )}
                  <UploadForm kind={kind} replacing={documents.length > 0} />
                </section>
              );
            })}
          </div>
        </>
      )}
    </section>
  );
}
