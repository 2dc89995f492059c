import { useTranslation } from '../../../client/i18n/react';
import { MessageAttachments } from '../../conversations/ui/MessageAttachments';
import { formatDateTime } from './parts';

interface ShownMessage<Role extends string> {
  id: string | number;
  senderRole: Role;
  createdAt: string;
  text: string;
  attachments?: Parameters<typeof MessageAttachments>[0]['attachments'];
}

/**
 * A conversation's messages as the console shows them, oldest first: the sender's role and the
 * time, the words as written, and the files that came with them (the case and report dialogs).
 */
export function ThreadMessages<Role extends string>({
  messages,
  roleLabel,
}: {
  messages: readonly ShownMessage<Role>[];
  roleLabel: (role: Role) => string;
}) {
  const { i18n } = useTranslation('admin');
  return (
    <ol className="flex flex-col gap-3">
      {messages.map((message) => (
        <li key={message.id} className="rounded-lg border border-stone-200 p-3">
          <p className="flex flex-wrap gap-x-2 text-xs text-stone-600">
            <span className="font-semibold text-stone-800">{roleLabel(message.senderRole)}</span>
            <time dateTime={message.createdAt}>
              {formatDateTime(message.createdAt, i18n.language)}
            </time>
          </p>
          <p className="mt-1 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
            {message.text}
          </p>
          {message.attachments && message.attachments.length > 0 && (
            <MessageAttachments attachments={message.attachments} mine={false} />
          )}
        </li>
      ))}
    </ol>
  );
}
