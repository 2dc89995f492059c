import { ArrowLeft, Ban, CircleCheck, EllipsisVertical, Flag, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useApiErrorText } from '../../../client/api/useApiError';
import { useTranslation } from '../../../client/i18n/react';
import { useConfirm } from '../../../client/layout/ConfirmDialog';
import { useNotify } from '../../../client/layout/Notifications';
import { PAGE_PATHS } from '../../../shared/routes';
import { useBlockConversation, type Conversation } from './conversations.api';
import { otherNameOf } from './person-name';
import { ReportDialog } from './ReportDialog';

/**
 * The thread's options (Report, Block or Unblock), as `allowed_actions` name them, behind one
 * button. A disclosure, not an ARIA menu: its items are ordinary buttons in the tab order;
 * Escape or a click elsewhere closes it.
 */
function ThreadOptions({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('conversations');
  const confirm = useConfirm();
  const { notify } = useNotify();
  const errorText = useApiErrorText();
  const block = useBlockConversation();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const allowed = conversation.allowedActions;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const setBlocked = async (blocked: boolean) => {
    setOpen(false);
    const yes = await confirm(
      blocked
        ? {
            title: t('block.title'),
            message: t('block.message'),
            confirmLabel: t('block.confirm'),
            destructive: true,
          }
        : {
            title: t('block.unblockTitle'),
            message: t('block.unblockMessage'),
            confirmLabel: t('block.unblockConfirm'),
          },
    );
    if (!yes) return;
    block.mutate(
      { id: conversation.id, blocked },
      {
        onSuccess: () => notify('success', t(blocked ? 'block.done' : 'block.unblockDone')),
        onError: (error) => notify('error', errorText(error)),
      },
    );
  };

  const items = [
    allowed.includes('report') && (
      <MenuItem
        key="report"
        icon={Flag}
        label={t('thread.report')}
        onClick={() => {
          setOpen(false);
          setReporting(true);
        }}
      />
    ),
    allowed.includes('block') && (
      <MenuItem
        key="block"
        icon={Ban}
        label={t('thread.block')}
        danger
        disabled={block.isPending}
        onClick={() => void setBlocked(true)}
      />
    ),
    allowed.includes('unblock') && (
      <MenuItem
        key="unblock"
        icon={CircleCheck}
        label={t('thread.unblock')}
        disabled={block.isPending}
        onClick={() => void setBlocked(false)}
      />
    ),
  ].filter(Boolean);
  if (items.length === 0) return null;

  return (
    <div ref={box} className="relative shrink-0">
      <button
        ref={toggle}
        type="button"
        className="btn-secondary size-11 p-0"
        aria-expanded={open}
        aria-controls="thread-options"
        aria-label={t('thread.options')}
        title={t('thread.options')}
        onClick={() => setOpen((was) => !was)}
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
      </button>
      <div
        id="thread-options"
        hidden={!open}
        className="absolute top-12 right-0 z-20 w-56 max-w-[calc(100vw-2rem)] rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
      >
        {items}
      </div>
      {reporting && (
        <ReportDialog
          conversation={conversation}
          onClose={() => {
            setReporting(false);
            // Once the modal has closed: while it is open, the page behind it takes no focus.
            requestAnimationFrame(() => toggle.current?.focus());
          }}
        />
      )}
    </div>
  );
}

/** Who the thread is with, what request it is about (a link while it exists), and its options. */
export function ThreadHeader({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('conversations');
  // Back to the list's page the thread was opened from.
  const { search } = useLocation();
  const request = conversation.request;
  return (
    <header className="flex items-center gap-2 border-b border-stone-200 p-2 sm:p-3">
      <Link
        to={{ pathname: PAGE_PATHS.messages, search }}
        className="btn-secondary size-11 shrink-0 p-0 lg:hidden"
        aria-label={t('thread.back')}
        title={t('thread.back')}
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </Link>
      <div className="min-w-0 flex-1">
        <h2 id="thread-title" className="truncate text-lg font-semibold">
          {otherNameOf(conversation, t)}
        </h2>
        <p className="truncate text-sm text-stone-700">
          <span className="sr-only">{t('thread.about')} </span>
          {request.id ? (
            <Link
              to={PAGE_PATHS.request.replace(':id', request.id)}
              className="text-brand-800 underline underline-offset-4 hover:no-underline"
            >
              {request.title}
            </Link>
          ) : (
            t('thread.requestGone', { title: request.title })
          )}
        </p>
      </div>
      <ThreadOptions conversation={conversation} />
    </header>
  );
}

/** One choice of the thread's options menu. */
function MenuItem({
  icon: Icon,
  label,
  danger = false,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-left ${
        danger ? 'text-red-800 hover:bg-red-50' : 'hover:bg-stone-100'
      }`}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {label}
    </button>
  );
}
