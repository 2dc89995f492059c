import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import type { CamelCased } from '../../../client/api/types';
import type { AttachmentInfo } from '../requests.schema';

export const downloadUrl = (requestId: string, attachmentId: string, inline = false) =>
  `/api/work-requests/${requestId}/attachments/${attachmentId}/download${inline ? '?disposition=inline' : ''}`;

/** Shows an image or a PDF in a dialog, with a download button (spec core §2 Request details). */
export function AttachmentViewer({
  requestId,
  attachment,
  onClose,
}: {
  requestId: string;
  attachment: CamelCased<AttachmentInfo>;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const ref = useRef<HTMLDialogElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!ref.current?.open) ref.current?.showModal();
  }, []);
  const inline = downloadUrl(requestId, attachment.id, true);
  return (
    <dialog
      ref={ref}
      aria-label={attachment.filename}
      onClose={onClose}
      className="m-auto h-[min(90dvh,900px)] w-[min(95vw,1100px)] overflow-hidden rounded-xl bg-white p-0 backdrop:bg-stone-900/70"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-stone-200 p-3">
          <p className="truncate font-medium">{attachment.filename}</p>
          <div className="flex gap-2">
            <a
              href={downloadUrl(requestId, attachment.id)}
              download={attachment.filename}
              className="btn-secondary"
            >
              <Download aria-hidden="true" className="size-4" />
              {t('details.download')}
            </a>
            <button
              type="button"
              className="btn-secondary size-11 p-0"
              onClick={() => ref.current?.close()}
              aria-label={t('details.closeViewer')}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
        <div className="flex min-h-0 flex-1 items-center justify-center bg-stone-100">
          {failed ? (
            <p role="alert" className="p-6 text-center text-red-800">
              {t('details.downloadFailed')}
            </p>
          ) : attachment.mimeType === 'application/pdf' ? (
            <iframe src={inline} title={attachment.filename} className="h-full w-full border-0" />
          ) : (
            <img
              src={inline}
              alt={attachment.filename}
              onError={() => setFailed(true)}
              className="max-h-full max-w-full object-contain"
            />
          )}
        </div>
      </div>
    </dialog>
  );
}
