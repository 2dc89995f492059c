import { Lock, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Pagination } from '../../../client/components/ui/Pagination';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import type { Language } from '../../../shared/languages';
import { PAGE_PATHS, threadPath } from '../../../shared/routes';
import type { Role } from '../../../shared/statuses';
import { useConversations, type ConversationSummary } from './conversations.api';
import { formatListTime } from './message-days';
import { excerptOf } from './message-text';
import { otherNameOf } from './person-name';

/** More than this shows as "99+" in a badge (the accessible text keeps the number). */
const BADGE_MAX = 99;

function ConversationItem({
  conversation,
  current,
  search,
  now,
}: {
  conversation: ConversationSummary;
  current: boolean;
  search: string;
  now: Date;
}) {
  const { t, i18n } = useTranslation('conversations');
  const language = i18n.language as Language;
  const name = otherNameOf(conversation, t);
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount;
  return (
    <li>
      <Link
        to={{ pathname: threadPath(conversation.id), search }}
        aria-current={current ? 'page' : undefined}
        className={`flex min-h-11 gap-3 rounded-xl border p-3 hover:bg-stone-50 ${
          current
            ? 'border-brand-600 bg-brand-50/60'
            : unread > 0
              ? 'border-stone-300 bg-white'
              : 'border-stone-200 bg-white'
        }`}
      >
        <div className="min-w-0 flex-1">
          <p className="flex items-baseline justify-between gap-2">
            <span
              className={`min-w-0 truncate ${unread > 0 ? 'font-bold' : 'font-semibold'} text-stone-900`}
            >
              {name}
            </span>
            {last && (
              <time
                dateTime={last.createdAt}
                className="shrink-0 text-xs text-stone-600"
                suppressHydrationWarning
              >
                {formatListTime(last.createdAt, now, language)}
              </time>
            )}
          </p>
          <p className="truncate text-sm text-brand-800">{conversation.request.title}</p>
          <p className="mt-0.5 flex items-center gap-2 text-sm text-stone-700">
            <span className="min-w-0 flex-1 truncate">
              {last
                ? last.mine
                  ? t('list.you', { text: excerptOf(last.text) })
                  : excerptOf(last.text)
                : t('list.noMessages')}
            </span>
            {conversation.readOnly && (
              <span className="inline-flex shrink-0 items-center gap-1 text-xs text-stone-600">
                <Lock aria-hidden="true" className="size-3.5" />
                {t('list.readOnly')}
              </span>
            )}
            {unread > 0 && (
              <span className="shrink-0 rounded-full bg-accent-700 px-2 text-xs leading-5 font-semibold text-white">
                <span aria-hidden="true">{unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}</span>
                <span className="sr-only">{t('list.unread', { count: unread })}</span>
              </span>
            )}
          </p>
        </div>
      </Link>
    </li>
  );
}

/** Nothing yet: what will arrive here, and the next step for the person's role. */
function EmptyList({ role }: { role: Role | undefined }) {
  const { t } = useTranslation('conversations');
  const provider = role === 'provider';
  return (
    <div className="card flex flex-col items-center gap-3 p-8 text-center">
      <MessagesSquare aria-hidden="true" className="size-8 text-stone-400" />
      <h2 className="text-lg font-semibold">{t('empty.title')}</h2>
      <p className="max-w-md text-stone-700">{t(provider ? 'empty.provider' : 'empty.client')}</p>
      <Link
        to={provider ? PAGE_PATHS.browse : `${PAGE_PATHS.profile}?tab=requests`}
        className="btn-primary"
      >
        {t(provider ? 'empty.browse' : 'empty.myRequests')}
      </Link>
    </div>
  );
}

/**
 * The viewer's threads, the newest conversation first (the server's order), one page at a time.
 * `currentId` is the thread open beside it (two panes on a wide screen).
 */
export function ConversationList({
  page,
  onPage,
  currentId,
  search,
  role,
  now,
}: {
  page: number;
  onPage: (page: number) => void;
  currentId: string | undefined;
  /** The list's own query (its page), kept in the threads' links. */
  search: string;
  role: Role | undefined;
  now: Date;
}) {
  const { t } = useTranslation('conversations');
  const errorText = useApiErrorText();
  const list = useConversations(page);

  if (list.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <Spinner label={t('loading')} />
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="card h-20 animate-pulse bg-stone-100" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="card flex flex-col items-start gap-3 p-6">
        <p className="text-red-800">{errorText(list.error)}</p>
        <button type="button" className="btn-secondary" onClick={() => void list.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const { conversations, pagination } = list.data;
  if (conversations.length === 0 && page === 1) return <EmptyList role={role} />;
  return (
    <>
      <ul className="flex flex-col gap-2" aria-label={t('list.label')}>
        {conversations.map((conversation) => (
          <ConversationItem
            key={conversation.id}
            conversation={conversation}
            current={conversation.id === currentId}
            search={search}
            now={now}
          />
        ))}
      </ul>
      <Pagination
        compact
        page={pagination.page}
        totalPages={pagination.totalPages}
        onPage={onPage}
      />
    </>
  );
}
