import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../shared/limits';

type Kind = 'success' | 'error' | 'info';
interface Notification {
  id: number;
  kind: Kind;
  text: string;
}

interface NotifyApi {
  notify(kind: Kind, text: string): void;
}

const NotifyContext = createContext<NotifyApi | null>(null);

export function useNotify(): NotifyApi {
  const context = useContext(NotifyContext);
  if (!context) throw new Error('useNotify outside NotificationsProvider');
  return context;
}

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;
const STYLES: Record<Kind, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

/** Notices in one live region; each one leaves by itself after 5 seconds (spec core §8). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Notification[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback(
    (id: number) => setItems((list) => list.filter((item) => item.id !== id)),
    [],
  );
  const notify = useCallback(
    (kind: Kind, text: string) => {
      const id = nextId.current++;
      setItems((list) => [...list.slice(-3), { id, kind, text }]);
      window.setTimeout(() => dismiss(id), LIMITS.notificationMs);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ notify }), [notify]);

  return (
    <NotifyContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-20 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:px-6"
      >
        {items.map((item) => {
          const Icon = ICONS[item.kind];
          return (
            <div
              key={item.id}
              role={item.kind === 'error' ? 'alert' : 'status'}
              className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-3 shadow-sm ${STYLES[item.kind]}`}
            >
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p className="flex-1 text-sm">{item.text}</p>
              <button
                type="button"
                onClick={() => dismiss(item.id)}
                className="-m-1 rounded p-1 hover:bg-black/5"
                aria-label={t('notifications.dismiss')}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          );
        })}
      </div>
    </NotifyContext.Provider>
  );
}
