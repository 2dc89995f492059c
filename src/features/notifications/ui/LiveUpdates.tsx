import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../accounts/ui/session';

/**
 * One live stream per tab for a signed-in person, mounted once in the app shell
 * (live-connection.ts). Its code loads only once someone is signed in, so a visitor's pages
 * carry none of it; a new person (or none) is a new stream.
 */
export function LiveUpdates() {
  const { user, refresh } = useSession();
  const userId = user?.id;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let close: (() => void) | undefined;
    let ended = false;
    import('./live-connection')
      .then(({ openLiveConnection }) => {
        if (ended) return;
        close = openLiveConnection({
          queryClient,
          stillSignedIn: async () => Boolean(await refresh()),
        });
      })
      // Without its code (a dropped connection, a new release) the page works, only not live.
      .catch(() => undefined);
    return () => {
      ended = true;
      close?.();
    };
  }, [userId, queryClient, refresh]);

  return null;
}
