import { BellOff, Check, CheckCheck, Settings } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Pagination } from '../../../client/components/ui/Pagination';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useDocumentTitle } from '../../../client/hooks/useDocumentTitle';
import { useTranslation, type TFunction } from '../../../client/i18n/react';
import { useNotify } from '../../../client/layout/Notifications';
import { formatDate, formatTimeAgo } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { safeReturnPath } from '../../../shared/return-path';
import { PAGE_PATHS } from '../../../shared/routes';
import type { Role } from '../../../shared/statuses';
import { useSession } from '../../accounts/ui/session';
import { notificationText } from './notification-text';
import { useNow } from '../../../client/hooks/useNow';
import {
  useMarkRead,
  useNotificationsPage,
  type Notification,
  type NotificationPage,
} from './notifications.api';

/** Newer than this shows how long ago ("2 h ago"); older, its date. */
const RELATIVE_FOR_MS = 7 * 24 * 60 * 60 * 1000;

function whenText(createdAt: string, now: Date, language: Language) {
  return now.getTime() - new Date(createdAt).getTime() < RELATIVE_FOR_MS
    ? formatTimeAgo(createdAt, now, language)
    : formatDate(createdAt, language);
}

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function NotificationItem({
  notification,
  now,
  onRead,
  reading,
}: {
  notification: Notification;
  now: Date;
  onRead: (notification: Notification) => void;
  reading: boolean;
}) {
  const { t, i18n } = useTranslation('notifications');
  const language = i18n.language as Language;
  const { title, text, facts } = notificationText(notification, t, language);
  const unread = notification.readAt === null;
  const href = notification.link ? safeReturnPath(notification.link) : undefined;
  return (
    <li
      className={`card flex items-start gap-3 p-4 ${unread ? 'border-brand-600 bg-brand-50/60' : ''}`}
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {href ? (
            <Link
              to={href}
              onClick={() => unread && onRead(notification)}
              className="font-semibold text-brand-800 underline underline-offset-4 hover:no-underline"
            >
              {title}
            </Link>
          ) : (
            <span className="font-semibold">{title}</span>
          )}
          {unread && (
            <span className="rounded-full bg-accent-700 px-2 py-0.5 text-xs font-semibold text-white">
              {t('unreadLabel')}
            </span>
          )}
        </p>
        <p className="mt-1 text-stone-800">{text}</p>
        {facts.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-x-4 text-sm text-stone-700">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        )}
        <p className="mt-1 text-sm text-stone-600">
          <time dateTime={notification.createdAt}>
            {whenText(notification.createdAt, now, language)}
          </time>
        </p>
      </div>
      {unread && (
        <button
          type="button"
          className="btn-secondary size-11 shrink-0 p-0"
          onClick={() => onRead(notification)}
          disabled={reading}
          aria-label={t('markOneLabel', { title })}
          title={t('markOne')}
        >
          <Check aria-hidden="true" className="size-5" />
        </button>
      )}
    </li>
  );
}

/** Nothing yet: what will arrive here, and the next step for the person's role. */
function EmptyInbox({ role, t }: { role: Role | undefined; t: TFunction }) {
  return (
    <div className="card flex flex-col items-center gap-3 p-10 text-center">
      <BellOff aria-hidden="true" className="size-8 text-stone-400" />
      <h2 className="text-lg font-semibold">{t('empty.title')}</h2>
      <p className="max-w-md text-stone-700">{t(`empty.${role ?? 'client'}`)}</p>
      {role === 'client' && (
        <Link to={PAGE_PATHS.create} className="btn-primary">
          {t('empty.create')}
        </Link>
      )}
      {role === 'provider' && (
        <Link to={PAGE_PATHS.browse} className="btn-primary">
          {t('empty.browse')}
        </Link>
      )}
    </div>
  );
}

/** The list's place while it loads: as tall as a page of it, so nothing below moves. */
function InboxLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <Spinner label={label} />
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="card h-28 animate-pulse bg-stone-100" />
      ))}
    </div>
  );
}

function InboxList({ page, now }: { page: NotificationPage; now: Date }) {
  const { t } = useTranslation('notifications');
  const { notify } = useNotify();
  const markRead = useMarkRead();
  const read = (notification: Notification) =>
    markRead.mutate(
      { ids: [notification.id] },
      { onError: () => notify('error', t('markFailed')) },
    );
  return (
    <ul className="flex flex-col gap-3">
      {page.notifications.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          now={now}
          onRead={read}
          reading={markRead.isPending}
        />
      ))}
    </ul>
  );
}

/**
 * The inbox (issue 29 §1): the person's notifications, newest first and paged, each saying what
 * happened, when, and linking to what it concerns. Opening one marks it read; so can its button,
 * or "mark all". The live stream keeps the first page and the count up to date.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { user } = useSession();
  const errorText = useApiErrorText();
  const { notify } = useNotify();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const inbox = useNotificationsPage(page);
  const markAll = useMarkRead();
  const now = useNow();
  useDocumentTitle(t('title'));

  const unread = inbox.data?.unreadCount ?? 0;
  const readAll = () =>
    markAll.mutate({ all: true }, { onError: (error) => notify('error', errorText(error)) });

  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        {unread > 0 && (
          <button
            type="button"
            className="btn-secondary"
            onClick={readAll}
            disabled={markAll.isPending}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('markAll')}
          </button>
        )}
      </div>
      {inbox.data && (
        <p className="mt-2 text-stone-700" aria-live="polite">
          {unread > 0 ? t('unread', { count: unread }) : t('allRead')}
        </p>
      )}
      <div className="mt-6">
        {inbox.isPending ? (
          <InboxLoading label={t('loading')} />
        ) : inbox.isError ? (
          <div role="alert" className="card flex flex-col items-start gap-3 p-6">
            <p className="text-red-800">{errorText(inbox.error)}</p>
            <button type="button" className="btn-secondary" onClick={() => void inbox.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : inbox.data.notifications.length === 0 && page === 1 ? (
          <EmptyInbox role={user?.role} t={t} />
        ) : (
          <>
            <InboxList page={inbox.data} now={now} />
            <Pagination
              page={inbox.data.pagination.page}
              totalPages={inbox.data.pagination.totalPages}
              onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            />
          </>
        )}
      </div>
      <p className="mt-8">
        <Link
          to={`${PAGE_PATHS.profile}?tab=notifications`}
          className="inline-flex items-center gap-2 text-brand-800 underline underline-offset-4 hover:no-underline"
        >
          <Settings aria-hidden="true" className="size-4" />
          {t('settingsLink')}
        </Link>
      </p>
    </div>
  );
}
