import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../../server/db/types';

/** The PostgreSQL channel every instance listens on for what its open streams must hear. */
export const LIVE_CHANNEL = 'majstri_live';

/**
 * What one change tells the streams of these people: ids only, never bodies (a stream reads the
 * notification itself, as its reader may see it). `notification` carries the new notification's
 * id; `changed` names the thing an open page should fetch again.
 */
export type LiveSignal =
  | { to: string[]; event: 'notification'; id: number }
  | { to: string[]; event: 'changed'; kind: 'work_request' | 'bid'; id: string };

/**
 * Sends the signal through the transaction of the change: PostgreSQL delivers a NOTIFY only when
 * its transaction commits, to every instance listening, so no stream hears of a change that
 * rolled back and every instance hears of one that committed.
 */
export async function signalLive(tx: Db | Tx, signal: LiveSignal) {
  const to = [...new Set(signal.to)];
  if (to.length === 0) return;
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ ...signal, to })})`);
}
