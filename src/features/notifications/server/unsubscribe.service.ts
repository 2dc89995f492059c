import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { findUserById, holdAccount } from '../../accounts/server';
import { turnOffEmail } from './preferences.service';
import type { UnsubscribableType } from './unsubscribe.page';
import { readUnsubscribeToken } from './unsubscribe-link';

const invalidLink = () =>
  new AppError('invalid_token', 'This unsubscribe link is not valid or has expired.');

/**
 * Whom an unsubscribe link names and which type's mail, for its page (GET): a link we did not
 * sign, that expired, or whose person is gone is refused (400 invalid_token). Reads only.
 */
export async function unsubscribeTarget(ctx: ServerContext, token: string | undefined) {
  const named = readUnsubscribeToken(ctx, token);
  const user = named && (await findUserById(ctx.db, named.userId));
  if (!named || !user) throw invalidLink();
  return { user, type: named.type as UnsubscribableType };
}

/**
 * The one-click unsubscribe (RFC 8058, POST): turns off the mail of the type the link names, for
 * the person it names, with no session. Doing it again changes nothing more. A bad link is
 * refused as on its page, and nothing changes.
 */
export async function unsubscribe(ctx: ServerContext, token: string | undefined) {
  const named = readUnsubscribeToken(ctx, token);
  if (!named) throw invalidLink();
  const user = await ctx.db.transaction(async (tx) => {
    // The account is held until the commit: one being deleted now is answered as gone.
    if (!(await holdAccount(tx, named.userId))) return undefined;
    const person = await findUserById(tx, named.userId);
    if (!person) return undefined;
    await turnOffEmail(tx, person.id, named.type);
    return person;
  });
  if (!user) throw invalidLink();
  await ctx.writeAudit({
    action: 'notifications.unsubscribe',
    outcome: 'success',
    actorType: user.role,
    actorId: user.id,
    targetUserId: user.id,
    message: `${named.type} mail turned off by its unsubscribe link`,
  });
  return { user, type: named.type as UnsubscribableType };
}
