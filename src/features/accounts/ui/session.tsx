import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { changeLanguage, currentLanguage } from '../../../client/i18n/i18n';
import { accountKeys, fetchSession, type SessionUser } from './accounts.api';

export type { SessionUser } from './accounts.api';
/** `ended`: someone was signed in earlier in this visit and no longer is (signed out, disabled, deleted). */
export type SessionStatus = 'loading' | 'online' | 'offline' | 'ended';

interface Session {
  status: SessionStatus;
  user: SessionUser | undefined;
  /** Asks the server again (after the Google return). */
  refresh(): Promise<SessionUser | undefined>;
}

const SessionContext = createContext<Session | null>(null);

/** The signed-in person, from the one session entry that sign-in, sign-out and profile writes update. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: accountKeys.session(),
    queryFn: fetchSession,
    staleTime: Infinity,
    retry: false,
  });
  const user = query.data ?? undefined;
  const [seenUser, setSeenUser] = useState(false);
  if (user && !seenUser) setSeenUser(true);

  // The language saved on the account wins once the session is known.
  useEffect(() => {
    if (user && user.preferredLanguage !== currentLanguage())
      void changeLanguage(user.preferredLanguage);
  }, [user]);

  const refresh = useCallback(async () => {
    const next = await queryClient.fetchQuery({
      queryKey: accountKeys.session(),
      queryFn: fetchSession,
      staleTime: 0,
    });
    return next ?? undefined;
  }, [queryClient]);

  const status: SessionStatus = query.isPending
    ? 'loading'
    : user
      ? 'online'
      : seenUser
        ? 'ended'
        : 'offline';
  const value = useMemo(() => ({ status, user, refresh }), [status, user, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession outside SessionProvider');
  return context;
}
