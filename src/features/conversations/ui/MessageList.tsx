import { useLayoutEffect, useRef, useState } from 'react';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation, type TFunction } from '../../../client/i18n/react';
import { formatDay } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { lastSeenOfMine, type Message } from './conversations.api';
import { MessageAttachments } from './MessageAttachments';
import { formatMessageTime, groupByDay, relativeDay } from './message-days';
import { splitMasked } from './message-text';

/** Closer to the end than this, the list follows new messages down; further up, it stays put. */
const FOLLOW_WITHIN_PX = 120;

function MessageText({ text, mine, t }: { text: string; mine: boolean; t: TFunction }) {
  return splitMasked(text).map((part, index) =>
    part.masked ? (
      <span
        key={index}
        title={t('thread.hiddenContact')}
        className={`rounded px-0.5 ${mine ? 'bg-white/20' : 'bg-stone-200'}`}
      >
        <span aria-hidden="true">{part.text}</span>
        <span className="sr-only">{t('thread.hiddenContact')}</span>
      </span>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}

function MessageItem({
  message,
  otherName,
  seen,
}: {
  message: Message;
  otherName: string;
  seen: boolean;
}) {
  const { t, i18n } = useTranslation('conversations');
  const mine = message.mine;
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 whitespace-pre-wrap [overflow-wrap:anywhere] sm:max-w-[75%] ${
          mine
            ? 'rounded-br-sm bg-brand-700 text-white'
            : 'rounded-bl-sm bg-stone-100 text-stone-900'
        }`}
      >
        <span className="sr-only">
          {mine ? t('thread.youWrote') : t('thread.theyWrote', { name: otherName })}{' '}
        </span>
        <MessageText text={message.text} mine={mine} t={t} />
      </div>
      {message.attachments.length > 0 && (
        <MessageAttachments attachments={message.attachments} mine={mine} />
      )}
      <p className="mt-0.5 px-1 text-xs text-stone-600">
        <time dateTime={message.createdAt}>
          {formatMessageTime(message.createdAt, i18n.language as Language)}
        </time>
        {seen && <span className="font-medium text-brand-800"> · {t('thread.seen')}</span>}
      </p>
    </li>
  );
}

function dayHeading(day: string, t: TFunction, language: Language) {
  const relative = relativeDay(day, new Date());
  return relative ? t(`thread.${relative}`) : formatDay(day, language);
}

/**
 * A thread's messages by day, the viewer's on the right and the other person's on the left, with
 * "Seen" under the last of the viewer's that was read and "Load older" above them. It opens at
 * the newest message and follows new ones down while the person is at the end; loading older
 * ones keeps in view what was there. A message that arrives from the other person is read out
 * (a polite live region), not the whole list.
 */
export function MessageList({
  messages,
  otherName,
  hasOlder,
  loadingOlder,
  olderFailed,
  onLoadOlder,
}: {
  messages: Message[];
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
}) {
  const { t, i18n } = useTranslation('conversations');
  const language = i18n.language as Language;
  const box = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const shown = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const seenId = lastSeenOfMine(messages);
  const incoming = messages.findLast((message) => !message.mine);
  // What was there when the thread opened is not news; what arrives after is read out.
  const [openedWith] = useState(incoming?.id);
  const news = incoming && incoming.id !== openedWith ? incoming : undefined;

  useLayoutEffect(() => {
    const list = box.current;
    if (!list) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const before = shown.current;
    if (before.last === undefined) list.scrollTop = list.scrollHeight;
    else if (last !== before.last) {
      if (atEnd.current || messages.at(-1)?.mine) list.scrollTop = list.scrollHeight;
    } else if (first !== before.first) list.scrollTop += list.scrollHeight - before.height;
    shown.current = { first, last, height: list.scrollHeight };
  }, [messages]);

  return (
    <div
      ref={box}
      // A region of its own; browsers let a keyboard focus and scroll a scrolling box.
      role="region"
      aria-label={t('thread.messages')}
      onScroll={(event) => {
        const list = event.currentTarget;
        atEnd.current = list.scrollHeight - list.scrollTop - list.clientHeight < FOLLOW_WITHIN_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-2"
    >
      {hasOlder && (
        <div className="flex justify-center py-2">
          <button
            type="button"
            className="btn-secondary min-h-10 text-sm"
            onClick={onLoadOlder}
            disabled={loadingOlder}
          >
            {loadingOlder && <Spinner label={t('thread.loadingOlder')} />}
            {t('thread.loadOlder')}
          </button>
        </div>
      )}
      {olderFailed && (
        <p role="alert" className="text-center text-sm text-red-800">
          {t('thread.olderFailed')}
        </p>
      )}
      {messages.length === 0 && (
        <p className="py-8 text-center text-stone-600">{t('thread.noMessages')}</p>
      )}
      {groupByDay(messages).map(({ day, messages: ofDay }) => (
        <section key={day} aria-labelledby={`day-${day}`} className="mt-3">
          <h3
            id={`day-${day}`}
            className="mb-2 text-center text-xs font-semibold tracking-wide text-stone-600 uppercase"
          >
            {dayHeading(day, t, language)}
          </h3>
          <ol className="flex flex-col gap-2">
            {ofDay.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                otherName={otherName}
                seen={message.id === seenId}
              />
            ))}
          </ol>
        </section>
      ))}
      <p aria-live="polite" className="sr-only">
        {news ? t('thread.newMessage', { name: otherName, text: news.text }) : ''}
      </p>
    </div>
  );
}
