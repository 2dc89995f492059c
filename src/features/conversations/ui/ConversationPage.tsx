import { Info, Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../client/api/client';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { useTranslation } from '../../../client/i18n/react';
import { PAGE_PATHS } from '../../../shared/routes';
import {
  conversationOf,
  messagesOf,
  useMarkConversationRead,
  useThreadMessages,
  type Conversation,
} from './conversations.api';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';
import { usePageVisible } from './page-visibility';
import { otherNameOf } from './person-name';
import { ThreadHeader } from './ThreadHeader';

/** What the page that opened the thread tells it (StartConversation): the first message was masked. */
export interface ThreadArrival {
  maskedSent?: boolean;
}

/**
 * The thread is read while the person can see it: when it opens, and whenever a message arrives
 * while the tab is visible (the live stream fetches it; its `unreadCount` then rises).
 */
function useReadWhileSeen(conversation: Conversation | undefined) {
  const visible = usePageVisible();
  const markRead = useMarkConversationRead();
  const { mutate } = markRead;
  const id = conversation?.id;
  const unread = conversation?.unreadCount ?? 0;
  const asked = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!id || !visible || unread === 0) {
      asked.current = undefined;
      return;
    }
    // Once per state of the thread (StrictMode runs effects twice; a refusal is not repeated).
    const state = `${id}:${unread}`;
    if (asked.current === state) return;
    asked.current = state;
    mutate(id);
  }, [id, unread, visible, mutate]);
}

function ReadOnlyLine({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('conversations');
  const reason = conversation.readOnlyReason;
  if (!reason) return null;
  const mine = reason === 'blocked' && conversation.allowedActions.includes('unblock');
  return (
    <p className="flex items-start gap-2 border-t border-stone-200 bg-stone-50 p-3 text-sm text-stone-800">
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t(mine ? 'readOnly.blockedByYou' : `readOnly.${reason}`)}
    </p>
  );
}

function ThreadMissing({ error }: { error: unknown }) {
  const { t } = useTranslation('conversations');
  const errorText = useApiErrorText();
  const missing = error instanceof ApiError && [400, 403, 404].includes(error.status);
  useDocumentTitle(t('title'));
  return (
    <div role="alert" className="card flex flex-col items-start gap-3 p-6">
      <h2 className="text-lg font-semibold">{missing ? t('notFound.title') : t('threadFailed')}</h2>
      <p className="text-stone-700">{missing ? t('notFound.text') : errorText(error)}</p>
      <Link to={PAGE_PATHS.messages} className="btn-secondary">
        {t('notFound.back')}
      </Link>
    </div>
  );
}

/** /messages/:id: one thread, its messages and the composer (or why no one can write). */
export function ConversationPage() {
  const { id = '' } = useParams();
  // Another thread is another page: its scroll place, draft and hints start afresh.
  return <Thread key={id} id={id} />;
}

function Thread({ id }: { id: string }) {
  const { t } = useTranslation('conversations');
  const arrival = (useLocation().state ?? {}) as ThreadArrival;
  const thread = useThreadMessages(id);
  const conversation = conversationOf(thread.data);
  useReadWhileSeen(conversation);
  useDocumentTitle(
    conversation ? `${otherNameOf(conversation, t)} — ${conversation.request.title}` : t('title'),
  );

  if (thread.isPending) {
    return (
      <div className="card flex h-[calc(100dvh-5.5rem)] min-h-96 items-center justify-center lg:h-[calc(100dvh-12rem)]">
        <Spinner label={t('loadingThread')} />
      </div>
    );
  }
  if (!conversation) return <ThreadMissing error={thread.error} />;

  const canWrite = conversation.allowedActions.includes('write');
  return (
    // As tall as the screen below the header: the messages scroll, the composer stays in reach.
    <section
      aria-labelledby="thread-title"
      className="card flex h-[calc(100dvh-5.5rem)] min-h-96 flex-col overflow-hidden lg:h-[calc(100dvh-12rem)]"
    >
      <ThreadHeader conversation={conversation} />
      {conversation.masking && (
        <p className="flex items-start gap-2 border-b border-stone-200 bg-sky-50 px-3 py-2 text-xs text-sky-900">
          <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          {t('thread.masking')}
        </p>
      )}
      <MessageList
        messages={messagesOf(thread.data)}
        otherName={otherNameOf(conversation, t)}
        hasOlder={thread.hasNextPage}
        loadingOlder={thread.isFetchingNextPage}
        onLoadOlder={() => void thread.fetchNextPage()}
        olderFailed={thread.isFetchNextPageError}
      />
      {canWrite ? (
        <MessageComposer conversation={conversation} maskedAtStart={Boolean(arrival.maskedSent)} />
      ) : (
        <ReadOnlyLine conversation={conversation} />
      )}
    </section>
  );
}
