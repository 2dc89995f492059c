import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { api, ApiError } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { changeLanguage, currentLanguage } from '../../../client/i18n/i18n';
import type { AccountUser } from '../accounts.schema';

export type SessionUser = CamelCased<AccountUser>;
export type SessionStatus = 'loading' | 'online' | 'offline';

interface Session {
  status: SessionStatus;
  user: SessionUser | undefined;
  /** Asks the server again (after sign-in, Google return, profile changes). */
  refresh(): Promise<SessionUser | undefined>;
  /** Signs out on the server; local state is cleared even if that call fails (spec accounts §4). */
  signOut(): Promise<void>;
  /** Puts a session answer in place without another round trip. */
  setUser(user: SessionUser | undefined): void;
}

const SessionContext = createContext<Session | null>(null);
const SESSION_KEY = ['session'];

const hasSessionMarker = () =>
  document.cookie.split('; ').some((part) => part.startsWith('has_session='));

async function fetchSession(): Promise<SessionUser | null> {
  // Spec accounts §4: the session is checked only when the has_session marker exists.
  if (!hasSessionMarker()) return null;
  try {
    return (await api<{ user: SessionUser }>('/auth/session')).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: fetchSession,
    staleTime: Infinity,
    retry: false,
  });
  const user = query.data ?? undefined;

  // The language saved on the account wins once the session is known.
  useEffect(() => {
    if (user && user.preferredLanguage !== currentLanguage())
      void changeLanguage(user.preferredLanguage);
  }, [user]);

  const setUser = useCallback(
    (next: SessionUser | undefined) => queryClient.setQueryData(SESSION_KEY, next ?? null),
    [queryClient],
  );
  const refresh = useCallback(async () => {
    const next = await queryClient.fetchQuery({
      queryKey: SESSION_KEY,
      queryFn: fetchSession,
      staleTime: 0,
    });
    return next ?? undefined;
  }, [queryClient]);
  const signOut = useCallback(async () => {
    try {
      await api('/auth/logout', { method: 'POST' });
    } finally {
      queryClient.setQueryData(SESSION_KEY, null);
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'health',
      });
    }
  }, [queryClient]);

  const status: SessionStatus = query.isPending ? 'loading' : user ? 'online' : 'offline';
  const value = useMemo(
    () => ({ status, user, refresh, signOut, setUser }),
    [status, user, refresh, signOut, setUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession outside SessionProvider');
  return context;
}
