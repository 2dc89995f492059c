import { useRef } from 'react';
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
import { useStartConversation } from './conversations.api';
import { attemptFor, fingerprintOf, type SendAttempt } from './send-attempt';
import { threadPath } from '../../../shared/routes';

const firstMessage = z.object({ text: messageText });

export interface Recipient {
  workRequestId: string;
  /** The provider a client writes to; a provider writes to the request's client and leaves it out. */
  providerId?: string | undefined;
  /** Whom the message goes to, for the dialog's title (none: "the client"). */
  name?: string | undefined;
}

/** The first message (or the next one, when the thread exists: the server adds it there). */
export function StartDialog({ recipient, onClose }: { recipient: Recipient; onClose: () => void }) {
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
