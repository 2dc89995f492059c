import {
  ArrowLeft,
  Calendar,
  CalendarClock,
  Download,
  Eye,
  FileText,
  ImageIcon,
  MapPin,
  Tag,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { useApiErrorText } from '../../../client/api/useApiError';
import { PageLoading } from '../../../client/components/ui/PageLoading';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { useNotify } from '../../../client/layout/Notifications';
import { NotFoundPage } from '../../../client/pages/NotFoundPage';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { isImage } from '../attachments.rules';
import type { AttachmentInfo } from '../requests.schema';
import { formatSize } from './AttachmentPicker';
import { AttachmentViewer, downloadUrl } from './AttachmentViewer';
import { useRequestDetail, type RequestDetail } from './requests.api';
import { StatusBadge } from './StatusBadge';
import { useConfirmDeleteRequest } from './useConfirmDeleteRequest';
import { BidsSection } from './BidsSection';
import { BiddingTime } from './BiddingTime';
import { CompletionSection } from './CompletionSection';
import { ContactCards, RequestActions } from './ContactCards';
import { InvitedNote } from './InvitedNote';
import { useSession } from '../../accounts/ui/session';
import { StartConversation } from '../../conversations/ui/StartConversation';
import { ClientRatingCard } from '../../reviews/ui/ClientRating';
import { placeLine } from '../../places/place-line';

type Attachment = CamelCased<AttachmentInfo>;

function Attachments({ request }: { request: RequestDetail }) {
  const { t, i18n } = useTranslation('requests');
  const { notify } = useNotify();
  const [viewing, setViewing] = useState<Attachment | undefined>();
  if (request.attachments.length === 0)
    return <p className="text-stone-600">{t('details.noAttachments')}</p>;

  /** PDFs open in a new tab; if the browser will not open one, the viewer shows it instead. */
  const openPdf = (attachment: Attachment) => {
    // Without 'noopener' in the features, window.open reports whether the tab opened; the
    // opener link is cut by hand instead.
    const opened = window.open(downloadUrl(request.id, attachment.id, true), '_blank');
    if (opened) opened.opener = null;
    else setViewing(attachment);
  };

  return (
    <>
      <ul className="flex flex-col gap-2">
        {request.attachments.map((attachment) => {
          const image = isImage(attachment.mimeType);
          const pdf = attachment.mimeType === 'application/pdf';
          const Icon = image ? ImageIcon : FileText;
          return (
            <li
              key={attachment.id}
              className="flex items-center gap-3 rounded-lg border border-stone-200 p-3"
            >
              {/* On a phone the name's own extension says what the file is; the room goes to it. */}
              <Icon aria-hidden="true" className="hidden size-5 shrink-0 text-stone-500 sm:block" />
              <div className="min-w-0 flex-1">
                <p className="font-medium [overflow-wrap:anywhere]">{attachment.filename}</p>
                <p className="text-xs text-stone-600">
                  {formatSize(attachment.sizeBytes, i18n.language)}
                </p>
              </div>
              {/* Below `sm` the buttons show their icons, and their names only to screen readers. */}
              <div className="flex shrink-0 gap-2">
                {(image || pdf) && (
                  <button
                    type="button"
                    className="btn-secondary px-3 sm:px-4"
                    onClick={() => (pdf ? openPdf(attachment) : setViewing(attachment))}
                  >
                    <Eye aria-hidden="true" className="size-4" />
                    <span className="sr-only sm:not-sr-only">
                      {pdf ? t('details.openPdf') : t('details.view')}
                    </span>
                  </button>
                )}
                <a
                  href={downloadUrl(request.id, attachment.id)}
                  download={attachment.filename}
                  className="btn-secondary px-3 sm:px-4"
                  onClick={async (event) => {
                    // Check the file is there first, so a failure is a message, not a broken download.
                    event.preventDefault();
                    const response = await fetch(downloadUrl(request.id, attachment.id), {
                      method: 'HEAD',
                    }).catch(() => undefined);
                    if (!response?.ok) return notify('error', t('details.downloadFailed'));
                    const link = document.createElement('a');
                    link.href = downloadUrl(request.id, attachment.id);
                    link.download = attachment.filename;
                    link.click();
                  }}
                >
                  <Download aria-hidden="true" className="size-4" />
                  <span className="sr-only sm:not-sr-only">{t('details.download')}</span>
                </a>
              </div>
            </li>
          );
        })}
      </ul>
      {viewing && (
        <AttachmentViewer
          requestId={request.id}
          attachment={viewing}
          onClose={() => setViewing(undefined)}
        />
      )}
    </>
  );
}

/** /request/:id for signed-in people (spec core §2 Request details). */
export function RequestDetailsPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['requests', 'categories']);
  const navigate = useNavigate();
  const errorText = useApiErrorText();
  const deletion = useConfirmDeleteRequest();
  const { user } = useSession();
  const language = i18n.language as Language;
  const detail = useRequestDetail(id);
  const request = detail.data?.workRequest;
  useDocumentTitle(request?.title ?? t('details.title'));
  // Set when this person accepts a bid here: the provider's card is brought to them once shown.
  const [revealContact, setRevealContact] = useState(false);

  if (detail.isPending) return <PageLoading />;
  if (
    detail.error instanceof ApiError &&
    (detail.error.status === 404 || detail.error.status === 400)
  )
    return <NotFoundPage />;
  if (!request) {
    return (
      <div className="container-page py-10">
        <p role="alert" className="card p-6 text-red-800">
          {errorText(detail.error, 'api_connection_error')}
        </p>
      </div>
    );
  }

  const remove = () =>
    deletion.remove({ ...request, attachmentCount: request.attachments.length }, () =>
      navigate('/'),
    );

  return (
    <div className="container-page py-8">
      <button
        type="button"
        className="btn-secondary"
        onClick={() => (history.length > 1 ? navigate(-1) : navigate('/browse'))}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('details.back')}
      </button>
      {request.clientAccountStatus !== 'active' && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          {t('details.clientDisabled')}
        </p>
      )}
      {request.invitedYou && <InvitedNote />}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
        <article className="flex flex-col gap-6">
          <header className="card p-6">
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                {t(`categories:${request.category}`)}
              </span>
              <StatusBadge status={request.status} />
            </div>
            <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{request.title}</h1>
            <p className="mt-2 flex items-center gap-1.5 text-stone-700">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 break-words">
                {placeLine(request.place, request.location)}
              </span>
            </p>
          </header>
          <section className="card p-6" aria-labelledby="description-title">
            <h2 id="description-title" className="text-lg font-semibold">
              {t('details.description')}
            </h2>
            <p className="mt-2 whitespace-pre-line text-stone-800">{request.description}</p>
          </section>
          {user && (
            <BidsSection
              request={request}
              viewer={user}
              onAccepted={() => setRevealContact(true)}
            />
          )}
          {user && <CompletionSection request={request} viewer={user} />}
          <section className="card p-6" aria-labelledby="attachments-title">
            <h2 id="attachments-title" className="mb-3 text-lg font-semibold">
              {t('details.attachments')}
            </h2>
            <Attachments request={request} />
          </section>
        </article>
        <aside className="flex flex-col gap-6">
          <section className="card p-6" aria-labelledby="project-title">
            <h2 id="project-title" className="text-lg font-semibold">
              {t('details.project')}
            </h2>
            <dl className="mt-3 grid grid-cols-1 gap-3 text-sm">
              <div className="flex gap-2">
                <dt className="flex items-center gap-1.5 text-stone-600">
                  <CalendarClock aria-hidden="true" className="size-4" />
                  {t('details.deadline')}
                </dt>
                <dd className="font-medium">
                  {request.deadline
                    ? formatDate(request.deadline, language)
                    : t('details.noDeadline')}
                </dd>
              </div>
              <div className="flex gap-2">
                <dt className="flex items-center gap-1.5 text-stone-600">
                  <Calendar aria-hidden="true" className="size-4" />
                  {t('details.posted')}
                </dt>
                <dd className="font-medium">{formatDate(request.createdAt, language)}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="flex items-center gap-1.5 text-stone-600">
                  <Tag aria-hidden="true" className="size-4" />
                  {t('details.category')}
                </dt>
                <dd className="font-medium">{t(`categories:${request.category}`)}</dd>
              </div>
            </dl>
          </section>
          <ClientRatingCard workRequestId={request.id} viewer={user} />
          <BiddingTime request={request} />
          {/* A provider may ask the client before bidding; the server decides for good. */}
          {user?.role === 'provider' &&
            request.status === 'OPEN' &&
            request.clientAccountStatus === 'active' && (
              <section className="card p-6" aria-labelledby="ask-title">
                <h2 id="ask-title" className="text-lg font-semibold">
                  {t('details.askTitle')}
                </h2>
                <p className="mt-2 text-sm text-stone-700">{t('details.askHint')}</p>
                <StartConversation
                  workRequestId={request.id}
                  label={t('details.ask')}
                  className="btn-secondary mt-3"
                />
              </section>
            )}
          {user && (
            <ContactCards
              request={request}
              viewer={user}
              reveal={revealContact}
              onRevealed={() => setRevealContact(false)}
            />
          )}
          <RequestActions request={request} />
          {request.allowedActions.includes('delete') && (
            <section className="card p-6">
              <p className="text-sm text-stone-700">
                {t(request.isOwner ? 'details.deleteHint' : 'details.deleteHintAdmin')}
              </p>
              <button
                type="button"
                className="btn-danger mt-3"
                onClick={remove}
                disabled={deletion.isPending}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('details.delete')}
              </button>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}
