import type { ServerContext } from '../context';
import { AppError } from '../errors';
import type { Actor } from '../../shared/actor';
import { eurosToCents } from '../../shared/format';
import {
  setAccountStatusByAdministrator,
  unlockSignIn,
  writeClientProfile,
  writeProviderProfile,
} from '../../features/accounts/server';
import {
  adminClientEdit,
  adminProviderEdit,
  type AdminUserType,
} from '../../features/admin/admin.schema';
import {
  accountRemovalRefusal,
  countActiveAdministrators,
  findUser,
  isAdministrator,
  listUsers,
  type AdminUserRow,
} from '../../features/admin/server';
import { deleteAccount } from './delete-account';

const MESSAGES = {
  insufficient_permissions: 'Insufficient permissions.',
  cannot_change_own_account: 'You cannot disable or delete your own account.',
  last_administrator: 'The last active administrator cannot be disabled or deleted.',
} as const;

function assertAdministrator(actor: Actor) {
  if (!isAdministrator(actor))
    throw new AppError('insufficient_permissions', MESSAGES.insufficient_permissions);
}

/**
 * The account the path names, of the role the path names: `/admin/users/client/<a provider's id>`
 * is as unknown as an id nobody has.
 */
async function targetOf(ctx: ServerContext, actor: Actor, role: AdminUserType, id: string) {
  assertAdministrator(actor);
  const found = await findUser(ctx.db, id);
  if (!found || found.user.role !== role) throw new AppError('user_not_found', 'User not found.');
  return found;
}

/** One audit entry per administrator action: ids and plain words, no names or addresses. */
function audit(
  ctx: ServerContext,
  actor: Actor,
  target: AdminUserRow,
  action: string,
  outcome: 'success' | 'failure',
  message: string,
) {
  return ctx.writeAudit({
    action,
    outcome,
    actorType: 'administrator',
    actorId: actor.id,
    targetType: target.user.role,
    targetUserId: target.user.id,
    message,
  });
}

/**
 * Email addresses and phone numbers in an administrator's words, replaced before they are kept in
 * the audit trail. A phone number is a run of digits with the usual separators: seven digits or
 * more after a plus sign, nine or more without one (so a date such as 2026-11-01 stays).
 */
export const withoutContactDetails = (text: string) =>
  text
    .replace(/\S+@\S+/g, '[email]')
    .replace(/\+?\d[\d\s()./-]*\d/g, (run) =>
      run.replace(/\D/g, '').length >= (run.startsWith('+') ? 7 : 9) ? '[phone]' : run,
    );

export async function listUsersForAdministrator(
  ctx: ServerContext,
  actor: Actor,
  query: Parameters<typeof listUsers>[1],
) {
  assertAdministrator(actor);
  return listUsers(ctx.db, query);
}

export async function userForAdministrator(
  ctx: ServerContext,
  actor: Actor,
  role: AdminUserType,
  id: string,
) {
  return targetOf(ctx, actor, role, id);
}

/**
 * Corrects a client's or provider's profile with the console's rules (accounts spec §5 "Admin
 * provider edit"): the body is checked against the role's own schema, so a client's edit cannot
 * set a provider's fields.
 */
export async function editUser(
  ctx: ServerContext,
  actor: Actor,
  role: AdminUserType,
  id: string,
  body: unknown,
) {
  const target = await targetOf(ctx, actor, role, id);
  let fields: string[];
  if (role === 'client') {
    const input = adminClientEdit.parse(body);
    await ctx.db.transaction((tx) =>
      writeClientProfile(tx, id, input.name, input.phone_number ?? null),
    );
    fields = Object.keys(input);
  } else {
    const input = adminProviderEdit.parse(body);
    await ctx.db.transaction((tx) =>
      writeProviderProfile(tx, id, input.name, {
        contactEmail: input.contact_email,
        contactPhone: input.contact_phone ?? null,
        bio: input.bio ?? null,
        serviceCategory: input.service_category ?? null,
        location: input.location ?? null,
        hourlyRateCents: eurosToCents(input.hourly_rate),
        experienceYears: input.experience_years,
        availability: input.availability ?? null,
        website: input.website ?? null,
        credits: input.credits,
      }),
    );
    fields = Object.keys(input);
  }
  await audit(
    ctx,
    actor,
    target,
    'admin.user.update',
    'success',
    `profile saved (${fields.join(', ')})`,
  );
  return targetOf(ctx, actor, role, id);
}

/** Refuses (and records) disabling or deleting oneself or the last active administrator. */
async function assertRemovable(
  ctx: ServerContext,
  actor: Actor,
  target: AdminUserRow,
  action: string,
) {
  const activeAdministrators =
    target.user.role === 'administrator' ? await countActiveAdministrators(ctx.db) : 0;
  const refusal = accountRemovalRefusal(actor, target.user, activeAdministrators);
  if (!refusal) return;
  await audit(ctx, actor, target, action, 'failure', `refused: ${refusal}`);
  throw new AppError(refusal, MESSAGES[refusal]);
}

/**
 * Turns an account on or off. Turning it off deletes its sessions at once (the person is signed
 * out on every device, and re-enabling revives none of them).
 */
export async function setUserStatus(
  ctx: ServerContext,
  actor: Actor,
  role: AdminUserType,
  id: string,
  status: 'active' | 'disabled',
) {
  const target = await targetOf(ctx, actor, role, id);
  const action = status === 'disabled' ? 'admin.user.disable' : 'admin.user.enable';
  if (status === 'disabled') await assertRemovable(ctx, actor, target, action);
  const changed = await setAccountStatusByAdministrator(ctx.db, id, status);
  await audit(
    ctx,
    actor,
    target,
    action,
    'success',
    `${target.user.accountStatus} → ${status}${changed ? '' : ' (unchanged)'}; sessions ended`,
  );
  return targetOf(ctx, actor, role, id);
}

/**
 * Deletes the account exactly as its owner's own deletion does (data, sessions, files; a
 * provider's unfinished hires reopen), keeping the reason in the audit entry without contact details.
 */
export async function deleteUser(
  ctx: ServerContext,
  actor: Actor,
  role: AdminUserType,
  id: string,
  reason: string,
) {
  const target = await targetOf(ctx, actor, role, id);
  await assertRemovable(ctx, actor, target, 'account.delete');
  await deleteAccount(ctx, actor, id, `reason: ${withoutContactDetails(reason)}`);
}

/** Lifts a sign-in lock and forgets the failed attempts. */
export async function unlockUser(
  ctx: ServerContext,
  actor: Actor,
  role: AdminUserType,
  id: string,
) {
  const target = await targetOf(ctx, actor, role, id);
  await unlockSignIn(ctx.db, id);
  await audit(
    ctx,
    actor,
    target,
    'admin.user.unlock',
    'success',
    `unlocked; ${target.user.failedLoginAttempts} failed attempt(s) cleared`,
  );
  return targetOf(ctx, actor, role, id);
}
