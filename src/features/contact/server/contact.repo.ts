import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { contactMessages } from './tables';

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(
  db: Db | Tx,
  message: NewContactMessage,
): Promise<string> {
  const [stored] = await db
    .insert(contactMessages)
    .values(message)
    .returning({ id: contactMessages.id });
  return stored!.id;
}

export async function markContactMessageDelivered(db: Db, id: string): Promise<void> {
  await db
    .update(contactMessages)
    .set({ deliveredAt: new Date() })
    .where(eq(contactMessages.id, id));
}
