import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../../../server/db/types';
import { LIVE_CHANGE_KINDS, type LiveChange } from '../../live.schema';

/** The PostgreSQL channel every instance LISTENs on for the live streams. */
export const LIVE_CHANNEL = 'majstri_live';

/**
 * What travels between instances: who should hear, and of what, by ids only (never a body, never
 * a contact). A stream's instance reads the notification itself from the database.
 */
export type LiveSignal =
  { users: string[]; notificationId: number } | { users: string[]; change: LiveChange };

/** NOTIFY payloads stay under 8000 bytes: a signal for many people is sent in parts of this size. */
const USERS_PER_PAYLOAD = 100;

const wire = z.union([
  z.object({ u: z.array(z.uuid()).min(1), n: z.number().int().positive() }),
  z.object({ u: z.array(z.uuid()).min(1), k: z.enum(LIVE_CHANGE_KINDS), i: z.uuid() }),
]);

/** The payloads of one signal, each small enough for NOTIFY. */
export function encodeSignal(signal: LiveSignal): string[] {
  const users = [...new Set(signal.users)];
  const payloads: string[] = [];
  for (let from = 0; from < users.length; from += USERS_PER_PAYLOAD) {
    const u = users.slice(from, from + USERS_PER_PAYLOAD);
    payloads.push(
      JSON.stringify(
        'notificationId' in signal
          ? { u, n: signal.notificationId }
          : { u, k: signal.change.kind, i: signal.change.id },
      ),
    );
  }
  return payloads;
}

/** A payload read from the channel, or undefined when it is not one of ours. */
export function decodeSignal(payload: string | undefined): LiveSignal | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload ?? '');
  } catch {
    return undefined;
  }
  const checked = wire.safeParse(parsed);
  if (!checked.success) return undefined;
  const data = checked.data;
  return 'n' in data
    ? { users: data.u, notificationId: data.n }
    : { users: data.u, change: { kind: data.k, id: data.i } };
}

/**
 * Tells every instance, through the publisher's transaction: PostgreSQL delivers a NOTIFY only
 * when its transaction commits, so nobody hears of a change that rolled back.
 */
export async function sendLiveSignal(tx: Db | Tx, signal: LiveSignal): Promise<void> {
  for (const payload of encodeSignal(signal)) {
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
  }
}
