import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal on the native <dialog> (focus trap, Escape and an inert page from the browser), open
 * while mounted: a title and what goes under it. Escape asks `onClose`, which unmounts it.
 */
export function ModalDialog({
  title,
  onClose,
  children,
  width = 'max-w-lg',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The widest it grows (a Tailwind max-width class). */
  width?: 'max-w-lg' | 'max-w-xl';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[90dvh] w-[calc(100%-1rem)] ${width} overflow-y-auto rounded-xl border border-stone-200 bg-white p-4 text-stone-900 shadow-xl backdrop:bg-stone-900/50 sm:p-6`}
    >
      <h2 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere]">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
