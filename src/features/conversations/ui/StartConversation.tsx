import { MessageSquare } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ErrorSummary, TextArea } from '../../../client/components/ui/form';
import { ModalDialog } from '../../../client/components/ui/ModalDialog';
import { Spinner } from '../../../client/components/ui/Spinner';
import { useForm } from '../../../client/hooks/useForm';
import { useTranslation } from '../../../client/i18n/react';
import { LIMITS } from '../../../shared/limits';
import { messageText } from '../conversations.schema';
import type { ThreadArrival } from './ConversationPage';
import { useRequestThreads, useStartConversation } from './conversations.api';
import { attemptFor, fingerprintOf, type SendAttempt } from './send-attempt';
import { threadPath } from './thread-path';

const firstMessage = z.object({ text: messageText });

interface Recipient {
  workRequestId: string;
  /** The provider a client writes to; a provider writes to the request's client and leaves it out. */
  providerId?: string | undefined;
  /** Whom the message goes to, for the dialog's title (none: "the client"). */
  name?: string | undefined;
}

/** The first message (or the next one, when the thread exists: the server adds it there). */
function StartDialog({ recipient, onClose }: { recipient: Recipient; onClose: () => void }) {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  const start = useStartConversation();
  const form = useForm({ text: '' }, { write: start });
  const attempt = useRef<SendAttempt | undefined>(undefined);

  return (
    <ModalDialog
      title={recipient.name ? t('start.titleTo', { name: recipient.name }) : t('start.titleClient')}
      onClose={onClose}
    >
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const body = form.check(firstMessage);
          if (!body || start.isPending) return;
          attempt.current = attemptFor(attempt.current, fingerprintOf(body.text, []), () =>
            crypto.randomUUID(),
          );
          start.mutate(
            {
              workRequestId: recipient.workRequestId,
              providerId: recipient.providerId,
              text: body.text,
              key: attempt.current.key,
            },
            {
              onSuccess: ({ conversation, message }) => {
                const arrival: ThreadArrival = { maskedSent: message.masked };
                navigate(threadPath(conversation.id), { state: arrival });
              },
            },
          );
        }}
      >
        <ErrorSummary messages={form.messages} />
        <TextArea
          {...form.field('text')}
          label={t('start.label')}
          maxLength={LIMITS.messages.textMax}
          rows={5}
        />
        <p className="-mt-2 text-xs text-stone-600">{t('start.hint')}</p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('start.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={start.isPending}>
            {start.isPending && <Spinner label={t('composer.sending')} />}
            {t('start.send')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/**
 * "Ask a question" (a provider, on an open request) or "Message" (a client, to a provider who bid
 * or whom they hired; either side after the hire): the thread there is, or else a dialog for the
 * first message, then the thread. Whether one may write is the server's to say: a refusal is
 * shown in the dialog, translated.
 */
export function StartConversation({
  label,
  accessibleLabel,
  className = 'btn-secondary',
  ...recipient
}: Recipient & {
  label: string;
  /** A fuller name for screen readers where many such buttons stand ("Message Ján Novák"). */
  accessibleLabel?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const threads = useRequestThreads(recipient.workRequestId);
  // A provider has one thread per request; a client one per provider.
  const existing = threads.data?.conversations.find(
    (thread) => recipient.providerId === undefined || thread.other.id === recipient.providerId,
  );
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={accessibleLabel}
        onClick={() => (existing ? navigate(threadPath(existing.id)) : setOpen(true))}
      >
        <MessageSquare aria-hidden="true" className="size-4" />
        {label}
      </button>
      {open && (
        <StartDialog
          recipient={recipient}
          onClose={() => {
            setOpen(false);
            // Once the modal has closed: while it is open, the page behind it takes no focus.
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      )}
    </>
  );
}
