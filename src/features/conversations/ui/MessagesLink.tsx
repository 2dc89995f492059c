import { MessagesSquare } from 'lucide-react';
import { CountLink } from '../../../client/components/ui/CountLink';
import { useTranslation } from '../../../client/i18n/react';
import { PAGE_PATHS } from '../../../shared/routes';
import { useConversations } from './conversations.api';

/**
 * The header's way to the messages, beside the bell, for a signed-in client or provider on every
 * page and width: a link with the unread messages of all threads as a badge and in its accessible
 * name. The count is the first list page's `unread_total`, which the live stream keeps up to date.
 */
export function MessagesLink() {
  const { t } = useTranslation();
  const unread = useConversations(1).data?.unreadTotal ?? 0;
  const label = unread > 0 ? t('nav.messagesUnread', { count: unread }) : t('nav.messages');
  return <CountLink to={PAGE_PATHS.messages} icon={MessagesSquare} count={unread} label={label} />;
}
