import { Info, Paperclip, Send } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useApiErrorText } from '../../../client/api/useApiError';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useTranslation } from '../../../client/i18n/react';
import { LIMITS } from '../../../shared/limits';
import { messageText } from '../conversations.schema';
import { AttachmentPicker } from '../../requests/ui/AttachmentPicker';
import { perFileProgress } from '../../requests/ui/upload-progress';
import { useSendMessage, type Conversation } from './conversations.api';
import { attemptFor, fingerprintOf, type SendAttempt } from './send-attempt';

const TEXT_MAX = LIMITS.messages.textMax;
/** The counter shows from this many characters on. */
const COUNT_FROM = TEXT_MAX - 200;

/** Where a keyboard's Enter should send: a desktop's keyboard, not a phone's (Enter is a newline). */
const enterSends = () => window.matchMedia('(pointer: fine)').matches;

/**
 * Writing in a thread: the text (1 to 2000 characters) and, once the client hired the provider,
 * up to five files. Enter sends on a desktop, Shift+Enter starts a new line. A refused or failed
 * send keeps what was written; trying the same message again reuses its idempotency key.
 */
export function MessageComposer({
  conversation,
  maskedAtStart = false,
}: {
  conversation: Conversation;
  /** The message that opened the thread had contact details hidden (told by the request page). */
  maskedAtStart?: boolean;
}) {
  const { t } = useTranslation(['conversations', 'validation']);
  const errorText = useApiErrorText();
  const send = useSendMessage(conversation.id);
  const canAttach = conversation.allowedActions.includes('attach');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [picking, setPicking] = useState(false);
  const [progress, setProgress] = useState<number[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [maskedHint, setMaskedHint] = useState(maskedAtStart);
  const [desktopKeys] = useState(enterSends);
  const attempt = useRef<SendAttempt | undefined>(undefined);
  const field = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const counterId = `${ids}-count`;
  const problemId = `${ids}-problem`;
  const hintId = `${ids}-hint`;
  const sendingFiles = canAttach ? files : [];

  const changed = () => {
    setProblem(undefined);
    if (send.isError) send.reset();
  };

  const submit = () => {
    if (send.isPending) return;
    const parsed = messageText.safeParse(text);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'required';
      setProblem(key === 'required' ? t('composer.empty') : t(`validation:${key}`));
      field.current?.focus();
      return;
    }
    attempt.current = attemptFor(attempt.current, fingerprintOf(parsed.data, sendingFiles), () =>
      crypto.randomUUID(),
    );
    setMaskedHint(false);
    setProgress(sendingFiles.length > 0 ? sendingFiles.map(() => 0) : undefined);
    send.mutate(
      {
        text: parsed.data,
        files: sendingFiles,
        key: attempt.current.key,
        onProgress: (sent, total) => setProgress(perFileProgress(sendingFiles, sent, total)),
      },
      {
        onSuccess: ({ message }) => {
          attempt.current = undefined;
          setText('');
          setFiles([]);
          setPicking(false);
          setMaskedHint(message.masked);
          field.current?.focus();
        },
        onSettled: () => setProgress(undefined),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (!enterSends()) return;
    event.preventDefault();
    submit();
  };

  const refusal = problem ?? (send.isError ? errorText(send.error) : undefined);
  const describedBy = [
    refusal ? problemId : '',
    text.length >= COUNT_FROM ? counterId : '',
    desktopKeys ? hintId : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      noValidate
      className="flex flex-col gap-2 border-t border-stone-200 bg-white p-2 sm:p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {maskedHint && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 p-2 text-sm text-sky-900"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('composer.maskedHint')}
        </p>
      )}
      {refusal && (
        <p id={problemId} role="alert" className="text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={`${ids}-text`} className="sr-only">
          {t('composer.label')}
        </label>
        <textarea
          ref={field}
          id={`${ids}-text`}
          value={text}
          rows={2}
          maxLength={TEXT_MAX}
          readOnly={send.isPending}
          placeholder={t('composer.placeholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            setText(event.target.value);
            changed();
          }}
          onKeyDown={onKeyDown}
          className="block max-h-40 min-h-11 w-full flex-1 resize-y rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 aria-[invalid=true]:border-red-600"
        />
        {canAttach && (
          <button
            type="button"
            className="btn-secondary size-11 shrink-0 p-0"
            aria-expanded={picking || files.length > 0}
            aria-controls={`${ids}-files`}
            aria-label={t('composer.attach')}
            title={t('composer.attach')}
            onClick={() => setPicking((was) => !was)}
          >
            <Paperclip aria-hidden="true" className="size-5" />
            {files.length > 0 && <span className="sr-only">{files.length}</span>}
          </button>
        )}
        <button
          type="submit"
          className="btn-primary shrink-0 px-3 sm:px-4"
          disabled={send.isPending}
        >
          {send.isPending ? (
            <Spinner label={t('composer.sending')} />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          <span className="max-sm:sr-only">{t('composer.send')}</span>
        </button>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3 text-xs text-stone-600">
        {desktopKeys && <p id={hintId}>{t('composer.enterHint')}</p>}
        {text.length >= COUNT_FROM && (
          <p
            id={counterId}
            className={`ml-auto ${text.length >= TEXT_MAX ? 'font-semibold text-red-800' : ''}`}
          >
            {t('composer.left', { count: TEXT_MAX - text.length })}
          </p>
        )}
      </div>
      {canAttach && (picking || files.length > 0) && (
        // Scrolls by itself, so the messages above keep some room on a phone.
        <div id={`${ids}-files`} className="max-h-64 overflow-y-auto">
          <AttachmentPicker
            files={files}
            onChange={(next) => {
              setFiles(next);
              changed();
            }}
            progress={progress}
          />
        </div>
      )}
    </form>
  );
}
