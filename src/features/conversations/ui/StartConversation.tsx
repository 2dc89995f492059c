import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyNamed } from '../../../client/lazy';
import { requestThreadsQuery } from './conversations.api';
import type { Recipient } from './StartDialog';
import { threadPath } from '../../../shared/routes';

/** The dialog's code (a form and its checks) loads when it is first opened. */
const StartDialog = lazyNamed(() => import('./StartDialog'), 'StartDialog');

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
  const queryClient = useQueryClient();
  /** The thread there is (asked when the button is pressed, not with every page), or the dialog. */
  const begin = async () => {
    const threads = await queryClient
      .fetchQuery(requestThreadsQuery(recipient.workRequestId))
      .catch(() => undefined);
    // A provider has one thread per request; a client one per provider.
    const existing = threads?.conversations.find(
      (thread) => recipient.providerId === undefined || thread.other.id === recipient.providerId,
    );
    if (existing) void navigate(threadPath(existing.id));
    else setOpen(true);
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={accessibleLabel}
        onClick={() => void begin()}
      >
        <MessageSquare aria-hidden="true" className="size-4" />
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <StartDialog
            recipient={recipient}
            onClose={() => {
              setOpen(false);
              // Once the modal has closed: while it is open, the page behind it takes no focus.
              requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
