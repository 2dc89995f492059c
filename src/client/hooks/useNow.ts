import { useEffect, useState } from 'react';

/**
 * The time now, moving on every `everyMs` (a minute by default), so that what a page says of it
 * ("2 min ago", "today") does not stay put while the page is open.
 */
export function useNow(everyMs = 60_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
