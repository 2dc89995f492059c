import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import type { NotificationType } from '../../../shared/notification-types';
import type { ChannelChoice } from '../preferences.schema';
import { notificationPreferences } from './tables';

const choice = {
  type: notificationPreferences.type,
  email: notificationPreferences.email,
  push: notificationPreferences.push,
};

/** The person's stored choices (types without a row have both channels on). */
export function storedChoicesOf(db: Db | Tx, userId: string) {
  return db
    .select(choice)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

/** The person's stored choice for one type, if any. */
export async function storedChoiceOf(db: Db | Tx, userId: string, type: NotificationType) {
  const [row] = await db
    .select(choice)
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
  return row;
}

/** Stores the person's choice for each given type, replacing what was there. */
export async function writeChoices(
  tx: Db | Tx,
  userId: string,
  choices: { type: NotificationType; email: boolean; push: boolean }[],
) {
  if (choices.length === 0) return;
  await tx
    .insert(notificationPreferences)
    .values(choices.map((row) => ({ userId, ...row })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { email: sql`excluded.email`, push: sql`excluded.push` },
    });
}

/** Sets one channel of these types, keeping the other as it was (on, without a row). */
export async function writeEmailChoice(
  tx: Db | Tx,
  userId: string,
  types: readonly NotificationType[],
  email: boolean,
) {
  if (types.length === 0) return;
  await tx
    .insert(notificationPreferences)
    .values(types.map((type) => ({ userId, type, email, push: true })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { email },
    });
}

export type StoredChoice = ChannelChoice & { type: string };
