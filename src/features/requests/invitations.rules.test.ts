import { describe, expect, it } from 'vitest';
import type { Actor } from '../../shared/actor';
import {
  categoriesOf,
  inviteRefusal,
  MAX_INVITATIONS_PER_REQUEST,
  type InvitationFacts,
} from './invitations.rules';

const NOW = new Date('2026-12-05T12:00:00Z');
const client: Actor = { id: 'client-1', role: 'client' };

const facts = (changes: Partial<InvitationFacts> = {}): InvitationFacts => ({
  request: {
    clientId: client.id,
    status: 'OPEN',
    bidsUntil: new Date('2026-12-10T12:00:00Z'),
    clientActive: true,
    category: 'plumbing',
  },
  provider: { accountStatus: 'active', categories: ['plumbing', 'heating_gas_sanitary'] },
  invitedCount: 0,
  alreadyInvited: false,
  providerHasBid: false,
  ...changes,
});

describe('who may be invited to bid', () => {
  it('lets the client of an open request invite an active provider of its category', () => {
    expect(inviteRefusal(client, facts(), NOW)).toBeNull();
  });

  it('is for clients only, and for the request’s own client', () => {
    expect(inviteRefusal({ id: 'p', role: 'provider' }, facts(), NOW)).toBe('client_only');
    expect(inviteRefusal({ id: 'a', role: 'administrator' }, facts(), NOW)).toBe('client_only');
    expect(inviteRefusal({ id: 'other', role: 'client' }, facts(), NOW)).toBe(
      'insufficient_permissions',
    );
    const closed = facts({ request: { ...facts().request, status: 'ASSIGNED' } });
    expect(inviteRefusal({ id: 'other', role: 'client' }, closed, NOW)).toBe('request_not_found');
  });

  it('refuses a request that takes no bids', () => {
    for (const status of ['ASSIGNED', 'CANCELLED', 'EXPIRED', 'COMPLETED'] as const) {
      const request = { ...facts().request, status };
      expect(inviteRefusal(client, facts({ request }), NOW)).toBe('request_not_open');
    }
    const late = { ...facts().request, bidsUntil: new Date('2026-12-05T11:59:00Z') };
    expect(inviteRefusal(client, facts({ request: late }), NOW)).toBe('request_not_open');
  });

  it('refuses a disabled provider and one of other trades, with their reasons', () => {
    const disabled = { accountStatus: 'disabled' as const, categories: ['plumbing' as const] };
    expect(inviteRefusal(client, facts({ provider: disabled }), NOW)).toBe('provider_unavailable');
    const painter = { accountStatus: 'active' as const, categories: ['painting' as const] };
    expect(inviteRefusal(client, facts({ provider: painter }), NOW)).toBe('category_mismatch');
  });

  it('invites once, not a provider who bid, and at most ten a request', () => {
    expect(inviteRefusal(client, facts({ alreadyInvited: true }), NOW)).toBe('already_invited');
    expect(inviteRefusal(client, facts({ providerHasBid: true }), NOW)).toBe('already_bid');
    expect(MAX_INVITATIONS_PER_REQUEST).toBe(10);
    expect(inviteRefusal(client, facts({ invitedCount: 9 }), NOW)).toBeNull();
    expect(inviteRefusal(client, facts({ invitedCount: 10 }), NOW)).toBe(
      'invitation_limit_reached',
    );
  });

  it('reads a provider’s trade and service area as one list', () => {
    expect(
      categoriesOf({
        serviceCategory: 'plumbing',
        serviceCategories: ['plumbing', 'heating_gas_sanitary'],
      }),
    ).toEqual(['plumbing', 'heating_gas_sanitary']);
    expect(categoriesOf({ serviceCategory: null, serviceCategories: null })).toEqual([]);
  });
});
