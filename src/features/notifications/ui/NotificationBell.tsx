import { Bell } from 'lucide-react';
import { CountLink } from '../../../client/components/ui/CountLink';
import { useTranslation } from '../../../client/i18n/react';
import { PAGE_PATHS } from '../../../shared/routes';
import { useNotificationsPage } from './notifications.api';

/**
 * The header's bell for a signed-in person, on every page and every width: the inbox's link, with
 * the unread count as a badge and in its accessible name ("Notifications, 3 unread"). The count
 * comes from the inbox's first page, which the live stream keeps up to date.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useNotificationsPage(1).data?.unreadCount ?? 0;
  const label =
    unread > 0 ? t('nav.notificationsUnread', { count: unread }) : t('nav.notifications');
  return <CountLink to={PAGE_PATHS.notifications} icon={Bell} count={unread} label={label} />;
}
