import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/database';
import { sessions } from '../../src/server/db/schema';
import { hashToken } from '../../src/features/accounts/server/sessions';

/**
 * A live session for a user made by a factory, as sign-in would leave it: the `sid` cookie's
 * value. For tests about what comes after sign-in (no password hashing, no rate limit spent).
 */
export async function sessionCookieFor(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return token;
}
