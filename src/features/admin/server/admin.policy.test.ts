import { describe, expect, it } from 'vitest';
import { accountRemovalRefusal, adminAccessRefusal } from './admin.policy';

const admin = { id: 'a1', role: 'administrator' as const };

describe('admin policy', () => {
  it('lets only administrators in: visitors 401, others 403', () => {
    expect(adminAccessRefusal(undefined)).toBe('not_authenticated');
    expect(adminAccessRefusal({ id: 'c', role: 'client' })).toBe('insufficient_permissions');
    expect(adminAccessRefusal({ id: 'p', role: 'provider' })).toBe('insufficient_permissions');
    expect(adminAccessRefusal(admin)).toBeNull();
  });

  it('refuses disabling or deleting oneself', () => {
    expect(
      accountRemovalRefusal(admin, { id: 'a1', role: 'administrator', accountStatus: 'active' }, 3),
    ).toBe('cannot_change_own_account');
  });

  it('refuses the last active administrator, allows one of several', () => {
    const other = { id: 'a2', role: 'administrator' as const, accountStatus: 'active' as const };
    expect(accountRemovalRefusal(admin, other, 1)).toBe('last_administrator');
    expect(accountRemovalRefusal(admin, other, 2)).toBeNull();
    // A disabled administrator is not the one keeping the console running.
    expect(accountRemovalRefusal(admin, { ...other, accountStatus: 'disabled' }, 1)).toBeNull();
  });

  it('allows clients and providers, and refuses non-administrators', () => {
    const client = { id: 'c1', role: 'client' as const, accountStatus: 'active' as const };
    expect(accountRemovalRefusal(admin, client, 1)).toBeNull();
    expect(accountRemovalRefusal({ id: 'p1', role: 'provider' }, client, 1)).toBe(
      'insufficient_permissions',
    );
  });
});
