import { presentProviderFields } from '../../accounts/server';
import type { AdminUser, AdminUserType } from '../admin.schema';
import type { AdminUserRow } from './admin-users.repo';

/**
 * A client or provider with the security cell's data: `lock_until` only while the lock runs (an
 * expired lock is no lock), and the failed attempts counted so far.
 */
export function presentAdminUser({ user, client, provider }: AdminUserRow): AdminUser {
  const lockUntil = user.lockUntil && user.lockUntil.getTime() > Date.now() ? user.lockUntil : null;
  return {
    id: user.id,
    role: user.role as AdminUserType,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerified,
    account_status: user.accountStatus,
    failed_login_attempts: user.failedLoginAttempts,
    lock_until: lockUntil ? lockUntil.toISOString() : null,
    is_locked: lockUntil !== null,
    created_at: user.createdAt.toISOString(),
    phone_number: user.role === 'client' ? (client?.phoneNumber ?? null) : null,
    provider: user.role === 'provider' && provider ? presentProviderFields(provider) : null,
  };
}
