/**
 * Work that many requests may ask for at once, done once: while a piece of work for a key is
 * under way, a second request for it waits for the same answer instead of starting its own (per
 * database, through a WeakMap, like remembered.ts). When a remembered answer expires, the
 * requests that arrive together for it then cost one query, not one each.
 */
export function sharedWhileRunning<Value>() {
  const running = new WeakMap<object, Map<string, Promise<Value>>>();
  return (database: object, key: string, start: () => Promise<Value>): Promise<Value> => {
    let underWay = running.get(database);
    if (!underWay) running.set(database, (underWay = new Map()));
    const joined = underWay.get(key);
    if (joined) return joined;
    const map = underWay;
    const work = start().finally(() => map.delete(key));
    map.set(key, work);
    return work;
  };
}
