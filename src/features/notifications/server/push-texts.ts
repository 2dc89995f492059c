import cs from '../../../locales/cs/push.json';
import en from '../../../locales/en/push.json';
import ru from '../../../locales/ru/push.json';
import sk from '../../../locales/sk/push.json';
import uk from '../../../locales/uk/push.json';
import type { Language } from '../../../shared/languages';
import { isNotificationType, type NotificationType } from '../../../shared/notification-types';

const TEXTS: Record<Language, typeof sk> = { sk, en, uk, ru, cs };

/** What the service worker shows (service-worker.ts): the text already in its reader's language. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of this site the notification opens. */
  link: string;
  /** One per notification: a second delivery of the same push replaces the first on screen. */
  tag: string;
}

/** The inbox, for a notification that concerns no page of its own. */
export const INBOX_PATH = '/notifications';

/** A request's title in a push is cut here: the whole message stays far below 4 KB (RFC 8291). */
const TITLE_MAX = 120;

const shorten = (text: string) =>
  text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1).trimEnd()}…` : text;

/**
 * The push of one notification, in its reader's language. The texts take only the request's
 * title from the notification's data (never a name or contact); without one, the type's text
 * that names no request.
 */
export function pushMessageOf(
  notification: { id: number; type: string; data: Record<string, unknown>; link: string | null },
  language: Language,
): PushMessage | undefined {
  if (!isNotificationType(notification.type)) return undefined;
  const texts: { title: string; body: string; bodyWithoutTitle?: string } =
    TEXTS[language].types[notification.type satisfies NotificationType];
  const title = notification.data.title;
  const body =
    typeof title === 'string' && title.trim() !== ''
      ? texts.body.replace(/{{\s*title\s*}}/g, shorten(title.trim()))
      : (texts.bodyWithoutTitle ?? texts.body);
  return {
    title: texts.title,
    body,
    link: notification.link ?? INBOX_PATH,
    tag: `notification-${notification.id}`,
  };
}

/** The offline page's texts in every language, for the service worker to carry. */
export const offlineTexts = (): Record<Language, typeof sk.offline> => ({
  sk: sk.offline,
  en: en.offline,
  uk: uk.offline,
  ru: ru.offline,
  cs: cs.offline,
});
