import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import { emailVerificationTokens, passwordResetTokens } from './tables';
import { hashToken } from './sessions';

/** Single-use tokens sent by mail: random, stored only as a hash, each with its lifetime. */
const KINDS = {
  verification: { table: emailVerificationTokens, ttlMs: 24 * 60 * 60 * 1000 },
  reset: { table: passwordResetTokens, ttlMs: 60 * 60 * 1000 },
} as const;

export type MailTokenKind = keyof typeof KINDS;

/** Issues a new token; earlier unused tokens of the same kind stop working. */
export async function issueMailToken(
  db: Db | Tx,
  kind: MailTokenKind,
  userId: string,
): Promise<string> {
  const { table, ttlMs } = KINDS[kind];
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(table).where(and(eq(table.userId, userId), isNull(table.usedAt)));
    await tx
      .insert(table)
      .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + ttlMs) });
  });
  return token;
}

/** `used` and `expired` still name the account the token was made for: only its holder knows it. */
export type TokenCheck =
  { status: 'valid' | 'used' | 'expired'; userId: string } | { status: 'invalid' };

/** What a token is worth, without using it. */
export async function checkMailToken(
  db: Db,
  kind: MailTokenKind,
  token: string,
): Promise<TokenCheck> {
  const { table } = KINDS[kind];
  const [row] = await db
    .select()
    .from(table)
    .where(eq(table.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { status: 'invalid' };
  if (row.usedAt) return { status: 'used', userId: row.userId };
  if (row.expiresAt.getTime() < Date.now()) return { status: 'expired', userId: row.userId };
  return { status: 'valid', userId: row.userId };
}

/** Uses a token once: of two simultaneous uses, only one succeeds. */
export async function consumeMailToken(
  db: Db,
  kind: MailTokenKind,
  token: string,
): Promise<TokenCheck> {
  const checked = await checkMailToken(db, kind, token);
  if (checked.status !== 'valid') return checked;
  const { table } = KINDS[kind];
  const used = await db
    .update(table)
    .set({ usedAt: new Date() })
    .where(and(eq(table.tokenHash, hashToken(token)), isNull(table.usedAt)))
    .returning({ userId: table.userId });
  // The other of two simultaneous uses finds it used.
  return used[0]
    ? { status: 'valid', userId: used[0].userId }
    : { status: 'used', userId: checked.userId };
}
