import { describe, expect, it } from 'vitest';
import {
  canEditClientProfile,
  canEditProviderProfile,
  canReenable,
  isAdministratorOrSelf,
  signInAccess,
} from './accounts.policy';

const me = { id: 'u1', role: 'client' as const };
const admin = { id: 'a1', role: 'administrator' as const };
const provider = { id: 'p1', role: 'provider' as const };

describe('accounts policy', () => {
  it('lets an administrator or the person themself act on an account', () => {
    expect(isAdministratorOrSelf(me, 'u1')).toBe(true);
    expect(isAdministratorOrSelf(admin, 'u1')).toBe(true);
    expect(isAdministratorOrSelf(provider, 'u1')).toBe(false);
    expect(isAdministratorOrSelf(undefined, 'u1')).toBe(false);
  });

  it('gives each role only its own profile form', () => {
    expect([me, provider, admin].map(canEditClientProfile)).toEqual([true, false, false]);
    expect([me, provider, admin].map(canEditProviderProfile)).toEqual([false, true, false]);
  });

  it('lets only the owner turn a self-disabled account back on', () => {
    const self = { accountStatus: 'disabled' as const, disabledBy: 'self' };
    const byAdmin = { accountStatus: 'disabled' as const, disabledBy: 'administrator' };
    expect(signInAccess({ accountStatus: 'active', disabledBy: null })).toBe('allowed');
    expect(signInAccess(self)).toBe('disabled_by_self');
    expect(signInAccess(byAdmin)).toBe('disabled');
    expect(signInAccess({ accountStatus: 'suspended', disabledBy: null })).toBe('disabled');
    expect(canReenable(self)).toBe(true);
    expect(canReenable(byAdmin)).toBe(false);
  });
});
