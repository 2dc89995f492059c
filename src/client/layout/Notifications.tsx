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
import { useTranslation } from '../i18n/react';
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
const ItemsContext = createContext<{ items: Notification[]; dismiss(id: number): void }>({
  items: [],
  dismiss() {},
});

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

/** Notices and their timers; each one leaves by itself after 5 seconds (spec core §8). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notification[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback(
    (id: number) => setItems((list) => list.filter((item) => item.id !== id)),
    [],
  );
  const notify = useCallback(
    (kind: Kind, text: string) => {
      const id = nextId.current++;
      setItems((list) => [...list.slice(-2), { id, kind, text }]);
      window.setTimeout(() => dismiss(id), LIMITS.notificationMs);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ notify }), [notify]);
  const shown = useMemo(() => ({ items, dismiss }), [items, dismiss]);

  return (
    <NotifyContext.Provider value={api}>
      <ItemsContext.Provider value={shown}>{children}</ItemsContext.Provider>
    </NotifyContext.Provider>
  );
}

/**
 * The notices, as slim bars in one live region right under the header (RootLayout keeps both
 * in one sticky block): they take their own room instead of lying over the page, and never
 * take the focus. Errors are alerts, the rest statuses.
 */
export function NotificationArea() {
  const { t } = useTranslation();
  const { items, dismiss } = useContext(ItemsContext);
  return (
    <div
      aria-live="polite"
      className={items.length > 0 ? 'border-b border-stone-200 bg-white' : ''}
    >
      {items.length > 0 && (
        <div className="container-page flex flex-col gap-1 py-1.5">
          {items.map((item) => {
            const Icon = ICONS[item.kind];
            return (
              <div
                key={item.id}
                role={item.kind === 'error' ? 'alert' : 'status'}
                className={`flex items-center gap-2 rounded-md border px-3 py-1 ${STYLES[item.kind]}`}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                <p className="flex-1 text-sm">{item.text}</p>
                <button
                  type="button"
                  onClick={() => dismiss(item.id)}
                  className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded hover:bg-black/5"
                  aria-label={t('notifications.dismiss')}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
