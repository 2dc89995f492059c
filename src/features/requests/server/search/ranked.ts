import type { Db } from '../../../../server/db/database';
import { readLastOf } from '../../../../server/db/direct';
import { cardOf } from '../cards';

/**
 * A page of two lists shown one after the other (the named categories' requests, then the other
 * matches), each read newest first with its own plan. The second is read only when the page
 * reaches past the first; where the first ends is known from its page, or counted when the page
 * starts past its end.
 */
export async function readRanked(
  db: Db,
  limit: number,
  offset: number,
  lists: {
    first: (offset: number, limit: number) => string;
    countFirst: (upTo: number) => string;
    then: (offset: number, limit: number) => string;
  },
) {
  const first = await readLastOf(db, lists.first(offset, limit), cardOf);
  if (first.length === limit) return first;
  let firstTotal = offset + first.length;
  if (first.length === 0 && offset > 0) {
    const [row] = await readLastOf<{ n: number }>(db, lists.countFirst(offset));
    firstTotal = row?.n ?? 0;
  }
  const then = await readLastOf(
    db,
    lists.then(Math.max(0, offset - firstTotal), limit - first.length),
    cardOf,
  );
  return [...first, ...then];
}
