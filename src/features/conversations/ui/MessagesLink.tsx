import { MessagesSquare } from 'lucide-react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../../client/i18n/react';
import { PAGE_PATHS } from '../../../shared/routes';
import { useConversations } from './conversations.api';

/** More than this shows as "99+" in the badge (the accessible name keeps the number). */
const BADGE_MAX = 99;

/**
 * The header's way to the messages, beside the bell, for a signed-in client or provider on every
 * page and width: a link with the unread messages of all threads as a badge and in its accessible
 * name. The count is the first list page's `unread_total`, which the live stream keeps up to date.
 */
export function MessagesLink() {
  const { t } = useTranslation();
  const list = useConversations(1);
  const unread = list.data?.unreadTotal ?? 0;
  const label = unread > 0 ? t('nav.messagesUnread', { count: unread }) : t('nav.messages');
  return (
    <NavLink
      to={PAGE_PATHS.messages}
      aria-label={label}
      title={label}
      data-unread={unread}
      className={({ isActive }) =>
        `relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg border ${
          isActive
            ? 'border-brand-100 bg-brand-50 text-brand-800'
            : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
        }`
      }
    >
      <MessagesSquare aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-accent-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      )}
    </NavLink>
  );
}
