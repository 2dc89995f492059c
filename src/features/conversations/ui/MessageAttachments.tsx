import { FileText } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { displayFilename, isImage } from '../../requests/attachments.rules';
import { formatSize } from '../../requests/ui/AttachmentPicker';
import type { MessageAttachment } from './conversations.api';

const inline = (url: string) => `${url}?disposition=inline`;

/**
 * A message's files: pictures as thumbnails that open in a new tab, the rest as links that
 * download them. Thumbnails have their size before they load, so nothing below them moves.
 */
export function MessageAttachments({
  attachments,
  mine,
}: {
  attachments: MessageAttachment[];
  mine: boolean;
}) {
  const { t, i18n } = useTranslation('conversations');
  return (
    <ul
      aria-label={t('thread.attachments')}
      className={`mt-1 flex max-w-[85%] flex-wrap gap-2 sm:max-w-[75%] ${mine ? 'justify-end' : ''}`}
    >
      {attachments.map((attachment) => {
        const name = displayFilename(attachment.filename);
        return (
          <li key={attachment.id} className="min-w-0">
            {isImage(attachment.mimeType) ? (
              <a
                href={inline(attachment.url)}
                target="_blank"
                rel="noopener noreferrer"
                className="block overflow-hidden rounded-lg border border-stone-200 bg-stone-100"
              >
                <img
                  src={inline(attachment.url)}
                  alt={t('thread.openImage', { name })}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="size-24 object-cover"
                />
              </a>
            ) : (
              <a
                href={attachment.url}
                download={name}
                className="flex min-h-11 max-w-full items-center gap-2 rounded-lg border border-stone-200 bg-white px-3 py-1.5 text-sm text-stone-900 hover:bg-stone-50"
              >
                <FileText aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="sr-only">{t('thread.download')} </span>
                  {name}
                  <span className="ml-1 text-xs text-stone-600">
                    ({formatSize(attachment.sizeBytes, i18n.language)})
                  </span>
                </span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
