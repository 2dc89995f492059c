import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from '../i18n/react';

interface ConfirmRequest {
  title: string;
  /** Says exactly what will be lost (DESIGN: destructive actions). */
  message: string;
  confirmLabel: string;
  /**
   * The button that changes nothing, when "Cancel" could be read as the action itself (a dialog
   * that cancels or deletes a request says what is kept instead).
   */
  dismissLabel?: string;
  destructive?: boolean;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function useConfirm(): Confirm {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error('useConfirm outside ConfirmProvider');
  return context;
}

/** A modal built on the native <dialog>: focus trap, Escape and an inert page come from the browser. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolveRef = useRef<(answer: boolean) => void>(() => {});

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolveRef.current = resolve;
        setRequest(next);
      }),
    [],
  );

  useEffect(() => {
    if (request && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [request]);

  const answer = (value: boolean) => {
    resolveRef.current(value);
    dialogRef.current?.close();
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <dialog
        ref={dialogRef}
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
        onCancel={(event) => {
          event.preventDefault();
          answer(false);
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-stone-200 bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
      >
        {request && (
          <>
            <h2 id="confirm-title" className="text-lg font-semibold">
              {request.title}
            </h2>
            <p id="confirm-message" className="mt-2 text-stone-700">
              {request.message}
            </p>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" className="btn-secondary" onClick={() => answer(false)}>
                {request.dismissLabel ?? t('actions.cancel')}
              </button>
              <button
                type="button"
                className={request.destructive ? 'btn-danger' : 'btn-primary'}
                onClick={() => answer(true)}
              >
                {request.confirmLabel}
              </button>
            </div>
          </>
        )}
      </dialog>
    </ConfirmContext.Provider>
  );
}
